import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * A live EPCIS query stream through the gateway (decision 082): a standard client opens
 * `/epcis/queries/{name}/events?stream=true` with `Upgrade: websocket` and its API key at the
 * gateway, which passes the upgrade to the API, and receives the events captured after it.
 */

let stack: Stack;
let key: string;
let wsBase: string;
beforeAll(async () => {
  stack = await startStack();
  await stack.gateway.listen({ host: '127.0.0.1', port: 0 });
  wsBase = `ws://127.0.0.1:${(stack.gateway.server.address() as AddressInfo).port}`;
  const cookie = await signInThroughGateway(stack.gateway, 'manager@demo.example');
  key = (await gateway().post('/bff/api/auth/api-keys').set('Cookie', cookie).set('X-CSRF', '1').send({ name: 'Stream client' }).expect(201)).body.result.key;
  await gateway().post('/epcis/queries').set(auth()).send({ name: 'shipped', query: { EQ_bizStep: 'shipping' } }).expect(201);
});
afterAll(async () => {
  await stack?.close();
});

const gateway = () => request(stack.gateway.server);
const auth = () => ({ Authorization: `Bearer ${key}` });

const event = (serial: string, bizStep: string) => ({
  type: 'ObjectEvent',
  eventTime: '2026-04-01T10:00:00.000+02:00',
  eventTimeZoneOffset: '+02:00',
  epcList: [`urn:epc:id:sgtin:0614141.107346.${serial}`],
  action: 'OBSERVE',
  bizStep,
});

interface Client {
  socket: WebSocket;
  messages: Record<string, unknown>[];
  closed: Promise<number>;
}

function open(path: string, headers: Record<string, string>): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${wsBase}${path}`, { headers });
    const messages: Record<string, unknown>[] = [];
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
    // The API's first ping says its stream is live (the gateway opens the caller's socket before it).
    socket.once('ping', () => resolve({ socket, messages, closed }));
    socket.once('unexpected-response', (_req, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

const eventList = (message: Record<string, unknown>) =>
  (message as { epcisBody: { queryResults: { resultsBody: { eventList: { epcList: string[] }[] } } } }).epcisBody.queryResults.resultsBody.eventList;

describe('EPCIS query stream through the gateway', () => {
  it('is told by a first ping that the stream is live, and receives an event captured through the gateway after it, in the format asked for', async () => {
    const client = await open('/epcis/queries/shipped/events?stream=true', { ...auth(), 'GS1-EPC-Format': 'Always_GS1_Digital_Link' });
    await gateway().post('/epcis/events').set(auth()).send(event('S9', 'receiving')).expect(201);
    await gateway().post('/epcis/events').set(auth()).send(event('S1', 'shipping')).expect(201);
    await expect.poll(() => client.messages.length, { timeout: 5_000 }).toBe(1);
    expect(client.messages[0]).toMatchObject({ type: 'EPCISQueryDocument', epcisBody: { queryResults: { queryName: 'shipped' } } });
    expect(eventList(client.messages[0]).map((item) => item.epcList)).toEqual([['https://id.gs1.org/01/10614141073464/21/S1']]);
    client.socket.close();
    expect(await client.closed).toBe(1005);
  });

  it('answers a key or a query the API refuses over HTTP, before any upgrade', async () => {
    const refused = (path: string, headers: Record<string, string>) => open(path, headers).then(
      (client) => {
        client.socket.close();
        return 'upgraded';
      },
      (err: Error) => err.message,
    );
    expect(await refused('/epcis/queries/shipped/events?stream=true', { Authorization: `Bearer pck_${'x'.repeat(43)}` })).toBe('refused: 401');
    expect(await refused('/epcis/queries/nothing/events?stream=true', auth())).toBe('refused: 404');
    expect(await refused('/epcis/events', auth())).toBe('refused: 404');
  });
});
