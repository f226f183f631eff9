import { describe, expect, it } from 'vitest';
import { didDocumentQuery } from '../did.js';
import { wantsCredential } from './credential.js';
import { parseLinkTypeParameter } from './link-types.js';

describe('passport credential negotiation', () => {
  const dpp = parseLinkTypeParameter('gs1:dpp');

  it('answers credential clients of gs1:dpp (also in its URI form), never browsers or other link types', () => {
    expect(wantsCredential(dpp, 'application/vc+jwt')).toBe(true);
    expect(wantsCredential(dpp, 'application/ld+json')).toBe(true);
    expect(wantsCredential(dpp, 'application/vc+ld+json;q=0.9, application/json;q=0.1')).toBe(true);
    expect(wantsCredential(parseLinkTypeParameter('https://gs1.org/voc/dpp'), 'application/vc+jwt')).toBe(true);
    expect(wantsCredential(dpp, 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
    expect(wantsCredential(dpp, 'text/html, application/ld+json')).toBe(false);
    expect(wantsCredential(dpp, undefined)).toBe(false);
    expect(wantsCredential(dpp, 'application/json')).toBe(false);
    expect(wantsCredential(parseLinkTypeParameter('gs1:pip'), 'application/vc+jwt')).toBe(false);
    expect(wantsCredential(parseLinkTypeParameter('linkset'), 'application/ld+json')).toBe(false);
    expect(wantsCredential(null, 'application/vc+jwt')).toBe(false);
  });

  it('finds the document of a did:web DID as did:web resolves it', () => {
    expect(didDocumentQuery('did:web:localhost%3A3000:acme')).toBe('serviceName=acme');
    expect(didDocumentQuery('did:web:id.example.com:acme')).toBe('serviceName=acme');
    expect(didDocumentQuery('did:web:brand.example')).toBe('host=brand.example');
    expect(didDocumentQuery('did:web:localhost%3A3000')).toBe('host=localhost%3A3000');
    expect(didDocumentQuery('did:key:z6Mk')).toBeNull();
    expect(didDocumentQuery('did:web:%E0%A4%A')).toBeNull();
  });
});
