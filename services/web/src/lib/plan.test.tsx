import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { useLinkLimitCheck, usePlanInfo, useProductLimitCheck } from '@/lib/plan';
import { makePlan } from '@/testing/fixtures';

type Answer = { status?: number; body: unknown };

/** Answers by path; the plan module is below the router, so no route table is needed. */
function mockBff(routes: Record<string, Answer | ((url: URL) => Answer)>) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const route = routes[url.pathname];
    const answer = typeof route === 'function' ? route(url) : (route ?? { status: 404, body: {} });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const freshCache = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>
);

const requestedPaths = (fetchMock: ReturnType<typeof mockBff>) =>
  (fetchMock.mock.calls as unknown as [string][]).map(([input]) => input);

describe('the plan module', () => {
  beforeEach(() => {
    configureApiClient({ navigate: vi.fn(), alert: vi.fn(), onUnauthenticated: vi.fn() });
  });

  it('reads the company plan once for every screen that shows it', async () => {
    const fetchMock = mockBff({ '/bff/api/service/plan/info': { body: { result: makePlan({ planName: 'Starter' }) } } });
    const { result } = renderHook(() => [usePlanInfo(), usePlanInfo()] as const, { wrapper: freshCache });

    await waitFor(() => expect(result.current[0].data?.result.planName).toBe('Starter'));
    expect(result.current[1].data?.result.planName).toBe('Starter');
    expect(requestedPaths(fetchMock)).toEqual(['/bff/api/service/plan/info']);
  });

  it('asks the product limit each time the user sets out to add a product, and is busy meanwhile', async () => {
    let isLimit = false;
    const fetchMock = mockBff({ '/bff/plan/check/product': () => ({ body: { isLimit } }) });
    const { result } = renderHook(() => useProductLimitCheck(), { wrapper: freshCache });
    expect(result.current.checking).toBe(false);

    let pending!: Promise<boolean>;
    act(() => {
      pending = result.current.check();
    });
    expect(result.current.checking).toBe(true);
    await act(async () => expect(await pending).toBe(false));
    expect(result.current.checking).toBe(false);

    isLimit = true;
    await act(async () => expect(await result.current.check()).toBe(true));
    expect(requestedPaths(fetchMock)).toEqual(['/bff/plan/check/product', '/bff/plan/check/product']);
  });

  it('counts a failed check as reached (spec point 8)', async () => {
    mockBff({ '/bff/plan/check/product': { status: 503, body: { code: 'E503001', message: 'Unable to connect to the service' } } });
    const { result } = renderHook(() => useProductLimitCheck(), { wrapper: freshCache });

    await act(async () => expect(await result.current.check()).toBe(true));
  });

  it('asks the link limit of the product in hand', async () => {
    const fetchMock = mockBff({ '/bff/plan/check/link': (url) => ({ body: { isLimit: url.searchParams.get('productId') === '7' } }) });
    const { result, rerender } = renderHook(({ productId }) => useLinkLimitCheck(productId), { wrapper: freshCache, initialProps: { productId: 7 } });

    await act(async () => expect(await result.current.check()).toBe(true));
    rerender({ productId: 8 });
    await act(async () => expect(await result.current.check()).toBe(false));
    expect(requestedPaths(fetchMock)).toEqual(['/bff/plan/check/link?productId=7', '/bff/plan/check/link?productId=8']);
  });
});
