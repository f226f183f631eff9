// A bare Fastify app standing in for the API's internal resolver routes: one product's record
// (behind the internal token) and a scan sink that counts. Run as a child of resolver.mjs; it
// reports its port over IPC, and answers 'counts' messages with what it received.
import { Buffer } from 'node:buffer';
import Fastify from 'fastify';

const [internalToken] = process.argv.slice(2);
const GTIN = '09506000134352';
const entry = {
  entryPath: `/01/${GTIN}`,
  entryId: 1,
  productId: 42,
  companyId: 1,
  title: 'Trail boots',
  links: [
    { linkType: 'gs1:pip', href: 'https://brand.example/boots', title: 'Product Information', lang: 'en', type: 'text/html', isDefault: true, qualifierPath: null, order: 1 },
    { linkType: 'gs1:pip', href: 'https://brand.example/ko/boots', title: 'Product Information', lang: 'ko', type: 'text/html', isDefault: false, qualifierPath: null, order: 2 },
    { linkType: 'gs1:dpp', href: 'https://brand.example/boots/passport', title: 'Digital Product Passport', lang: null, type: 'text/html', isDefault: false, qualifierPath: null, order: 3 },
  ],
};

let lookups = 0;
let scans = 0;
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/api/internal/resolver/entry', async (request, reply) => {
  if (request.headers['x-internal-token'] !== internalToken) return reply.code(401).send({ code: 'E401005', message: 'no' });
  lookups += 1;
  if (request.query.entryPath !== entry.entryPath) return reply.code(404).send({ code: 'E404001', message: 'not found' });
  return entry;
});
// Batches are counted, not parsed: the stand-in shares the machine with what is measured.
app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
const SCAN_START = Buffer.from('{"entryPath"');
app.post('/api/internal/resolver/scans', async (request, reply) => {
  if (request.headers['x-internal-token'] !== internalToken) return reply.code(401).send({ code: 'E401005', message: 'no' });
  let accepted = 0;
  for (let at = request.body.indexOf(SCAN_START); at !== -1; at = request.body.indexOf(SCAN_START, at + 1)) accepted += 1;
  scans += accepted;
  return reply.code(202).send({ accepted });
});

await app.listen({ host: '127.0.0.1', port: 0 });
process.send({ port: app.server.address().port });
process.on('message', (message) => {
  if (message === 'counts') process.send({ lookups, scans });
});
process.on('disconnect', () => app.close().then(() => process.exit(0)));
