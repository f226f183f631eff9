import { ERROR_CODES, MESSAGES, type ErrorBody } from '@product-console/shared';
import { ApiError, IDEMPOTENCY_KEY_HEADER } from '@/lib/api-client';

export interface UploadOptions {
  method: 'POST' | 'PUT';
  body: FormData;
  /** Called with 0..1 while the request body is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** As for the api client: one per submit, the same again when the submit is resent. */
  idempotencyKey?: string;
}

/**
 * Sends a multipart form with upload progress (fetch cannot report it): same-origin cookie,
 * `X-CSRF: 1`, and the same `ApiError` as the api client for a failed answer.
 */
export function uploadForm<T>(path: string, { method, body, onProgress, signal, idempotencyKey }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-CSRF', '1');
    xhr.setRequestHeader('Accept', 'application/json');
    if (idempotencyKey) xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(payload as T);
        return;
      }
      const body = payload && typeof payload === 'object' ? (payload as Partial<ErrorBody>) : { message: MESSAGES.internal };
      reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, { code: ERROR_CODES.UPSTREAM_UNAVAILABLE, message: MESSAGES.unableToConnect }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}
