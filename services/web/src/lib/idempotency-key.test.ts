import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { api, configureApiClient } from '@/lib/api-client';
import { createIdempotentSubmit, newIdempotencyKey, useIdempotentSubmit } from '@/lib/idempotency-key';
import { uploadForm } from '@/lib/upload';
import { stubUpload } from '@/testing/fake-xhr';

function answers(...statuses: number[]) {
  const queue = [...statuses];
  return vi.fn(async () => {
    const status = queue.shift() ?? 201;
    const body = status < 300 ? { result: { project_id: 7 } } : { code: ERROR_CODES.UPSTREAM_TIMEOUT, message: 'Please try again later' };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

const keysSent = (fetchMock: ReturnType<typeof answers>) =>
  (fetchMock.mock.calls as unknown as [string, RequestInit][]).map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key']);

describe('one Idempotency-Key per submit', () => {
  beforeEach(() => {
    configureApiClient({ navigate: vi.fn(), alert: vi.fn(), onUnauthenticated: vi.fn() });
  });

  it('resends the same key after a timeout, 5xx or lost connection, and a new one after a success', async () => {
    const fetchMock = answers(504, 503);
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useIdempotentSubmit());
    const values = { project_name: 'Spring', description: '' };
    const submit = () => result.current(values, (idempotencyKey) => api.post('/bff/api/project', values, { idempotencyKey }));

    await expect(submit()).rejects.toMatchObject({ status: 504 });
    await expect(submit()).rejects.toMatchObject({ status: 503 });
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(submit()).rejects.toMatchObject({ status: 0 });
    await expect(submit()).resolves.toEqual({ result: { project_id: 7 } });
    await submit();

    const keys = keysSent(fetchMock);
    expect(keys).toHaveLength(5);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys.slice(0, 4))).toEqual(new Set([keys[0]]));
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('starts a new key when the form changed after a failure', async () => {
    const fetchMock = answers(504);
    vi.stubGlobal('fetch', fetchMock);
    const submit = createIdempotentSubmit();
    const send = (values: object) => submit(values, (idempotencyKey) => api.post('/bff/api/project', values, { idempotencyKey }));

    await expect(send({ project_name: 'Spring' })).rejects.toMatchObject({ status: 504 });
    await send({ project_name: 'Summer' });
    const [first, second] = keysSent(fetchMock);
    expect(second).not.toBe(first);
  });

  it('tells files of a form apart by name, size and date', async () => {
    const keys: string[] = [];
    const submit = createIdempotentSubmit();
    const fail = (values: unknown) =>
      submit(values, async (key) => {
        keys.push(key);
        throw new Error('timeout');
      }).catch(() => undefined);
    const form = (file: File) => {
      const body = new FormData();
      body.append('product', '[]');
      body.append('image', file);
      return body;
    };
    await fail(form(new File(['a'], 'a.png', { type: 'image/png', lastModified: 1 })));
    await fail(form(new File(['a'], 'a.png', { type: 'image/png', lastModified: 1 })));
    await fail(form(new File(['bb'], 'b.png', { type: 'image/png', lastModified: 1 })));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('keeps one submit state for the life of the component', () => {
    const { result, rerender } = renderHook(() => useIdempotentSubmit());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it('makes a version 4 UUID where the browser has no randomUUID (plain http)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    const key = newIdempotencyKey();
    vi.unstubAllGlobals();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sends the key on multipart uploads too', async () => {
    const sent = stubUpload(201, { result: true });
    await uploadForm('/bff/api/product/?service=DL', { method: 'POST', body: new FormData(), idempotencyKey: 'k-1' });
    expect(sent[0].headers).toMatchObject({ 'Idempotency-Key': 'k-1', 'X-CSRF': '1' });
  });
});
