import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { isValidStorageKey, type FileStorage } from './storage.js';

export interface S3FileStorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO…); unset = AWS. */
  endpoint?: string;
  /** `http://endpoint/bucket/key` instead of `http://bucket.endpoint/key`. */
  forcePathStyle?: boolean;
  /** Unset = the SDK's default chain (environment, shared files, SSO, container or instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** A folder inside the bucket that holds every key, e.g. `product-console/files`. */
  prefix?: string;
  /** Keys per ListObjectsV2 page (and so per DeleteObjects call); S3 answers at most 1000. */
  listPageSize?: number;
}

function assertKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * S3 says "no such key" as NoSuchKey, some compatible servers as a bare 404; a missing bucket is
 * a 404 too, but a setup error that must not pass for a missing file.
 */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket');
}

/**
 * The S3 driver. Keys map one to one to object keys (below `prefix`); the content type is the
 * object's own `Content-Type`, so nothing beside the object is stored.
 *
 * `deletePrefix` treats its argument as a folder: `products/12` and `products/12/` both remove
 * everything under `products/12/`, never `products/120/…`.
 */
export function createS3FileStorage(options: S3FileStorageOptions): FileStorage {
  const { bucket, prefix, listPageSize = 1000 } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
    credentials: options.credentials,
    // Not every S3-compatible server accepts the CRC checksums the SDK adds by default since 2025.
    ...(options.endpoint !== undefined && {
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const objectKey = (key: string) => (prefix ? `${prefix}/${key}` : key);

  return {
    async put(key, data, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: data, ContentType: contentType, ContentLength: data.length }),
      );
    },

    async putFile(key, path, contentType) {
      assertKey(key);
      // A known length lets PutObject send the file as it reads it (up to S3's 5 GB for one object).
      const { size } = await stat(path);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: createReadStream(path), ContentType: contentType, ContentLength: size }),
      );
    },

    async get(key) {
      if (!isValidStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        // In Node the body is the HTTP response itself: handing it on streams the file without buffering it.
        if (!(object.Body instanceof Readable)) throw new Error(`S3 GetObject answered no readable body for ${JSON.stringify(key)}`);
        return {
          stream: object.Body,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async deletePrefix(folder) {
      const trimmed = folder.replace(/\/+$/, '');
      if (trimmed === '') throw new Error('refusing to delete the whole storage');
      assertKey(trimmed);
      const listPrefix = `${objectKey(trimmed)}/`;
      let continuationToken: string | undefined;
      do {
        // S3 continuation tokens resume after the last listed key, so deleting a page before asking for the next is safe.
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: listPrefix, MaxKeys: listPageSize, ContinuationToken: continuationToken }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          const result = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
          const failed = result.Errors ?? [];
          if (failed.length > 0) {
            const sample = failed.slice(0, 3).map((error) => `${error.Key}: ${error.Code} ${error.Message ?? ''}`.trim());
            throw new Error(`S3 could not delete ${failed.length} object(s) under ${JSON.stringify(listPrefix)}: ${sample.join('; ')}`);
          }
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken !== undefined);
    },

    async close() {
      client.destroy();
    },
  };
}
