/*
 * What neither service ever writes to a log line (decision 062). Secrets travel in page addresses
 * (a passport access link's `?access=`, an invitation's `?token=`, a reset link's path) and in
 * headers (the session cookie, bearer tokens, API keys, the internal token); a request log line
 * prints the address, and an error logged with its request may print headers. Both services build
 * their logger from these names: one request serializer that redacts the address, and pino's
 * `redact` for headers and any other `url` a log call carries.
 */

import { INTERNAL_TOKEN_HEADER, VISITOR_ADDRESS_HEADER } from './schemas/resolver.js';

export const REDACTED = '[redacted]';

/** Query parameters whose value is a credential, compared without regard to case. */
export const SECRET_QUERY_PARAMETERS: readonly string[] = ['access', 'token', 'code', 'key', 'apikey', 'api_key', 'password', 'secret', 'signature'];

/** Headers that carry a credential, in either direction. */
export const SECRET_HEADERS: readonly string[] = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', INTERNAL_TOKEN_HEADER, 'x-api-key'];

/** Headers that carry a client's address, which is not logged beside what it scanned (decision 055). */
export const ADDRESS_HEADERS: readonly string[] = ['x-forwarded-for', 'x-real-ip', 'forwarded', VISITOR_ADDRESS_HEADER];

const secretParameters = new Set(SECRET_QUERY_PARAMETERS);

/**
 * A path segment that is a credential: the token of a reset link, as the console's page
 * (`/reset-password/{userId}/{token}`, `/auth/reset-password/...`) and the API's check
 * (`/api/auth/password/reset/{userId}/{token}`, `/bff/public/auth/password/reset/...`) spell it.
 */
const SECRET_PATH = /(\/(?:reset-password|password\/reset)\/[^/]*\/)[^/]+/gi;

function decoded(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

function redactPath(path: string): string {
  // A spelling with escapes (`/reset%2Dpassword/...`) is matched, and then logged, decoded.
  const readable = decoded(path);
  const redacted = readable.replace(SECRET_PATH, `$1${REDACTED}`);
  return redacted === readable ? path : redacted;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return secretParameters.has(decoded(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A request address as a log may hold it: the credentials in its path and query replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  const safePath = redactPath(path);
  return question === -1 ? safePath : `${safePath}?${redactQuery(url.slice(question + 1))}`;
}

/**
 * pino's `redact` option: the secret and address headers wherever a log call puts a `headers`
 * object (a request, an answer, an error, one level deeper), and every `url` field redacted as an
 * address.
 */
export const LOG_REDACTION = {
  paths: [
    'url',
    '*.url',
    ...[...SECRET_HEADERS, ...ADDRESS_HEADERS].flatMap((name) => [`headers["${name}"]`, `*.headers["${name}"]`, `*.*.headers["${name}"]`]),
  ],
  censor: (value: unknown, path: string[]): unknown => (path[path.length - 1] === 'url' && typeof value === 'string' ? redactUrl(value) : REDACTED),
};

/** What a request log line holds: method and redacted address, and the client address only when asked. */
export type RequestLogFields = {
  method?: string;
  url?: string;
  remoteAddress?: string;
};

export function requestLogFields(request: { method?: string; url?: string; ip?: string }, withAddress: boolean): RequestLogFields {
  const fields: RequestLogFields = { method: request.method, url: request.url === undefined ? undefined : redactUrl(request.url) };
  if (withAddress && request.ip !== undefined) fields.remoteAddress = request.ip;
  return fields;
}
