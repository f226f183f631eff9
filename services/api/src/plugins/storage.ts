import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { mkdir, rename, rm, stat, writeFile, readFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createS3FileStorage, type S3FileStorageOptions } from './storage-s3.js';

/**
 * One interface for stored files (product images, logos, profile images…).
 *
 * Keys are slash-separated relative paths such as `products/12/3f9a….webp`; callers pick
 * random or content-addressed keys, so a stored file never changes and may be cached forever
 * (see `GET /api/files/*`). Put files only after validation has succeeded, and remove them
 * when the owning row goes (or when the transaction that would have referenced them fails).
 *
 * Drivers, picked by `STORAGE_DRIVER`: `local`, the data folder (`${DATA_DIR}/files`, below), and
 * `s3`, a bucket on AWS S3 or an S3-compatible server such as MinIO (`storage-s3.ts`).
 */
export interface StoredFile {
  stream: Readable;
  contentType: string;
  size: number;
}

export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores the file at `path` on this machine under `key`, streamed: a file of any size costs no more memory than a small one. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** Removes the folder `prefix` names and everything in it (`products/12` leaves `products/120` alone). */
  deletePrefix(prefix: string): Promise<void>;
  /** Releases connections (called when the app closes). */
  close?(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** True for keys the storage accepts: relative, no `..`, no empty segments, safe characters. */
export function isValidStorageKey(key: string): boolean {
  return key.length > 0 && key.length <= 512 && KEY_PATTERN.test(key) && !key.split('/').includes('..');
}

function assertKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** A random key under `prefix` with the given extension, e.g. `randomKey('products/3', 'webp')`. */
export function randomKey(prefix: string, extension: string): string {
  return `${prefix.replace(/\/+$/, '')}/${randomBytes(16).toString('hex')}.${extension}`;
}

const META_SUFFIX = '.meta.json';

export type FileStorageOptions = { driver?: 'local'; dir: string } | ({ driver: 's3' } & S3FileStorageOptions);

/** The storage driver the options name; `{ dir }` alone is the local folder. */
export function createFileStorage(options: FileStorageOptions): FileStorage {
  return options.driver === 's3' ? createS3FileStorage(options) : createLocalFileStorage(options.dir);
}

/** The storage options the settings describe. */
export function fileStorageOptionsFrom(config: Config): FileStorageOptions {
  if (config.STORAGE_DRIVER === 'local') return { driver: 'local', dir: join(config.DATA_DIR, 'files') };
  if (config.S3_BUCKET === undefined) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
  return {
    driver: 's3',
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID !== undefined && config.S3_SECRET_ACCESS_KEY !== undefined
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: config.S3_PREFIX,
  };
}

/** The local-folder driver: each file is stored with a small `.meta.json` holding its content type. */
function createLocalFileStorage(dir: string): FileStorage {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    assertKey(key);
    const full = resolve(root, key);
    if (!full.startsWith(root + sep)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return full;
  };

  return {
    async put(key, data, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, data);
      await writeFile(path + META_SUFFIX, JSON.stringify({ contentType }));
      await rename(tmp, path);
    },

    async putFile(key, source, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await pipeline(createReadStream(source), createWriteStream(tmp));
        await writeFile(path + META_SUFFIX, JSON.stringify({ contentType }));
        await rename(tmp, path);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    },

    async get(key) {
      if (!isValidStorageKey(key) || key.endsWith(META_SUFFIX) || key.endsWith('.tmp')) return null;
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        let contentType = 'application/octet-stream';
        try {
          const meta = JSON.parse(await readFile(path + META_SUFFIX, 'utf8')) as { contentType?: unknown };
          if (typeof meta.contentType === 'string') contentType = meta.contentType;
        } catch {
          // No metadata: serve as bytes.
        }
        return { stream: createReadStream(path), contentType, size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(path + META_SUFFIX, { force: true });
    },

    async deletePrefix(prefix) {
      const folder = prefix.replace(/\/+$/, '');
      if (folder === '') throw new Error('refusing to delete the whole storage');
      // The prefix names a folder: `products/12` never touches `products/120`.
      await rm(pathOf(folder), { recursive: true, force: true });
    },
  };
}

export interface StoragePluginOptions {
  config: Config;
  /** A ready storage (tests); otherwise the driver `STORAGE_DRIVER` names. */
  storage?: FileStorage;
}

/** Decorates `app.storage`. */
export default fp<StoragePluginOptions>(
  async (app, { config, storage }) => {
    if (storage) {
      app.decorate('storage', storage);
      return;
    }
    const created = createFileStorage(fileStorageOptionsFrom(config));
    app.decorate('storage', created);
    app.addHook('onClose', async () => {
      await created.close?.();
    });
  },
  { name: 'storage' },
);
