// Helpers of the EPCIS benchmarks: a throw-away PostgreSQL database, an API key of a demo
// company, and synthetic EPCIS 2.0 events shaped like a supply chain's (commissioning, packing,
// shipping, receiving, selling), deterministic for a given start number.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The demo API's INTERNAL_TOKEN (support/api-server.mjs): sign-in is a call only the gateway makes. */
export const BENCH_INTERNAL_TOKEN = 'bench-internal-token-of-at-least-32-chars';
export const DEMO_MANAGERS = { acme: 'manager@demo.example', nordic: 'manager@nordic.example' };
export const DEMO_PASSWORD = 'Demo-pass-2026';

/** The PostgreSQL server of the benchmarks: BENCH_DATABASE_URL, else DATABASE_URL, else the local one. */
export function benchServerUrl() {
  return process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

async function onServer(serverUrl, statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates an empty database on the server of `serverUrl`; answers its URL and a `drop()`. */
export async function createBenchDatabase(serverUrl = benchServerUrl(), prefix = 'bench_epcis') {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * The database of a benchmark that loads a large store: a new one (`fresh`), or the one an earlier
 * run kept when `reuse` names it. `finish(keep)` drops a new one unless it is to be kept, and says
 * which database stays.
 */
export async function loadBenchDatabase(prefix, reuse, serverUrl = benchServerUrl()) {
  if (!reuse) {
    const created = await createBenchDatabase(serverUrl, prefix);
    return {
      ...created,
      fresh: true,
      async finish(keep) {
        if (keep) console.log(`\nkept database ${created.name}`);
        else await created.drop().catch((error) => console.error(`could not drop ${created.name}: ${error.message}`));
      },
    };
  }
  const url = new URL(serverUrl);
  url.pathname = `/${reuse}`;
  return { name: reuse, url: url.toString(), fresh: false, finish: async () => console.log(`\nmeasured on ${reuse}, kept`) };
}

/** Signs a demo manager in on the API and creates an API key of its company; answers the key. */
export async function demoApiKey(apiUrl, email = DEMO_MANAGERS.acme) {
  const signIn = await fetch(`${apiUrl}/api/auth/sign/in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': BENCH_INTERNAL_TOKEN },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in of ${email} answered ${signIn.status}: ${await signIn.text()}`);
  const { Authorization } = await signIn.json();
  const created = await fetch(`${apiUrl}/api/auth/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: Authorization },
    body: JSON.stringify({ name: 'benchmark' }),
  });
  if (created.status !== 201) throw new Error(`API key creation answered ${created.status}: ${await created.text()}`);
  return (await created.json()).result.key;
}

export const EPCIS_CONTEXT = ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld', { bench: 'https://bench.example.com/epcis/' }];

const STEPS = [
  { bizStep: 'commissioning', disposition: 'active', action: 'ADD' },
  { bizStep: 'packing', disposition: 'in_progress', action: 'OBSERVE' },
  { bizStep: 'shipping', disposition: 'in_transit', action: 'OBSERVE' },
  { bizStep: 'receiving', disposition: 'in_progress', action: 'OBSERVE' },
  { bizStep: 'retail_selling', disposition: 'retail_sold', action: 'OBSERVE' },
];
const OFFSETS = ['+01:00', '+02:00', '-05:00', '+09:00', '+00:00'];
const DAY_MS = 86_400_000;
const START_MS = Date.UTC(2025, 0, 1);

/** `digits` followed by its GS1 check digit. */
function withCheckDigit(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** GTIN-14 of product `n` of company prefix 0614141. */
const gtin = (n) => withCheckDigit(`10614141${String(n % 100_000).padStart(5, '0')}`);
/** GLN of site `n` of company prefix 0614141. */
const gln = (n) => withCheckDigit(`0614141${String(n).padStart(5, '0')}`);

/** `n`-th synthetic event: one serialised item of one of 1 000 products at one of five steps, spread over a year. */
export function syntheticEvent(n, { withEventId = false } = {}) {
  const step = STEPS[n % STEPS.length];
  const item = Math.floor(n / STEPS.length);
  const offset = OFFSETS[item % OFFSETS.length];
  const time = new Date(START_MS + (item % 365) * DAY_MS + (n % 86_400) * 1000 + (n % STEPS.length) * 3_600_000);
  const local = new Date(time.getTime() + (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4))) * 60_000);
  const site = item % 50;
  const event = {
    type: 'ObjectEvent',
    eventTime: `${local.toISOString().slice(0, 23)}${offset}`,
    eventTimeZoneOffset: offset,
    epcList: [`https://id.gs1.org/01/${gtin(item % 1000)}/21/S${item}`],
    action: step.action,
    bizStep: step.bizStep,
    disposition: step.disposition,
    readPoint: { id: `https://id.gs1.org/414/${gln(site)}/254/${n % 3}` },
    bizLocation: { id: `https://id.gs1.org/414/${gln(site)}` },
    bizTransactionList: [{ type: 'po', bizTransaction: `urn:epcglobal:cbv:bt:0614141000005:PO${Math.floor(item / 10)}` }],
    'bench:batch': `B${Math.floor(item / 100)}`,
  };
  if (step.bizStep === 'shipping') {
    event.sourceList = [{ type: 'owning_party', source: 'https://id.gs1.org/417/0614141000005' }];
    event.destinationList = [{ type: 'owning_party', destination: 'https://id.gs1.org/417/0614141000012' }];
  }
  if (withEventId) event.eventID = `urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return event;
}

/** An EPCISDocument of `count` synthetic events from number `first`. */
export function syntheticDocument(first, count, options) {
  return {
    '@context': EPCIS_CONTEXT,
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: new Date(START_MS).toISOString(),
    epcisBody: { eventList: Array.from({ length: count }, (_, i) => syntheticEvent(first + i, options)) },
  };
}
