// A bare @fastify/http-proxy that stamps when it got the request and when the upstream's answer
// reached it, on the machine's monotonic clock. Run as a child of hop-legs.mjs; it reports its
// port over IPC.
import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';

const receivedAt = Symbol('receivedAt');
const app = Fastify({ logger: false });
app.addHook('onRequest', (request, _reply, done) => {
  request[receivedAt] = process.hrtime.bigint();
  done();
});
await app.register(proxy, {
  upstream: process.argv[2],
  prefix: '/bff/api',
  rewritePrefix: '/api',
  replyOptions: {
    onResponse(request, reply, res) {
      reply.header('x-proxy-received-at', String(request[receivedAt])).header('x-proxy-answered-at', String(process.hrtime.bigint()));
      reply.send(res.stream);
    },
  },
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.send({ port: app.server.address().port });
process.on('disconnect', () => app.close().then(() => process.exit(0)));
