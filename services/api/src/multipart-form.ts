import type { FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import { toFieldErrors } from '@product-console/shared';
import { AppError, fileTooLarge, invalidImage, malformedMultipart, validationFailed } from './errors.js';
import { checkImage } from './images.js';
import { randomKey, type FileStorage } from './plugins/storage.js';

/**
 * Reads the small forms of the account screens: one JSON field (`newUser`, `updateInfo`) and
 * at most a few image files. A plain JSON body is accepted as the JSON field itself, so that
 * callers without files may send JSON.
 */
export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface AccountForm<T> {
  value: T;
  files: Map<string, UploadedFile>;
}

function parseJsonField(field: string, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw validationFailed([{ path: field, message: 'must be JSON' }]);
  }
}

export async function readAccountForm<S extends ZodType>(
  request: FastifyRequest,
  options: { jsonField: string; fileFields: string[]; schema: S },
): Promise<AccountForm<z.infer<S>>> {
  const files = new Map<string, UploadedFile>();
  let raw: unknown = undefined;

  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (!options.fileFields.includes(part.fieldname)) continue;
          if (data.length > 0) files.set(part.fieldname, { field: part.fieldname, filename: part.filename, data });
        } else if (part.fieldname === options.jsonField) {
          raw = parseJsonField(options.jsonField, part.value);
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
      throw malformedMultipart();
    }
  } else {
    const body = request.body as Record<string, unknown> | undefined;
    raw = body && typeof body === 'object' && options.jsonField in body ? parseJsonField(options.jsonField, body[options.jsonField]) : body;
  }

  const parsed = options.schema.safeParse(raw ?? {});
  if (!parsed.success) {
    throw validationFailed(toFieldErrors(parsed.error).map((issue) => ({ ...issue, path: `${options.jsonField}.${issue.path}`.replace(/\.\(body\)$/, '') })));
  }
  return { value: parsed.data, files };
}

/** Checks an upload with the one image check (a JPEG, PNG, WebP or GIF that decodes whole); answers 400 naming its field otherwise. */
export async function imageExtension(file: UploadedFile): Promise<{ extension: string; contentType: string }> {
  const image = await checkImage(file.data);
  if (!image) throw invalidImage(file.field);
  return { extension: image.extension, contentType: image.mime };
}

/** Stored file paths are `/files/{key}`, like the product images; the API serves them at `/api/files/{key}`. */
export const FILE_URL_PREFIX = '/files/';

/** Validates and stores an image under `prefix`; answers its public path. */
export async function storeImage(storage: FileStorage, prefix: string, file: UploadedFile): Promise<string> {
  const { extension, contentType } = await imageExtension(file);
  const key = randomKey(prefix, extension);
  await storage.put(key, file.data, contentType);
  return `${FILE_URL_PREFIX}${key}`;
}

/** Folders of the images the account screens store; nothing else is ever removed through them. */
const ACCOUNT_IMAGE_FOLDERS = ['users/', 'companies/'];

/** Removes a profile image or logo stored by `storeImage`; other paths (demo data) are left alone. */
export async function removeStoredImage(storage: FileStorage, path: string | null | undefined): Promise<void> {
  const key = path?.startsWith(FILE_URL_PREFIX) ? path.slice(FILE_URL_PREFIX.length) : undefined;
  if (!key || !ACCOUNT_IMAGE_FOLDERS.some((folder) => key.startsWith(folder))) return;
  await storage.delete(key).catch(() => undefined);
}
