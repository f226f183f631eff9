import Fastify from 'fastify';
import proxy from '@fastify/http-proxy';
const app = Fastify({ logger: false });
await app.register(proxy, { upstream: process.argv[2], prefix: '/bff/api', rewritePrefix: '/api', replyOptions: { rewriteRequestHeaders: (req, h) => ({ ...h, authorization: 'Bearer bench-access-token' }) } });
await app.listen({ host: '127.0.0.1', port: 0 });
process.send({ port: app.server.address().port, store: 'none' });
process.on('disconnect', () => app.close().then(() => process.exit(0)));
