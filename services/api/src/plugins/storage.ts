import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile, readFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/**
 * One interface for stored files (product images, logos, profile images…).
 *
 * Keys are slash-separated relative paths such as `products/12/3f9a….webp`; callers pick
 * random or content-addressed keys, so a stored file never changes and may be cached forever
 * (see `GET /api/files/*`). Put files only after validation has succeeded, and remove them
 * when the owning row goes (or when the transaction that would have referenced them fails).
 *
 * Driver: the local data folder (`${DATA_DIR}/files`). TODO: an S3-compatible driver
 * (`STORAGE_DRIVER=s3`, `S3_ENDPOINT`, `S3_BUCKET`, `S3_REGION`, `S3_ACCESS_KEY_ID`,
 * `S3_SECRET_ACCESS_KEY`) implementing the same interface.
 */
export interface StoredFile {
  stream: Readable;
  contentType: string;
  size: number;
}

export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (a folder such as `products/12/`). */
  deletePrefix(prefix: string): Promise<void>;
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

/** The local-folder driver: each file is stored with a small `.meta.json` holding its content type. */
export function createFileStorage({ dir }: { dir: string }): FileStorage {
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
      const trimmed = prefix.replace(/\/+$/, '');
      if (trimmed === '') throw new Error('refusing to delete the whole storage');
      const path = pathOf(trimmed);
      // A folder prefix removes the folder; otherwise remove the matching files beside it.
      try {
        const info = await stat(path);
        if (info.isDirectory()) {
          await rm(path, { recursive: true, force: true });
          return;
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const parent = dirname(path);
      const base = path.slice(parent.length + 1);
      let names: string[];
      try {
        names = await readdir(parent);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      await Promise.all(
        names.filter((name) => name.startsWith(base)).map((name) => rm(join(parent, name), { recursive: true, force: true })),
      );
    },
  };
}

export interface StoragePluginOptions {
  config: Config;
  /** A ready storage (tests); otherwise the local folder `${DATA_DIR}/files`. */
  storage?: FileStorage;
}

/** Decorates `app.storage`. */
export default fp<StoragePluginOptions>(
  async (app, { config, storage }) => {
    app.decorate('storage', storage ?? createFileStorage({ dir: join(config.DATA_DIR, 'files') }));
  },
  { name: 'storage' },
);
