/*
 * The dpp view's 'Verified by' check (decision 047), run by the enhancement script: the passport
 * credential (compact JWS, application/vc+jwt) is checked against the issuer's DID document with
 * WebCrypto's Ed25519, and its subject must be the product and version the page shows. Any doubt
 * answers null: the page never claims a check it did not make. No dependencies (first-load budget).
 */

export interface ExpectedSubject {
  /** The product's Digital Link as the page shows it (without a serial). */
  digitalLink: string;
  version: number;
}

interface Jwk {
  kty?: string;
  crv?: string;
  x?: string;
}

export interface DidDocument {
  id?: string;
  verificationMethod?: { id?: string; publicKeyJwk?: Jwk }[];
  assertionMethod?: (string | { id?: string })[];
}

function base64url(input: string): Uint8Array<ArrayBuffer> {
  const base64 = input.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(input.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const json = (part: string): unknown => JSON.parse(new TextDecoder().decode(base64url(part)));

/** The DID a `kid` (`did:web:…#key`) names. */
export const didOfKid = (kid: string) => kid.split('#')[0] ?? '';

/** Where a did:web document lives, as a path (the page fetches it from its own origin, the gateway). */
export function didDocumentPath(did: string): string | null {
  const match = /^did:web:([^:]+)((?::[^:]+)*)$/.exec(did);
  if (!match) return null;
  const segments = (match[2] ?? '').split(':').filter(Boolean).map(decodeURIComponent);
  return segments.length > 0 ? `/${segments.map(encodeURIComponent).join('/')}/did.json` : '/.well-known/did.json';
}

/** The path part of a Digital Link (`/01/…`), to compare links written with different hosts. */
const pathOf = (link: string) => {
  try {
    return new URL(link, 'http://x.invalid').pathname.replace(/\/+$/, '');
  } catch {
    return null;
  }
};

/**
 * Verifies a compact JWS passport credential. Answers the issuer's name when the signature checks with
 * an assertion key of the issuer's DID document and the subject is the expected product and version;
 * null otherwise.
 */
export async function verifyPassportCredential(
  jws: string,
  didDocument: DidDocument,
  expected: ExpectedSubject,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<string | null> {
  try {
    const parts = jws.trim().split('.');
    if (parts.length !== 3) return null;
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    const header = json(headerPart) as { alg?: unknown; kid?: unknown };
    if (header.alg !== 'EdDSA' || typeof header.kid !== 'string') return null;
    const kid = header.kid;
    const did = didOfKid(kid);
    if (!did || didDocument.id !== did) return null;
    const assertion = (didDocument.assertionMethod ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.id));
    if (!assertion.includes(kid)) return null;
    const method = (didDocument.verificationMethod ?? []).find((entry) => entry.id === kid);
    const jwk = method?.publicKeyJwk;
    if (!jwk || jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') return null;
    const key = await subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, { name: 'Ed25519' }, false, ['verify']);
    const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`);
    if (!(await subtle.verify({ name: 'Ed25519' }, key, base64url(signaturePart), signed))) return null;

    const payload = json(payloadPart) as {
      issuer?: { id?: unknown; name?: unknown } | string;
      credentialSubject?: { id?: unknown; product?: { id?: unknown } };
    };
    const issuer = typeof payload.issuer === 'string' ? { id: payload.issuer } : payload.issuer;
    if (!issuer || issuer.id !== did) return null;
    const subject = payload.credentialSubject;
    const subjectId = typeof subject?.id === 'string' ? subject.id : '';
    const productId = typeof subject?.product?.id === 'string' ? subject.product.id : '';
    const shown = pathOf(expected.digitalLink);
    if (!shown || pathOf(productId) !== shown) return null;
    const version = new URL(subjectId, 'http://x.invalid').searchParams.get('version');
    if (version !== String(expected.version)) return null;
    return typeof issuer.name === 'string' && issuer.name ? issuer.name : did;
  } catch {
    return null;
  }
}

/**
 * The page's part: for each hidden mark, fetch the credential of the shown version by the resolver
 * (same origin, `Accept: application/vc+jwt`) and the issuer's DID document, and reveal the mark only
 * when it verifies.
 */
export async function revealVerifiedMarks(root: ParentNode): Promise<void> {
  for (const mark of root.querySelectorAll<HTMLElement>('[data-dpp-verify]')) {
    const digitalLink = mark.dataset.digitalLink ?? '';
    const version = Number(mark.dataset.version);
    const path = pathOf(digitalLink);
    if (!path || !Number.isInteger(version)) continue;
    try {
      const answer = await fetch(`${path}?linkType=gs1:dpp&version=${version}`, { headers: { Accept: 'application/vc+jwt' } });
      if (!answer.ok) continue;
      const jws = await answer.text();
      const header = json(jws.split('.')[0] ?? '') as { kid?: unknown };
      const documentPath = typeof header.kid === 'string' ? didDocumentPath(didOfKid(header.kid)) : null;
      if (!documentPath) continue;
      const didAnswer = await fetch(documentPath, { headers: { Accept: 'application/did+json, application/json' } });
      if (!didAnswer.ok) continue;
      const issuer = await verifyPassportCredential(jws, (await didAnswer.json()) as DidDocument, { digitalLink, version });
      if (!issuer) continue;
      const name = mark.querySelector<HTMLElement>('[data-dpp-issuer]');
      if (name) name.textContent = issuer;
      mark.hidden = false;
    } catch {
      // Stays hidden: nothing is claimed without the check.
    }
  }
}
