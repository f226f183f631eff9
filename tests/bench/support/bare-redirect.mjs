// Reference point of the resolver budget: a bare Fastify route answering a fixed 307, with
// nothing else (no hooks, no metrics, no logging). Run as a child of resolver.mjs; it reports
// its port over IPC.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/01/:gtin', (_request, reply) => reply.code(307).header('location', 'https://brand.example/boots').send());
await app.listen({ host: '127.0.0.1', port: 0 });
process.send({ port: app.server.address().port });
process.on('disconnect', () => app.close().then(() => process.exit(0)));
