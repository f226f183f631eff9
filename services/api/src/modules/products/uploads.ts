import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_MIME_TYPES, MESSAGES } from '@product-console/shared';
import { AppError, validationFailed, type FieldError } from '../../errors.js';

/** An uploaded image that passed the content check. */
export interface UploadedImage {
  field: string;
  /** Position among the files of its field. */
  index: number;
  data: Buffer;
  mime: (typeof IMAGE_MIME_TYPES)[number];
  extension: string;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, UploadedImage[]>;
}

const MAX_PIXELS = 40_000_000;

/**
 * Buffers a whole multipart request; any framing, size or count problem is a 400 naming the part.
 * With `oneEach`, a file field may carry one file only.
 */
export async function readParts(request: FastifyRequest, fileFields: readonly string[], { oneEach = false }: { oneEach?: boolean } = {}) {
  if (!request.isMultipart()) throw validationFailed([{ path: '(body)', message: 'Send multipart/form-data' }]);
  const fields: Record<string, string> = {};
  const raw: { field: string; data: Buffer }[] = [];
  let current = '(body)';
  try {
    for await (const part of request.parts()) {
      current = part.fieldname;
      if (part.type === 'file') {
        const unexpected = !fileFields.includes(part.fieldname);
        if (unexpected || (oneEach && raw.some((file) => file.field === part.fieldname))) {
          part.file.resume();
          throw validationFailed([{ path: part.fieldname, message: unexpected ? 'Unexpected file field' : 'Send one file' }]);
        }
        raw.push({ field: part.fieldname, data: await part.toBuffer() });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw validationFailed([{ path: part.fieldname, message: MESSAGES.payloadTooLarge }]);
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    const message = code === 'FST_REQ_FILE_TOO_LARGE' ? MESSAGES.fileTooLarge : MESSAGES.malformedMultipart;
    throw validationFailed([{ path: current, message }]);
  }
  return { fields, raw };
}

/** The real type of an image by its bytes; null when it is not one of the accepted types or does not decode. */
export async function sniffImage(data: Buffer): Promise<{ mime: UploadedImage['mime']; extension: string } | null> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) return null;
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.width || !meta.height) return null;
  } catch {
    return null;
  }
  return { mime: type.mime as UploadedImage['mime'], extension: type.ext === 'jpg' ? 'jpg' : type.ext };
}

/**
 * Reads a multipart request whose files must all be images. Files are checked by content
 * (magic bytes and a decode), never by file name or declared type.
 */
export async function readImageMultipart(
  request: FastifyRequest,
  limits: Record<string, number>,
): Promise<MultipartBody> {
  const { fields, raw } = await readParts(request, Object.keys(limits));
  const files: Record<string, UploadedImage[]> = {};
  const problems: FieldError[] = [];
  for (const { field, data } of raw) {
    const list = (files[field] ??= []);
    const index = list.length;
    if (index >= limits[field]) {
      problems.push({ path: field, message: `At most ${limits[field]} file(s)` });
      continue;
    }
    const type = data.length > 0 ? await sniffImage(data) : null;
    if (!type) {
      problems.push({ path: `${field}[${index}]`, message: MESSAGES.invalidImage });
      list.push({ field, index, data, mime: 'image/png', extension: 'png' });
      continue;
    }
    list.push({ field, index, data, ...type });
  }
  if (problems.length > 0) throw validationFailed(problems);
  return { fields, files };
}
