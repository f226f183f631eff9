import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStorage, type FileStorage } from './storage.js';

let dir: string;
let storage: FileStorage;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storage-test-'));
  storage = createFileStorage({ dir });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const text = async (key: string) => {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

describe('local file storage', () => {
  it('keeps bytes and content type through a round trip', async () => {
    await storage.put('products/7/a.png', Buffer.from('seven'), 'image/png');
    const file = await storage.get('products/7/a.png');
    expect(file).toMatchObject({ contentType: 'image/png', size: 5 });
    expect(await text('products/7/a.png')).toBe('seven');
    expect(await storage.get('products/7/missing.png')).toBeNull();
  });

  it('stores a file from this machine under a key, streamed, with its content type', async () => {
    const source = join(dir, 'made-elsewhere.zip');
    await writeFile(source, 'zip bytes');
    await storage.putFile('codes/3/a.zip', source, 'application/zip');
    expect(await storage.get('codes/3/a.zip')).toMatchObject({ contentType: 'application/zip', size: 9 });
    expect(await text('codes/3/a.zip')).toBe('zip bytes');
    await expect(storage.putFile('codes/3/b.zip', join(dir, 'missing.zip'), 'application/zip')).rejects.toThrow();
    expect(await storage.get('codes/3/b.zip')).toBeNull();
  });

  it("deletes one product's folder and never a folder whose name merely starts the same", async () => {
    await storage.put('products/12/a.png', Buffer.from('twelve'), 'image/png');
    await storage.put('products/120/b.png', Buffer.from('one-twenty'), 'image/png');
    await storage.put('products/1200/c.png', Buffer.from('twelve-hundred'), 'image/png');

    await storage.deletePrefix('products/12');
    expect(await storage.get('products/12/a.png')).toBeNull();

    // Deleting again, now that the folder is gone, must not fall back to a name match.
    await storage.deletePrefix('products/12');
    await storage.deletePrefix('products/1');
    expect(await text('products/120/b.png')).toBe('one-twenty');
    expect(await text('products/1200/c.png')).toBe('twelve-hundred');
  });

  it('refuses to delete the whole storage', async () => {
    await expect(storage.deletePrefix('/')).rejects.toThrow();
  });
});
