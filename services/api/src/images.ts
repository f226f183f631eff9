import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_MIME_TYPES } from '@product-console/shared';

/*
 * The one image check of every upload (product images, care and QR design images, content media,
 * company logos, profile images). A header can be valid over data that is not: reading the type
 * and the size is not enough, so the check decodes the whole picture, and since a thumbnail needs
 * exactly that decode, it makes the thumbnail on the way and hands it to whoever stores one.
 */

/** Larger pictures are refused before they are decoded (a few bytes can claim a huge image). */
const MAX_PIXELS = 40_000_000;
const THUMBNAIL_SIZE = 320;

export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];

/** An upload that decoded as one of the accepted image types. */
export interface CheckedImage {
  mime: ImageMime;
  extension: string;
  /** A WebP of at most THUMBNAIL_SIZE pixels a side, for lists and previews. */
  thumbnail: Buffer;
}

/** A picture's thumbnail; throws when the picture does not decode. */
export async function makeThumbnail(data: Buffer): Promise<Buffer> {
  return sharp(data, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * The image an upload holds, by its bytes (never its name or declared type): a JPEG, PNG, WebP or
 * GIF that decodes whole. null for anything else, so that callers answer a field error, not a 500.
 */
export async function checkImage(data: Buffer): Promise<CheckedImage | null> {
  if (data.length === 0) return null;
  const type = await fileTypeFromBuffer(data);
  if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) return null;
  try {
    const thumbnail = await makeThumbnail(data);
    return { mime: type.mime as ImageMime, extension: type.ext, thumbnail };
  } catch {
    return null;
  }
}
