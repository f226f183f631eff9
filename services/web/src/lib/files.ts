import { IMAGE_MIME_TYPES } from '@product-console/shared';

/** Stored file paths (`/files/...`) are served by the API at `/api/files/...`, reached through the gateway. */
export function fileUrl(path: string): string {
  return `/bff/api${path}`;
}

/** The images the API takes (it checks their content again). */
export const IMAGE_TYPES: readonly string[] = IMAGE_MIME_TYPES;

/** The API's default `UPLOAD_MAX_BYTES`, checked before a file is sent. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
