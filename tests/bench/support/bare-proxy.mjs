// Reference point: @fastify/http-proxy with nothing else (no session, no limits, no metrics),
// adding the stand-in API's bearer. What any Fastify proxy costs on this machine.
// Run as a child of proxy.mjs; it reports its port over IPC.
import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';

const [upstream, token] = process.argv.slice(2);
const app = Fastify({ logger: false });
await app.register(proxy, {
  upstream,
  prefix: '/bff/api',
  rewritePrefix: '/api',
  replyOptions: {
    rewriteRequestHeaders: (_request, headers) => ({ ...headers, authorization: `Bearer ${token}` }),
  },
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.send({ port: app.server.address().port });
process.on('disconnect', () => app.close().then(() => process.exit(0)));
