import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createFileStorage, fileStorageOptionsFrom, type FileStorage } from './storage.js';

const BUCKET = 'product-files';
/** Small listing pages, so that deleting a folder takes several ListObjectsV2 + DeleteObjects rounds. */
const FAKE_MAX_KEYS = 3;

interface FakeObject {
  body: Buffer;
  contentType: string;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeXml = (text: string) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

function xmlError(reply: FastifyReply, status: number, code: string) {
  return reply
    .code(status)
    .type('application/xml')
    .send(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

/**
 * An in-memory S3 with path-style addressing and just the calls the driver makes. It checks no
 * signatures. Continuation tokens carry the last listed key, as S3's do.
 */
async function startFakeS3(): Promise<{ app: FastifyInstance; endpoint: string; objects: Map<string, FakeObject>; calls: string[] }> {
  const objects = new Map<string, FakeObject>();
  const calls: string[] = [];
  const app = Fastify({ bodyLimit: 50 * 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (request, reply) => {
    const bucket = request.url.split('/')[1]?.split('?')[0];
    if (bucket !== BUCKET) return xmlError(reply, 404, 'NoSuchBucket');
  });

  type BucketRequest = FastifyRequest<{ Querystring: Record<string, string | undefined> }>;
  type ObjectRequest = FastifyRequest<{ Params: { '*': string }; Querystring: Record<string, string | undefined> }>;

  const listObjectsV2 = async (request: BucketRequest, reply: FastifyReply) => {
    const query = request.query;
    if (query['list-type'] !== '2') return xmlError(reply, 501, 'NotImplemented');
    calls.push('ListObjectsV2');
    const prefix = query.prefix ?? '';
    const maxKeys = Math.min(Number(query['max-keys'] ?? 1000), FAKE_MAX_KEYS);
    const after = query['continuation-token'] ? Buffer.from(query['continuation-token'], 'base64url').toString() : '';
    const matching = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = matching.slice(0, maxKeys);
    const truncated = matching.length > page.length;
    const contents = page
      .map((key) => `<Contents><Key>${escapeXml(key)}</Key><Size>${objects.get(key)?.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`)
      .join('');
    const next = truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1) ?? '').toString('base64url')}</NextContinuationToken>` : '';
    return reply
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${BUCKET}</Name><Prefix>${escapeXml(prefix)}</Prefix>` +
          `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
      );
  };

  const deleteObjects = async (request: BucketRequest, reply: FastifyReply) => {
    if (!('delete' in request.query)) return xmlError(reply, 501, 'NotImplemented');
    calls.push('DeleteObjects');
    const xml = (request.body as Buffer).toString('utf8');
    const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => unescapeXml(match[1] ?? ''));
    for (const key of keys) objects.delete(key);
    const quiet = /<Quiet>true<\/Quiet>/.test(xml);
    const deleted = quiet ? '' : keys.map((key) => `<Deleted><Key>${escapeXml(key)}</Key></Deleted>`).join('');
    return reply.type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?><DeleteResult>${deleted}</DeleteResult>`);
  };

  // The SDK addresses the bucket itself as `/bucket/?…`, which the `/:bucket/*` routes catch with an empty key.
  app.get('/:bucket', listObjectsV2);
  app.post('/:bucket', deleteObjects);
  app.post('/:bucket/', deleteObjects);

  app.put<{ Params: { '*': string } }>('/:bucket/*', async (request, reply) => {
    calls.push('PutObject');
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    objects.set(request.params['*'], { body, contentType: request.headers['content-type'] ?? 'binary/octet-stream' });
    return reply.header('etag', '"fake"').send();
  });

  app.get('/:bucket/*', async (request: ObjectRequest, reply) => {
    if (request.params['*'] === '') return listObjectsV2(request, reply);
    calls.push('GetObject');
    const object = objects.get(request.params['*']);
    if (!object) return xmlError(reply, 404, 'NoSuchKey');
    return reply.header('content-type', object.contentType).header('content-length', object.body.length).header('etag', '"fake"').send(object.body);
  });

