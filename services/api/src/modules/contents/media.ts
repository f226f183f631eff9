import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { MESSAGES, VIDEO_UPLOAD_MAX_BYTES } from '@product-console/shared';
import { AppError, validationFailed } from '../../errors.js';
import { checkImage } from '../../images.js';
import type { FileStorage } from '../../plugins/storage.js';
import { FILES_PATH_PREFIX, contentFolder, deleteImages, isStoredFileIn, storeImage } from '../products/images.js';

/*
 * The files of a product's page (issue 14): pictures and MP4 videos of its blocks and its design's
 * logo, under `content/{productId}/`. They are public like product images (random keys) and removed
 * once no block and no design of the product names them any more.
 */

/** A stored file of this product's page (`/files/content/{id}/...`), in its canonical form. */
export const isContentMediaPath = (path: string, productId: number): boolean => isStoredFileIn(path, contentFolder(productId));

/** An MP4 by its bytes: an ISO base media file whose first box is `ftyp`, which file-type reads as MP4. */
async function isMp4(data: Buffer): Promise<boolean> {
  if (data.length < 12 || data.toString('latin1', 4, 8) !== 'ftyp') return false;
  const type = await fileTypeFromBuffer(data);
  return type?.mime === 'video/mp4';
}

const tooLarge = () => validationFailed([{ path: 'file', message: MESSAGES.fileTooLarge }]);

/** Reads the one `file` part of a content upload; MP4s may be larger than the API's other uploads. */
async function readFilePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw validationFailed([{ path: '(body)', message: 'Send multipart/form-data' }]);
  try {
    const part = await request.file({ limits: { fileSize: VIDEO_UPLOAD_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw validationFailed([{ path: 'file', message: 'Required' }]);
    }
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw validationFailed([{ path: 'file', message: MESSAGES.malformedMultipart }]);
  }
}

const CONTENT_MEDIA_MESSAGE = 'Send a JPEG, PNG, WebP or GIF image or an MP4 video';

/**
 * `POST /api/product/content/media`: stores an image (checked by content, with a thumbnail like
 * product images; at most `imageMaxBytes`) or an MP4 (its `ftyp` box; at most VIDEO_UPLOAD_MAX_BYTES).
 */
export async function storeContentMedia(
  request: FastifyRequest,
  storage: FileStorage,
  productId: number,
  imageMaxBytes: number,
): Promise<{ path: string; contentType: string }> {
  const data = await readFilePart(request);
  if (data.length === 0) throw validationFailed([{ path: 'file', message: CONTENT_MEDIA_MESSAGE }]);
  if (await isMp4(data)) {
    const key = `${contentFolder(productId)}/${randomBytes(12).toString('hex')}.mp4`;
    await storage.put(key, data, 'video/mp4');
    return { path: `${FILES_PATH_PREFIX}${key}`, contentType: 'video/mp4' };
  }
  if (data.length > imageMaxBytes) throw tooLarge();
  const image = await checkImage(data);
  if (!image) throw validationFailed([{ path: 'file', message: CONTENT_MEDIA_MESSAGE }]);
  const path = await storeImage(storage, contentFolder(productId), { data, ...image });
  return { path, contentType: image.mime };
}

/** Removes content files of the product that were named before a save and are not any more. */
export async function removeUnreferencedMedia(storage: FileStorage, productId: number, before: Iterable<string>, after: Iterable<string>): Promise<void> {
  const kept = new Set(after);
  const removed = [...new Set(before)].filter((path) => isContentMediaPath(path, productId) && !kept.has(path));
  await deleteImages(storage, removed);
}
