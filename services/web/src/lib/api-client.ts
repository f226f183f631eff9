import { ERROR_CODES, MESSAGES, type ErrorBody } from '@product-console/shared';
import { translate } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';

/** Every failed `/bff` call surfaces as this error: the catalogue shape plus the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorBody['details'];
  /** The whole answer, for fields some calls add to the error shape (e.g. an import's `more`). */
  readonly body: Readonly<Record<string, unknown>>;

  constructor(status: number, body: Partial<ErrorBody>) {
    super(body.message ?? MESSAGES.internal);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? ERROR_CODES.INTERNAL;
    this.details = body.details;
    this.body = body as Record<string, unknown>;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Navigate = (to: string) => void;

interface ApiClientHooks {
  /** Registered by the router at startup: the client navigates from outside React. */
  navigate: Navigate;
  /** Called before leaving for /login so that no stale session sends the user back. */
  onUnauthenticated: () => void;
  /** Shows an alert to the user. */
  alert: (message: string) => void;
}

const hooks: ApiClientHooks = {
  navigate: (to) => window.location.assign(to),
  onUnauthenticated: () => undefined,
  alert: (message) => showSnackbar(message, 'error'),
};

export function configureApiClient(next: Partial<ApiClientHooks>) {
  Object.assign(hooks, next);
}

/** The session probe and sign-in answer 401 as part of their normal work. */
export const SESSION_PROBE_PATH = '/bff/auth/me';
export const SIGN_IN_PATH = '/bff/auth/sign-in';
const PATHS_WITHOUT_AUTH_REDIRECT = new Set([SESSION_PROBE_PATH, SIGN_IN_PATH]);

function handleCentrally(path: string, error: ApiError) {
  if (error.status === 403) {
    hooks.navigate('/maintenance/403');
    return;
  }
  if (error.status !== 401 || PATHS_WITHOUT_AUTH_REDIRECT.has(stripQuery(path))) return;
  if (error.code === ERROR_CODES.COMPANY_NOT_AUTHORIZED) {
    hooks.alert(translate('error.companyNotAuthorized'));
    return;
  }
  if (error.message === MESSAGES.refreshFailed) hooks.alert(translate('error.refreshFailed'));
  hooks.onUnauthenticated();
  hooks.navigate('/login');
}

function stripQuery(path: string) {
  const index = path.indexOf('?');
  return index === -1 ? path : path.slice(0, index);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toErrorBody(body: unknown, status: number): Partial<ErrorBody> {
  if (body && typeof body === 'object') return body as Partial<ErrorBody>;
  if (typeof body === 'string' && body) return { message: body };
  return { message: status >= 500 ? MESSAGES.tryAgainLater : MESSAGES.internal };
}

/** The header that makes a creating call safe to send again (see `useIdempotencyKey`). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or a FormData sent as multipart/form-data (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** One per submit: a resend with the same key gets the first answer instead of doing it twice. */
  idempotencyKey?: string;
}

/** Options of the shorthand methods that send a body. */
export type SendOptions = Pick<RequestOptions, 'idempotencyKey'>;

/** The one way the console talks to the gateway: same-origin cookie, `X-CSRF: 1`, JSON. */
export async function apiRequest<T>(path: string, { method = 'GET', body, signal, idempotencyKey }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-CSRF': '1' };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, { code: ERROR_CODES.UPSTREAM_UNAVAILABLE, message: MESSAGES.unableToConnect });
  }

  const payload = await readBody(response);
  if (response.ok) return payload as T;

  const error = new ApiError(response.status, toErrorBody(payload, response.status));
  handleCentrally(path, error);
  throw error;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown, options?: SendOptions) => apiRequest<T>(path, { method: 'POST', body: body ?? {}, ...options }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** SWR fetcher: keys are `/bff` paths. */
export function apiFetcher<T>(path: string): Promise<T> {
  return api.get<T>(path);
}
