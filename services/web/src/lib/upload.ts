import { api, type UploadOptions as ClientUploadOptions } from '@/lib/api-client';

export interface UploadOptions extends ClientUploadOptions {
  method: 'POST' | 'PUT';
  body: FormData;
}

/**
 * Kept for the product area's calls: a multipart form through the one api client
 * (`api.upload`), so a 401 or 403 during an upload is handled like any other call.
 */
export function uploadForm<T>(path: string, { body, ...options }: UploadOptions): Promise<T> {
  return api.upload<T>(path, body, options);
}
