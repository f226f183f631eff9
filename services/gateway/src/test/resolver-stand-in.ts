import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { ResolverEntry } from '@product-console/shared';
import { USERS } from './fake-upstream.js';

/** A valid GTIN-14 whose product the stand-in knows. */
export const GTIN = '09506000134352';

const entry: ResolverEntry = {
  entryPath: `/01/${GTIN}`,
  entryId: 7,
  productId: 42,
  companyId: 3,
  title: 'Trail boots',
  links: [{ linkType: 'gs1:pip', href: 'https://brand.example/boots', title: 'Product', lang: 'en', type: 'text/html', isDefault: true, qualifierPath: null, order: 1 }],
};

export interface ResolverStandIn {
  url: string;
  close(): Promise<void>;
}

/**
 * The API as far as a gateway's public routes need it: the resolver's data of one product (so its
 * scans take the fast path once cached), sign-in with the given tokens, and 200 for anything else.
 */
export async function startResolverStandIn(tokens = { accessToken: 'stand-in-access', refreshToken: 'stand-in-refresh' }): Promise<ResolverStandIn> {
  const api = Fastify({ logger: false });
  api.post('/api/auth/sign/in', async () => ({ Authorization: `Bearer ${tokens.accessToken}`, authToken: tokens.refreshToken, user: USERS['manager@demo.example'] }));
  api.get<{ Querystring: { entryPath?: string } }>('/api/internal/resolver/entry', async (request, reply) =>
    request.query.entryPath === entry.entryPath ? entry : reply.code(404).send({ code: 'E404001', message: 'not found' }),
  );
  api.all('/*', async () => ({ result: true }));
  await api.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`, close: () => api.close() };
}
