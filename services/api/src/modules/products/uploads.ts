import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@product-console/shared';
import { AppError, validationFailed, type FieldError } from '../../errors.js';
import { checkImage, type CheckedImage } from '../../images.js';

/** An uploaded image that passed the image check. */
export interface UploadedImage extends CheckedImage {
  field: string;
  /** Position among the files of its field. */
  index: number;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, UploadedImage[]>;
}

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

/**
 * Reads a multipart request whose files must all be images, each through the one image check
 * (`checkImage`: by content and a whole decode, never by file name or declared type).
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
    const image = await checkImage(data);
    if (!image) {
      problems.push({ path: `${field}[${index}]`, message: MESSAGES.invalidImage });
      list.push({ field, index, data, mime: 'image/png', extension: 'png', thumbnail: Buffer.alloc(0) });
      continue;
    }
    list.push({ field, index, data, ...image });
  }
  if (problems.length > 0) throw validationFailed(problems);
  return { fields, files };
}
