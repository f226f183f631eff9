import { randomBytes } from 'node:crypto';
import { thumbnailPath } from '@product-console/shared';
import type { CheckedImage } from '../../images.js';
import { isValidStorageKey, type FileStorage } from '../../plugins/storage.js';

/** Stored paths look like `/files/{key}`; `GET /api{path}` serves them. */
export const FILES_PATH_PREFIX = '/files/';

export const productFolder = (productId: number) => `products/${productId}`;
/** The files of the product's page (content blocks, design logo; issue 14). */
export const contentFolder = (productId: number) => `content/${productId}`;

export function keyOfPath(path: string): string | null {
  return path.startsWith(FILES_PATH_PREFIX) ? path.slice(FILES_PATH_PREFIX.length) : null;
}

/**
 * Whether a path a client sends is the canonical stored path of a file directly in `folder`
 * (`/files/{folder}/{name}`), exactly as an upload answered it. Pages put these paths in `src` and
 * `href` attributes of the company's public pages: anything a browser or an HTML attribute would
 * read differently (percent escapes, dot segments, `?`, `#`, quotes, backslashes) could point a
 * visitor's browser at another address of the console with its session, so only the storage key
 * grammar passes and nothing is decoded. Every stored path taken from a client goes through here.
 */
export function isStoredFileIn(path: string, folder: string): boolean {
  const key = keyOfPath(path);
  if (key === null || !key.startsWith(`${folder}/`)) return false;
  const name = key.slice(folder.length + 1);
  return !name.includes('/') && isValidStorageKey(key);
}

/** Stores an image that passed the image check, and its thumbnail, under a random key in `folder`; returns the image path. */
export async function storeImage(storage: FileStorage, folder: string, image: CheckedImage & { data: Buffer }): Promise<string> {
  const key = `${folder}/${randomBytes(12).toString('hex')}.${image.extension}`;
  const path = `${FILES_PATH_PREFIX}${key}`;
  await storage.put(key, image.data, image.mime);
  await storage.put(keyOfPath(thumbnailPath(path))!, image.thumbnail, 'image/webp');
  return path;
}

/** Removes stored images (and their thumbnails); paths outside the storage are ignored. */
export async function deleteImages(storage: FileStorage, paths: Iterable<string>): Promise<void> {
  const keys: string[] = [];
  for (const path of paths) {
    const key = keyOfPath(path);
    if (key) keys.push(key, keyOfPath(thumbnailPath(path))!);
  }
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}
