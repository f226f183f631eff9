import type { IncomingHttpHeaders } from 'node:http';

/**
 * The API's answer headers a browser may see: no cookies of the API's, none of the
 * connection-level headers, which describe the gateway-to-API connection, not the browser's
 * (a copied `keep-alive: timeout=72` would promise the browser longer than the gateway keeps it),
 * and not the API's resolver-cache instructions to the gateway (`x-resolver-invalidate`).
 */
export function headersForClient(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const {
    'set-cookie': _setCookie,
    connection: _connection,
    'keep-alive': _keepAlive,
    'transfer-encoding': _transferEncoding,
    'x-resolver-invalidate': _resolverInvalidate,
    ...kept
  } = headers;
  return kept;
}
