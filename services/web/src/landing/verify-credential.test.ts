import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { didDocumentPath, verifyPassportCredential, type DidDocument } from './verify-credential';

/*
 * The page's check of the passport credential: signed here with node:crypto (Ed25519, compact JWS as
 * the API issues it), verified by the function with WebCrypto (Node 20's crypto.subtle has Ed25519).
 */

const DID = 'did:web:id.acme.example:acme';
const KID = `${DID}#key-1`;
const LINK = 'https://id.acme.example/01/00614142000017';

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function keyPair() {
  return generateKeyPairSync('ed25519');
}

function didDocument(publicKey: KeyObject, kid = KID): DidDocument {
  const jwk = publicKey.export({ format: 'jwk' });
  return {
    id: DID,
    verificationMethod: [{ id: kid, publicKeyJwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x } }],
    assertionMethod: [kid],
  };
}

function credential(version = 3, link = LINK) {
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    type: ['VerifiableCredential', 'DigitalProductPassport'],
    issuer: { type: ['CredentialIssuer'], id: DID, name: 'Acme Corp' },
    validFrom: '2026-03-05T10:00:00.000Z',
    credentialSubject: { type: ['ProductPassport'], id: `${link}?linkType=gs1:dpp&version=${version}`, product: { id: link, name: 'Trail shoe' } },
  };
}

function jws(payload: unknown, privateKey: KeyObject, kid = KID) {
  const input = `${b64(JSON.stringify({ alg: 'EdDSA', kid, typ: 'vc+jwt', cty: 'vc' }))}.${b64(JSON.stringify(payload))}`;
  return `${input}.${b64(sign(null, Buffer.from(input), privateKey))}`;
}

describe('verifyPassportCredential', () => {
  const { publicKey, privateKey } = keyPair();
  const expected = { digitalLink: LINK, version: 3 };

  it('names the issuer of a credential signed by a key of its DID document, for the shown product and version', async () => {
    await expect(verifyPassportCredential(jws(credential(), privateKey), didDocument(publicKey), expected)).resolves.toBe('Acme Corp');
    // The page may show the link on another host; the product's path is what must match.
    await expect(
      verifyPassportCredential(jws(credential(), privateKey), didDocument(publicKey), { digitalLink: 'http://127.0.0.1:3000/01/00614142000017', version: 3 }),
    ).resolves.toBe('Acme Corp');
  });

  it('refuses a tampered credential', async () => {
    const token = jws(credential(), privateKey);
    const [header, , signature] = token.split('.');
    const tampered = { ...credential(), issuer: { ...credential().issuer, name: 'Someone else' } };
    await expect(verifyPassportCredential(`${header}.${b64(JSON.stringify(tampered))}.${signature}`, didDocument(publicKey), expected)).resolves.toBeNull();
    // A changed signature byte (the second-to-last character carries no padding bits).
    const flipped = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.slice(-1)}`;
    await expect(verifyPassportCredential(flipped, didDocument(publicKey), expected)).resolves.toBeNull();
  });

  it('refuses a credential signed by a key the DID document does not hold', async () => {
    const other = keyPair();
    await expect(verifyPassportCredential(jws(credential(), other.privateKey), didDocument(publicKey), expected)).resolves.toBeNull();
    // A key that is listed but not an assertion method does not count either.
    const document = { ...didDocument(publicKey), assertionMethod: [] };
    await expect(verifyPassportCredential(jws(credential(), privateKey), document, expected)).resolves.toBeNull();
    // Another DID's document.
    await expect(verifyPassportCredential(jws(credential(), privateKey), { ...didDocument(publicKey), id: 'did:web:evil.example' }, expected)).resolves.toBeNull();
  });

  it('refuses a genuine credential of another product or version than the page shows', async () => {
    const document = didDocument(publicKey);
    await expect(verifyPassportCredential(jws(credential(2), privateKey), document, expected)).resolves.toBeNull();
    await expect(verifyPassportCredential(jws(credential(3, 'https://id.acme.example/01/09506000134352'), privateKey), document, expected)).resolves.toBeNull();
    const foreignIssuer = { ...credential(), issuer: { id: 'did:web:other.example', name: 'Other' } };
    await expect(verifyPassportCredential(jws(foreignIssuer, privateKey), document, expected)).resolves.toBeNull();
  });

  it('refuses what is not a compact EdDSA JWS', async () => {
    const document = didDocument(publicKey);
    await expect(verifyPassportCredential('not a jws', document, expected)).resolves.toBeNull();
    const [, payload, signature] = jws(credential(), privateKey).split('.');
    await expect(verifyPassportCredential(`${b64(JSON.stringify({ alg: 'none', kid: KID }))}.${payload}.${signature}`, document, expected)).resolves.toBeNull();
  });
});

describe('didDocumentPath', () => {
  it('finds a did:web document under the path the DID names, or .well-known for a bare host', () => {
    expect(didDocumentPath('did:web:localhost%3A3000:acme')).toBe('/acme/did.json');
    expect(didDocumentPath('did:web:brand.example')).toBe('/.well-known/did.json');
    expect(didDocumentPath('did:key:z6Mk')).toBeNull();
  });
});
