// A stand-in API that works on each request for a set time (argument, ms of CPU, as the real API
// does on its database) and stamps when it got the request and when it answered, on the machine's
// monotonic clock, which every process on the machine shares. Run as a child of hop-legs.mjs; it
// reports its port over IPC.
import Fastify from 'fastify';

const workNs = BigInt(Math.round(Number(process.argv[2] ?? 0) * 1e6));
const now = () => process.hrtime.bigint();
const app = Fastify({ logger: false });
app.get('/api/item', (_request, reply) => {
  const received = now();
  while (now() - received < workNs); // busy, like a query on the API's own thread
  reply.header('x-received-at', String(received)).header('x-answered-at', String(now())).send({ productId: 42, name: 'Trail boots' });
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.send({ port: app.server.address().port });
process.on('disconnect', () => app.close().then(() => process.exit(0)));
