// A bare Fastify app standing in for the API: sign-in hands out a bearer, one JSON GET checks it.
// Run as a child of proxy.mjs; it reports its port over IPC.
import Fastify from 'fastify';

const TOKEN = 'bench-access-token';
const item = {
  productId: 42,
  name: 'Trail boots',
  gtin: '09506000134352',
  projectId: 7,
  isNFC: false,
  links: [
    { linkType: 'gs1:pip', href: 'https://example.com/boots', lang: 'en' },
    { linkType: 'gs1:sustainabilityInfo', href: 'https://example.com/boots/dpp', lang: 'en' },
  ],
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.post('/api/auth/sign/in', async () => ({
  Authorization: `Bearer ${TOKEN}`,
  authToken: 'bench-refresh-token',
  user: { userId: 1, roleId: 2, email: 'bench@demo.example', serviceName: 'bench' },
}));
app.get('/api/bench/item', async (request, reply) => {
  if (request.headers.authorization !== `Bearer ${TOKEN}`) return reply.code(401).send({ code: 'E401005', message: 'no' });
  return item;
});

await app.listen({ host: '127.0.0.1', port: 0 });
process.send({ port: app.server.address().port, token: TOKEN });
process.on('disconnect', () => app.close().then(() => process.exit(0)));