  app.delete<{ Params: { '*': string } }>('/:bucket/*', async (request, reply) => {
    calls.push('DeleteObject');
    objects.delete(request.params['*']);
    return reply.code(204).send();
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, endpoint: `http://127.0.0.1:${port}`, objects, calls };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3 file storage (against an in-process fake S3)', () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  let storage: FileStorage;

  const s3Settings = () => ({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: fake.endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'test-access-key',
    S3_SECRET_ACCESS_KEY: 'test-secret-key',
  });

  beforeAll(async () => {
    fake = await startFakeS3();
    // The same path the app takes: settings -> options -> driver.
    storage = createFileStorage(fileStorageOptionsFrom(loadConfig(s3Settings())));
  });

  afterEach(() => {
    fake.objects.clear();
    fake.calls.length = 0;
  });

  afterAll(async () => {
    await storage?.close?.();
    await fake?.app.close();
  });

  it('stores and streams back a file with its bytes and content type', async () => {
    const bytes = randomBytes(300 * 1024);
    await storage.put('products/7/photo.webp', bytes, 'image/webp');

    expect(fake.objects.get('products/7/photo.webp')?.contentType).toBe('image/webp');
    const file = await storage.get('products/7/photo.webp');
    expect(file).not.toBeNull();
    expect(file?.contentType).toBe('image/webp');
    expect(file?.size).toBe(bytes.length);
    expect((await readAll(file!.stream)).equals(bytes)).toBe(true);
  });

  it('stores a file from this machine, streamed with its length', async () => {
    const bytes = randomBytes(200 * 1024);
    const folder = await mkdtemp(join(tmpdir(), 's3-put-file-'));
    try {
      await writeFile(join(folder, 'labels.pdf'), bytes);
      await storage.putFile('codes/1/labels.pdf', join(folder, 'labels.pdf'), 'application/pdf');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    const file = await storage.get('codes/1/labels.pdf');
    expect(file?.contentType).toBe('application/pdf');
    expect((await readAll(file!.stream)).equals(bytes)).toBe(true);
  });

  it('answers null for a missing key or a key the storage would never accept', async () => {
    expect(await storage.get('products/7/missing.webp')).toBeNull();
    expect(await storage.get('../etc/passwd')).toBeNull();
  });

  it('deletes one file and leaves the others', async () => {
    await storage.put('companies/1/a.png', Buffer.from('a'), 'image/png');
    await storage.put('companies/1/b.png', Buffer.from('b'), 'image/png');

    await storage.delete('companies/1/a.png');
    await storage.delete('companies/1/never-stored.png');

    expect(await storage.get('companies/1/a.png')).toBeNull();
    expect(await storage.get('companies/1/b.png')).not.toBeNull();
  });

  it('deletes a folder across several listing pages, and only that folder', async () => {
    for (let index = 0; index < 8; index++) await storage.put(`products/12/${index}.webp`, Buffer.from([index]), 'image/webp');
    await storage.put('products/120/kept.webp', Buffer.from('x'), 'image/webp');
    await storage.put('products/1/kept.webp', Buffer.from('y'), 'image/webp');

    await storage.deletePrefix('products/12');

    expect([...fake.objects.keys()].sort()).toEqual(['products/1/kept.webp', 'products/120/kept.webp']);
    // 8 keys in pages of 3: three listings, three batch deletes.
    expect(fake.calls.filter((call) => call === 'ListObjectsV2')).toHaveLength(3);
    expect(fake.calls.filter((call) => call === 'DeleteObjects')).toHaveLength(3);
  });

  it('refuses to delete the whole bucket', async () => {
    await expect(storage.deletePrefix('/')).rejects.toThrow(/whole storage/);
  });

  it('keeps every key under S3_PREFIX', async () => {
    const prefixed = createFileStorage(fileStorageOptionsFrom(loadConfig({ ...s3Settings(), S3_PREFIX: 'tenant-a/files/' })));
    try {
      await fake.objects.set('products/3/other-app.webp', { body: Buffer.from('other'), contentType: 'image/webp' });
      await prefixed.put('products/3/a.webp', Buffer.from('mine'), 'image/webp');
      expect(fake.objects.has('tenant-a/files/products/3/a.webp')).toBe(true);
      expect((await readAll((await prefixed.get('products/3/a.webp'))!.stream)).toString()).toBe('mine');

      await prefixed.deletePrefix('products/3/');

      expect([...fake.objects.keys()]).toEqual(['products/3/other-app.webp']);
    } finally {
      await prefixed.close?.();
    }
  });

  it('reports a missing bucket as an error, not as a missing file', async () => {
    const wrongBucket = createFileStorage(fileStorageOptionsFrom(loadConfig({ ...s3Settings(), S3_BUCKET: 'no-such-bucket' })));
    try {
      await expect(wrongBucket.get('products/1/a.webp')).rejects.toThrow();
    } finally {
      await wrongBucket.close?.();
    }
  });
});
