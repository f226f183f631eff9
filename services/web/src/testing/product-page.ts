import { makeLink, makePlan, makeProductResponse, makeSession, projects } from '@/testing/fixtures';
import { mockBff } from '@/testing/test-utils';

export type Routes = Parameters<typeof mockBff>[0];

/** The console shell's calls plus a product with links and serials; `extra` overrides any of them. */
export function productApi(extra: Routes = {}, session = makeSession({ roleId: 2 })) {
  return mockBff({
    '/bff/auth/me': { body: session },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/product/': { body: makeProductResponse() },
    '/bff/api/product/cert-info': { body: { result: [] } },
    '/bff/api/entry/links/active': {
      body: {
        result: [
          makeLink({ linkId: 2, order: 7, linkType: 'gs1:homepage', title: 'Brand', isAuto: true, targetUrl: 'https://acme.test/brand' }),
          makeLink({ linkId: 1, order: 3, linkType: 'gs1:pip', title: 'Product Information', isDefault: true, lang: 'en' }),
        ],
      },
    },
    '/bff/api/entry/qualifiers/all': { body: { result: [], pageInfo: { total: 0, page: 1, size: 10 } } },
    '/bff/api/entry/qualifiers/all/product': { body: { result: [] } },
    '/bff/api/product/codes/jobs': { body: { result: [], pageInfo: { total: 0, page: 1, size: 5 } } },
    '/bff/api/entry/links/rules': { body: { result: [] } },
    '/bff/api/service/redirect-rules': { body: { result: [] } },
    '/bff/api/entry/batches/all': { body: { result: [], pageInfo: { total: 0, page: 1, size: 10 } } },
    '/bff/api/recall/all': { body: { result: [], pageInfo: { total: 0, page: 1, size: 5 } } },
    ...extra,
  });
}

export function callsTo(fetchMock: ReturnType<typeof mockBff>, method: string, pathname: string) {
  return (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
    .map(([input, init]) => ({ url: new URL(input, 'http://localhost'), init }))
    .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method);
}

