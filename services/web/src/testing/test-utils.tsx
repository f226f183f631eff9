import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import type { SWRConfiguration } from 'swr';
import { configureApiClient } from '@/lib/api-client';
import { AppProvider } from '@/app/provider';
import type { UiLanguage } from '@product-console/shared';
import { createAppRoutes } from '@/app/router';
import type { LoadedMessages } from '@/lib/i18n';
import en from '@/locales/en.json';

/** Tests see every failure at once: no retry, no deduplication window. */
const TEST_SWR = { dedupingInterval: 0, shouldRetryOnError: false, errorRetryCount: 0 };

export function renderWithProviders(ui: ReactElement, options: { swr?: SWRConfiguration } = {}) {
  return render(ui, { wrapper: ({ children }: { children: ReactNode }) => <AppProvider swr={{ ...TEST_SWR, ...options.swr }} messages={en}>{children}</AppProvider> });
}

type Handler = { status?: number; body?: unknown } | ((init: RequestInit | undefined, url: URL) => { status?: number; body?: unknown });

/**
 * Stubs `fetch` with answers per path ("GET /bff/auth/me" or just "/bff/auth/me");
 * an unlisted path answers 404 so that a test notices calls it did not expect.
 */
export function mockBff(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
    const answer = typeof handler === 'function' ? handler(init, url) : (handler ?? { status: 404, body: { code: 'E404001', message: 'Not found' } });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * Renders the real route table at `path`, with the router wired to the api client as at startup;
 * with the whole English catalogue unless `options` names the one loaded before the first render;
 * `options.swr` puts back what the tests' cache settings take out (the app's deduplication window).
 */
export function renderRoute(path: string, options: { language?: UiLanguage; messages?: LoadedMessages; swr?: SWRConfiguration } = {}) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  configureApiClient({ navigate: (to) => void router.navigate(to, { replace: true }) });
  const view = render(
    <AppProvider swr={{ ...TEST_SWR, ...options.swr }} language={options.language} messages={options.messages ?? en}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...view };
}
