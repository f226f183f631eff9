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
  /**
   * Where a refused call leads: the 403 page (spec point 8), the permission-denied page for a
   * sub-admin (spec point 6: denied access); set by the console for the signed-in user.
   */
  forbiddenPath: () => string;
}

const hooks: ApiClientHooks = {
  navigate: (to) => window.location.assign(to),
  onUnauthenticated: () => undefined,
  alert: (message) => showSnackbar(message, 'error'),
  forbiddenPath: () => '/maintenance/403',
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
    // A plan that lacks a service or is at its limit is the plan-limit page (spec point 6, 'Upgrade to Unlock').
    if (error.code === ERROR_CODES.SERVICE_NOT_IN_PLAN) hooks.navigate('/maintenance/plan-limit?type=feature');
    else if (error.code === ERROR_CODES.PLAN_LIMIT_REACHED) hooks.navigate('/maintenance/plan-limit?type=usage');
    else hooks.navigate(hooks.forbiddenPath());
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

function parseBody(text: string): unknown {
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
  /**
   * Called with 0..1 while the body is sent. fetch cannot report upload progress, so a call
   * that asks for it goes over XMLHttpRequest; every other rule of the client stays the same.
   */
  onUploadProgress?: (fraction: number) => void;
  /**
   * A call without a session (the consumer preview): no cookie is sent, and a 401 or 403 is the
   * caller's to show, since a visitor has no sign-in to go back to.
   */
  public?: boolean;
}

/** Options of the shorthand methods that send a body. */
export type SendOptions = Pick<RequestOptions, 'idempotencyKey'>;

/** What either transport hands back: the status and the raw text of the answer. */
interface RawAnswer {
  status: number;
  text: string;
}

interface Outgoing {
  method: string;
  headers: Record<string, string>;
  body: string | FormData | undefined;
  credentials: RequestCredentials;
  signal: AbortSignal | undefined;
}

async function sendWithFetch(path: string, request: Outgoing): Promise<RawAnswer> {
  const response = await fetch(path, request);
  return { status: response.status, text: await response.text() };
}

function sendWithProgress(path: string, request: Outgoing, onProgress: (fraction: number) => void): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, path);
    xhr.withCredentials = request.credentials !== 'omit';
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(request.body ?? null);
  });
}

/**
 * The one way the console talks to the gateway: same-origin cookie, `X-CSRF: 1`, JSON or
 * multipart, and every failure as an `ApiError` of the catalogue, with 401 and 403 handled here.
 */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, idempotencyKey, onUploadProgress, public: isPublic = false }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-CSRF': '1' };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  const request: Outgoing = {
    method,
    headers,
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    credentials: isPublic ? 'omit' : 'same-origin',
    signal,
  };

  let answer: RawAnswer;
  try {
    answer = onUploadProgress ? await sendWithProgress(path, request, onUploadProgress) : await sendWithFetch(path, request);
  } catch (cause) {
    if (signal?.aborted || (cause instanceof DOMException && cause.name === 'AbortError')) throw cause;
    throw new ApiError(0, { code: ERROR_CODES.UPSTREAM_UNAVAILABLE, message: MESSAGES.unableToConnect });
  }

  const payload = parseBody(answer.text);
  if (answer.status >= 200 && answer.status < 300) {
    onUploadProgress?.(1);
    return payload as T;
  }

  const error = new ApiError(answer.status, toErrorBody(payload, answer.status));
  if (!isPublic) handleCentrally(path, error);
  throw error;
}

export interface UploadOptions extends SendOptions {
  method?: 'POST' | 'PUT';
  /** Called with 0..1 while the form is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** An upload always goes the progress-capable way, whether or not the caller shows the progress. */
const ignoreProgress = () => undefined;

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown, options?: SendOptions) => apiRequest<T>(path, { method: 'POST', body: body ?? {}, ...options }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
  /** A multipart form with upload progress (a product with its images, a serial import). */
  upload: <T>(path: string, body: FormData, { method = 'POST', onProgress = ignoreProgress, signal, idempotencyKey }: UploadOptions = {}) =>
    apiRequest<T>(path, { method, body, signal, idempotencyKey, onUploadProgress: onProgress }),
};

/** Calls without a session, for the consumer preview: no cookie, no redirect to sign-in or 403. */
export const publicApi = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal, public: true }),
};

/** SWR fetcher: keys are `/bff` paths. */
export function apiFetcher<T>(path: string): Promise<T> {
  return api.get<T>(path);
}
