import { randomBytes } from 'node:crypto';
import { thumbnailPath } from '@product-console/shared';
import type { CheckedImage } from '../../images.js';
import type { FileStorage } from '../../plugins/storage.js';

/** Stored paths look like `/files/{key}`; `GET /api{path}` serves them. */
export const FILES_PATH_PREFIX = '/files/';

export const productFolder = (productId: number) => `products/${productId}`;
/** The files of the product's page (content blocks, design logo; issue 14). */
export const contentFolder = (productId: number) => `content/${productId}`;

export function keyOfPath(path: string): string | null {
  return path.startsWith(FILES_PATH_PREFIX) ? path.slice(FILES_PATH_PREFIX.length) : null;
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
