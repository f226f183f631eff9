import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { finishedCapture } from '../../test/epcis.js';
import { demoSetUp } from '../../test/demo.js';
import { companies } from '../companies/tables.js';

/*
 * Live EPCIS streams over a real WebSocket (decision 082): a client holding
 * `GET /epcis/queries/{name}/events?stream=true` receives each newly captured matching event, also
 * when another API process stored it; the handshake is refused as any EPCIS call; streams are
 * bounded per key, pinged, and closed when the key is revoked or the named query deleted.
 */

type Json = Record<string, unknown>;

let t: TestApp;
let base: string;
let acme: string;
let acmeKey: string;
let acmeKeyId: string;
let serial = 1;

const PING_MS = 150;

function objectEvent(bizStep = 'shipping', extra: Json = {}): Json {
  return {
    type: 'ObjectEvent',
    eventTime: '2026-03-01T10:00:00.000+01:00',
    eventTimeZoneOffset: '+01:00',
    epcList: [`urn:epc:id:sgtin:0614141.107346.${serial++}`],
    action: 'OBSERVE',
    bizStep,
    readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234' },
    ...extra,
  };
}

const postEvent = (app: FastifyInstance, event: Json, key = acmeKey) =>
  app.inject({ method: 'POST', url: '/epcis/events', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, payload: JSON.stringify(event) });

async function createQuery(name: string, query: Json, key = acmeKey) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/epcis/queries',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ name, query }),
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function newKey(name: string): Promise<{ key: string; id: string }> {
  const created = (await call(t.app, acme, { method: 'POST', url: '/api/auth/api-keys', payload: { name } })).json().result;
  return { key: created.key as string, id: created.apiKeyId as string };
}

/** A client of one stream: its received documents, and its close once it came. */
interface Client {
  socket: WebSocket;
  documents: Json[];
  closed: Promise<{ code: number; reason: string }>;
}

