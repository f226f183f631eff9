// A bare Fastify app standing in for the API's internal resolver routes: two products' records
// (behind the internal token), the second with redirect rules, and a scan sink that counts. Run as a child of resolver.mjs; it
// reports its port over IPC, and answers 'counts' messages with what it received.
import { Buffer } from 'node:buffer';
import Fastify from 'fastify';

const [internalToken] = process.argv.slice(2);
const GTIN = '09506000134352';
const RULES_GTIN = '09506000134369';
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

// Several rules of each kind (decision 077), none of which takes the benchmark's scan (an iPhone
// on loopback, English, no batch or serial) until the last one: every scan evaluates them all, a
// country lookup included.
const DAY = 86_400_000;
const rule = (fields) => ({
  ruleId: 1, level: 'product', linkType: 'gs1:pip', countries: [], languages: [], devices: [], startsAt: null, endsAt: null, batch: 'any', serial: 'any', ...fields,
});
const rulesEntry = {
  ...entry,
  entryPath: `/01/${RULES_GTIN}`,
  productId: 43,
  title: 'Trail boots with campaigns',
  rules: [
    rule({ targetUrl: 'https://brand.example/de', countries: ['DE', 'AT', 'CH'] }),
    rule({ targetUrl: 'https://brand.example/fr', languages: ['fr'] }),
    rule({ targetUrl: 'https://brand.example/android', devices: ['android'] }),
    rule({ targetUrl: 'https://brand.example/past', startsAt: new Date(Date.now() - 60 * DAY).toISOString(), endsAt: new Date(Date.now() - 30 * DAY).toISOString() }),
    rule({ targetUrl: 'https://brand.example/batch', batch: 'with' }),
    rule({ targetUrl: 'https://brand.example/serial', serial: 'with' }),
    rule({ targetUrl: 'https://brand.example/dpp-jp', linkType: 'gs1:dpp', countries: ['JP'] }),
    rule({ level: 'company', targetUrl: 'https://brand.example/kr', countries: ['KR'] }),
    rule({ level: 'company', targetUrl: 'https://brand.example/spring', devices: ['ios'], startsAt: new Date(Date.now() - DAY).toISOString(), endsAt: new Date(Date.now() + 30 * DAY).toISOString() }),
  ],
};
const records = new Map([entry, rulesEntry].map((record) => [record.entryPath, record]));

let lookups = 0;
let scans = 0;
const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/api/internal/resolver/entry', async (request, reply) => {
  if (request.headers['x-internal-token'] !== internalToken) return reply.code(401).send({ code: 'E401005', message: 'no' });
  lookups += 1;
  return records.get(request.query.entryPath) ?? reply.code(404).send({ code: 'E404001', message: 'not found' });
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
