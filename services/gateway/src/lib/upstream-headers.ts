import type { IncomingHttpHeaders } from 'node:http';
import { PLAN_USAGE_CHANGED_HEADER, RESOLVER_INVALIDATE_HEADER } from '@product-console/shared';

/**
 * The API's answer headers a browser may see: no cookies of the API's, none of the
 * connection-level headers, which describe the gateway-to-API connection, not the browser's
 * (a copied `keep-alive: timeout=72` would promise the browser longer than the gateway keeps it),
 * and not the API's cache instructions to the gateway (`x-resolver-invalidate`,
 * `x-plan-usage-changed`).
 */
export function headersForClient(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const {
    'set-cookie': _setCookie,
    connection: _connection,
    'keep-alive': _keepAlive,
    'transfer-encoding': _transferEncoding,
    [RESOLVER_INVALIDATE_HEADER]: _resolverInvalidate,
    [PLAN_USAGE_CHANGED_HEADER]: _planUsageChanged,
    ...kept
  } = headers;
  return kept;
}

/**
 * Removes, in place, the browser's request headers that must not reach the API: its cookies and
 * CSRF marker (the API knows only bearer tokens), any internal token and `Expect: 100-continue`, which the gateway has
 * already answered for the browser and which the HTTP client to the API refuses to send.
 */
export function stripRequestHeaders<T extends Record<string, string | string[] | undefined>>(headers: T): T {
  const forwarded = headers as Record<string, string | string[] | undefined>;
  forwarded.cookie = undefined;
  forwarded['x-csrf'] = undefined;
  forwarded.expect = undefined;
  // The gateway's own credential with the API; never one a browser chose.
  forwarded['x-internal-token'] = undefined;
  return headers;
}
