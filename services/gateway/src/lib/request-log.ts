import { requestLogFields, type RequestLogFields } from '@product-console/shared';
import { isUnder, routedPathOf } from './routed-path.js';

/*
 * The gateway's request log line (decisions 055 and 062): method, status and an address whose
 * credentials are redacted, from Fastify's answers and the resolver's fast path alike.
 *
 * The client's address is logged only beside calls made with a credential, where it is evidence of
 * who acted: the console's signed-in calls and sign-in (`/bff` but its public pass-through) and the
 * EPCIS clients' API keys. Everything else the gateway answers is public: a scan, a landing view
 * (with `?serial=`), a stored image, a DID document, the console's files. There, an address beside
 * the serial it scanned would tell where a shopper was; it is not logged at all.
 */

function callsWithCredential(url: string): boolean {
  const path = routedPathOf(url);
  if (path === null) return false;
  return (isUnder(path, '/bff') && !isUnder(path, '/bff/public')) || isUnder(path, '/epcis');
}

/** pino's `req` serializer: a Fastify request, or the fast path's `{ method, url }`. */
export function serializeRequest(request: { method?: string; url?: string; ip?: string }): RequestLogFields {
  return requestLogFields(request, request.url !== undefined && callsWithCredential(request.url));
}