function connect(path: string, key: string | null = acmeKey, options: WebSocket.ClientOptions = {}, url = base): Promise<Client> {
  return new Promise((resolve, reject) => {
    // Identifiers as captured (without the header a stream answers GS1 Digital Link URIs, the standard's default).
    const headers = { 'GS1-EPC-Format': 'Never_Translates', ...(key ? { authorization: `Bearer ${key}` } : {}) };
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${path}`, { ...options, headers });
    const documents: Json[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) => socket.on('close', (code, reason) => done({ code, reason: reason.toString() })));
    socket.on('message', (data) => documents.push(JSON.parse(data.toString()) as Json));
    socket.once('open', () => resolve({ socket, documents, closed }));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => reject(Object.assign(new Error(`handshake refused: ${response.statusCode}`), { status: response.statusCode, body, headers: response.headers })));
    });
    socket.once('error', (err) => reject(err));
  });
}

/** The handshake's refusal: status and problem type. */
async function refused(path: string, key: string | null = acmeKey): Promise<{ status: number; type: string; contentType: string }> {
  try {
    const client = await connect(path, key);
    client.socket.close();
  } catch (err) {
    const { status, body, headers } = err as { status: number; body: string; headers: Record<string, string> };
    return { status, type: (JSON.parse(body) as { type: string }).type, contentType: headers['content-type'] };
  }
  throw new Error(`${path} was not refused`);
}

const eventsOf = (document: Json) => ((document.epcisBody as Json).queryResults as Json).resultsBody as { eventList: Json[] };
const received = (client: Client) => client.documents.flatMap((document) => eventsOf(document).eventList);

beforeAll(async () => {
  t = await createTestApp({ EPCIS_STREAM_PING_MS: String(PING_MS), EPCIS_STREAMS_PER_KEY: '2' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ({ acme } = await demoSetUp(t.app));
  ({ key: acmeKey, id: acmeKeyId } = await newKey('stream tests'));
  await createQuery('shipments', { eventType: 'ObjectEvent', EQ_bizStep: 'shipping' });
  await createQuery('receipts', { EQ_bizStep: 'receiving' });
});
afterAll(async () => t?.close());

describe('GET /epcis/queries/{name}/events?stream=true over a WebSocket', () => {
  it('delivers a newly captured matching event, and not one the query does not match', async () => {
    const client = await connect('/epcis/queries/shipments/events?stream=true');
    const shipped = objectEvent('shipping');
    expect((await postEvent(t.app, objectEvent('receiving'))).statusCode).toBe(201);
    expect((await postEvent(t.app, shipped)).statusCode).toBe(201);
    await expect.poll(() => received(client).length, { timeout: 5_000 }).toBe(1);
    const [document] = client.documents;
    expect(document).toMatchObject({ type: 'EPCISQueryDocument', schemaVersion: '2.0', epcisBody: { queryResults: { queryName: 'shipments' } } });
    expect(typeof ((document.epcisBody as Json).queryResults as Json).subscriptionID).toBe('string');
    expect(received(client)[0]).toMatchObject({ type: 'ObjectEvent', bizStep: 'shipping', epcList: shipped.epcList });
    client.socket.close();
    await client.closed;
  });

  it('delivers the events of a capture job as one document, and nothing captured before the stream opened', async () => {
    expect((await postEvent(t.app, objectEvent('shipping'))).statusCode).toBe(201);
    const client = await connect('/epcis/queries/shipments/events?stream=true');
    const events = [objectEvent('shipping'), objectEvent('shipping'), objectEvent('receiving')];
    const response = await t.app.inject({
      method: 'POST',
      url: '/epcis/capture',
      headers: { authorization: `Bearer ${acmeKey}`, 'content-type': 'application/ld+json' },
      payload: JSON.stringify({
        '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
        type: 'EPCISDocument',
        schemaVersion: '2.0',
        creationDate: new Date().toISOString(),
        epcisBody: { eventList: events },
      }),
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(await finishedCapture(t.app, response.headers.location as string, acmeKey)).toMatchObject({ success: true });
    await expect.poll(() => received(client).length, { timeout: 5_000 }).toBe(2);
    expect(client.documents).toHaveLength(1);
    expect(received(client).map((event) => event.epcList)).toEqual([events[0].epcList, events[1].epcList]);
    client.socket.close();
  });

  it('reaches a socket on another API process: a capture stored by one replica', async () => {
    const other = await buildApp(t.config);
    try {
      await other.ready();
      const client = await connect('/epcis/queries/receipts/events?stream=true');
      expect((await postEvent(other, objectEvent('receiving'))).statusCode).toBe(201);
      await expect.poll(() => received(client).length, { timeout: 5_000 }).toBe(1);
      client.socket.close();
    } finally {
      await other.close();
    }
  });

  it("never sends another company's events", async () => {
    const [nordic] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'nordic'));
    const client = await connect('/epcis/queries/shipments/events?stream=true');
    // Stored for Nordic directly: its plan has no traceability, and its events are its own.
    const { storeEvents } = await import('./store.js');
    await storeEvents(t.app.db, nordic.id, [objectEvent('shipping')], { origin: 'capture', errorBehaviour: 'rollback' });
    expect((await postEvent(t.app, objectEvent('shipping'))).statusCode).toBe(201);
    await expect.poll(() => received(client).length, { timeout: 5_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received(client)).toHaveLength(1);
    client.socket.close();
  });

  it('refuses a handshake as any EPCIS call is refused, before the upgrade', async () => {
    expect(await refused('/epcis/queries/shipments/events?stream=true', null)).toMatchObject({ status: 401, type: 'epcisException:SecurityException' });
    expect(await refused('/epcis/queries/shipments/events?stream=true', 'pck_' + 'x'.repeat(43))).toMatchObject({ status: 401 });
    expect(await refused('/epcis/queries/nothing/events?stream=true')).toMatchObject({ status: 404, type: 'epcisException:NoSuchNameException' });
    expect(await refused('/epcis/queries/shipments/events')).toMatchObject({ status: 400, type: 'epcisException:SubscriptionControlsException' });
    expect(await refused('/epcis/queries/shipments/events?minute=5&hour=1')).toMatchObject({ status: 400, type: 'epcisException:SubscriptionControlsException' });
    expect(await refused('/epcis/queries/shipments/events?stream=true&perPage=3')).toMatchObject({ status: 400, type: 'epcisException:QueryParameterException' });
    expect((await refused('/epcis/queries/nothing/events?stream=true')).contentType).toContain('application/problem+json');
  });

  it('answers a plain GET with stream=true as a query parameter it does not take', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/epcis/queries/shipments/events?stream=true', headers: { authorization: `Bearer ${acmeKey}` } });
    expect(response.statusCode).toBe(400);
  });
});

describe('bounds of the streams', () => {
  it('holds a key to its number of open streams (429 past it) and frees the place when one closes', async () => {
    const { key } = await newKey('limit');
    const first = await connect('/epcis/queries/shipments/events?stream=true', key);
    const second = await connect('/epcis/queries/shipments/events?stream=true', key);
    expect(await refused('/epcis/queries/shipments/events?stream=true', key)).toMatchObject({ status: 429 });
    first.socket.close();
    await first.closed;
    await expect.poll(async () => (await connect('/epcis/queries/shipments/events?stream=true', key).then((c) => (c.socket.close(), 'open'), () => 'refused')), { timeout: 3_000 }).toBe('open');
    second.socket.close();
  });

  it('pings each stream and closes one that does not answer', async () => {
    const answering = await connect('/epcis/queries/shipments/events?stream=true');
    const pings: number[] = [];
    answering.socket.on('ping', () => pings.push(Date.now()));
    const silent = await connect('/epcis/queries/receipts/events?stream=true', acmeKey, { autoPong: false });
    const { code } = await silent.closed;
    expect(code).toBe(1006);
    expect(pings.length).toBeGreaterThanOrEqual(1);
    expect(answering.socket.readyState).toBe(WebSocket.OPEN);
    answering.socket.close();
  });

  it('closes the streams of a revoked key at once (1008)', async () => {
    const { key, id } = await newKey('revoked');
    const client = await connect('/epcis/queries/shipments/events?stream=true', key);
    const started = Date.now();
    const response = await call(t.app, acme, { method: 'DELETE', url: `/api/auth/api-keys/${id}` });
    expect(response.statusCode).toBe(200);
    const { code, reason } = await client.closed;
    expect(code).toBe(1008);
    expect(reason).toMatch(/revoked/);
    expect(Date.now() - started).toBeLessThan(PING_MS * 10);
    expect(acmeKeyId).not.toBe(id);
  });

  it('closes the streams of a deleted named query (1000)', async () => {
    await createQuery('short-lived', { EQ_bizStep: 'shipping' });
    const client = await connect('/epcis/queries/short-lived/events?stream=true');
    const response = await t.app.inject({ method: 'DELETE', url: '/epcis/queries/short-lived', headers: { authorization: `Bearer ${acmeKey}` } });
    expect(response.statusCode).toBe(204);
    expect(await client.closed).toMatchObject({ code: 1000 });
  });
});
