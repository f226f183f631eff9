import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { queryParameterException } from './query-problem.js';

/*
 * `nextPageToken` of EPCIS 2.0 paging: an opaque, signed keyset position. It holds the sort key and
 * row id of the last item sent, how many items were sent so far (for eventCountLimit) and a
 * fingerprint of the query it belongs to, so a token is refused when altered or used with another query.
 */

export interface PagePosition {
  /** Sort key of the last item sent (a timestamp as text, or the item itself for discovery lists). */
  key: string;
  /** Row id of the last item sent (0 where the key alone is unique). */
  id: number;
  /** Items sent on the pages before. */
  sent: number;
}

interface TokenBody extends PagePosition {
  /** Fingerprint of the query. */
  q: string;
}

export interface PageTokens {
  sign(position: PagePosition, fingerprint: string): string;
  /** The position of a token made for this fingerprint; a QueryParameterException otherwise. */
  read(token: string, fingerprint: string): PagePosition;
}

/** A stable fingerprint of a query: what it is about (`scope`) and its parameters, in key order, paging left out. */
export function queryFingerprint(scope: string, params: Record<string, unknown>): string {
  const entries = Object.entries(params)
    .filter(([name, value]) => name !== 'perPage' && name !== 'nextPageToken' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify([scope, entries])).digest('base64url').slice(0, 16);
}

export function createPageTokens(secret: string): PageTokens {
  const key = createHash('sha256').update(`epcis-next-page-token:${secret}`).digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 16);
  return {
    sign(position, fingerprint) {
      const body = Buffer.from(JSON.stringify({ ...position, q: fingerprint } satisfies TokenBody)).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    read(token, fingerprint) {
      const invalid = () => queryParameterException('nextPageToken: not a token of this query (altered, or from another query or parameters)');
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined || token.length > 2000) throw invalid();
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      let parsed: Partial<TokenBody>;
      try {
        parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TokenBody>;
      } catch {
        throw invalid();
      }
      if (parsed.q !== fingerprint || typeof parsed.key !== 'string' || !Number.isSafeInteger(parsed.id) || !Number.isSafeInteger(parsed.sent)) throw invalid();
      return { key: parsed.key, id: parsed.id as number, sent: parsed.sent as number };
    },
  };
}
