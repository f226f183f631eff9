import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import { gatewayErrors } from '../errors.js';

/*
 * The passports' issuer DID documents (did:web, decision 046): `/.well-known/did.json` of a host
 * (the company whose custom Digital Link domain it is, else the shared domain's own document) and
 * `/{serviceName}/did.json`, the document of `did:web:{shared host}:{serviceName}`. The API makes
 * them (`GET /api/internal/did`). Each replica keeps an answer for a short while; a credential the
 * resolver answers whose key the kept document does not list drops it (a rotation), so this
 * replica never serves a document older than the credentials it hands out.
 */

export interface DidDocuments {
  /** Drops the kept document of the DID of `kid` (`did:web:...#key`) unless it lists that key. */
  dropUnlessListed(kid: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    didDocuments: DidDocuments;
  }
}

export interface DidRoutesOptions {
  /** How long a document is reused by this replica and by clients. */
  cacheSeconds?: number;
}

export const DID_MEDIA_TYPE = 'application/did+json';
const DEFAULT_CACHE_SECONDS = 30;
const CACHE_MAX_ENTRIES = 1000;
const SERVICE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

const byServiceName = (serviceName: string) => `serviceName=${encodeURIComponent(serviceName)}`;
const byHost = (host: string) => `host=${encodeURIComponent(host.toLowerCase())}`;

/** The API query of a did:web DID's document: `did:web:host:acme` → serviceName=acme, `did:web:host` → host=host. */
export function didDocumentQuery(did: string): string | null {
  if (!did.startsWith('did:web:')) return null;
  const parts = did.slice('did:web:'.length).split(':');
  try {
    return parts.length === 1 ? byHost(decodeURIComponent(parts[0])) : byServiceName(decodeURIComponent(parts[parts.length - 1]));
  } catch {
    return null;
  }
}

export default fp<DidRoutesOptions>(
  async (app, options) => {
    const cacheSeconds = options.cacheSeconds ?? DEFAULT_CACHE_SECONDS;
    const cache = new Map<string, { json: string; until: number }>();

    app.decorate('didDocuments', {
      dropUnlessListed(kid) {
        const query = didDocumentQuery(kid.split('#', 1)[0]);
        const kept = query === null ? undefined : cache.get(query);
        if (query !== null && kept && !kept.json.includes(JSON.stringify(kid))) cache.delete(query);
      },
    } satisfies DidDocuments);

    async function documentAt(query: string): Promise<string | null> {
      const now = Date.now();
      const kept = cache.get(query);
      if (kept && kept.until > now) return kept.json;
      const response = await app.upstream.call('GET', `/api/internal/did?${query}`);
      if (response.status === 404 || response.status === 400) return null;
      if (response.status !== 200 || response.body === null) throw gatewayErrors.upstreamBadGateway(new Error(`DID document answered ${response.status}`));
      const json = JSON.stringify(response.body);
      if (cacheSeconds > 0) {
        if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
        cache.set(query, { json, until: now + cacheSeconds * 1000 });
      }
      return json;
    }

    async function answer(reply: FastifyReply, query: string) {
      const json = await documentAt(query);
      if (json === null) throw gatewayErrors.notFound();
      return reply
        .header('access-control-allow-origin', '*')
        .header('cache-control', `public, max-age=${cacheSeconds}`)
        .type(`${DID_MEDIA_TYPE}; charset=utf-8`)
        .send(json);
    }

    app.get('/.well-known/did.json', (request, reply) => answer(reply, byHost(request.host)));

    app.get<{ Params: { serviceName: string } }>('/:serviceName/did.json', (request, reply) => {
      const { serviceName } = request.params;
      if (!SERVICE_NAME.test(serviceName)) throw gatewayErrors.notFound();
      return answer(reply, byServiceName(serviceName));
    });
  },
  { name: 'did-documents', dependencies: ['upstream'] },
);
