import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * EPCIS query end to end, as a standard client sees it: through the gateway's /epcis with an API
 * key made in the console, events captured in EPC URN form are found by Digital Link and URN
 * filters, the Link header's next page works as given, a named query runs, and a webhook
 * subscription receives a new event once, signed.
 */

let stack: Stack;
let key: string;
beforeAll(async () => {
  stack = await startStack({ EPCIS_WEBHOOK_ALLOW_PRIVATE: 'true', EPCIS_SUBSCRIPTION_INTERVAL_MS: '200' });
  const cookie = await signInThroughGateway(stack.gateway, 'manager@demo.example');
  key = (await gateway().post('/bff/api/auth/api-keys').set('Cookie', cookie).set('X-CSRF', '1').send({ name: 'Query client' }).expect(201)).body.result.key;
});
afterAll(async () => {
  await stack?.close();
});

const gateway = () => request(stack.gateway.server);
const auth = () => ({ Authorization: `Bearer ${key}` });

const SERIALS = ['Q1', 'Q2', 'Q3', 'Q4', 'Q5'];
const event = (serial: string, minute: number, bizStep: string) => ({
  type: 'ObjectEvent',
  eventID: `urn:uuid:2e0a2e0a-0000-4000-8000-00000000000${serial.slice(1)}`,
  eventTime: `2026-04-01T10:0${minute}:00.000+02:00`,
  eventTimeZoneOffset: '+02:00',
  epcList: [`urn:epc:id:sgtin:0614141.107346.${serial}`],
  action: 'OBSERVE',
  bizStep,
  readPoint: { id: 'urn:epc:id:sgln:0614141.00333.0' },
});

async function capture(events: unknown[]): Promise<void> {
  const document = { '@context': ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld'], type: 'EPCISDocument', schemaVersion: '2.0', creationDate: '2026-04-01T10:00:00Z', epcisBody: { eventList: events } };
  const location = (await gateway().post('/epcis/capture').set(auth()).set('Content-Type', 'application/ld+json').send(JSON.stringify(document)).expect(202)).headers.location as string;
  for (let i = 0; i < 200; i += 1) {
    const job = (await gateway().get(location).set(auth()).expect(200)).body;
    if (!job.running) {
      expect(job.success).toBe(true);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('capture did not finish');
}

const ids = (body: { epcisBody: { queryResults: { resultsBody: { eventList: { eventID: string }[] } } } }) =>
  body.epcisBody.queryResults.resultsBody.eventList.map((item) => item.eventID);

describe('EPCIS query through the gateway', () => {
  beforeAll(async () => {
    await capture(SERIALS.map((serial, index) => event(serial, index, index % 2 === 0 ? 'shipping' : 'receiving')));
  });

  it('finds events by URN and Digital Link forms, and pages by the Link header as given', async () => {
    const byUrn = await gateway().get('/epcis/events').query({ MATCH_epc: 'urn:epc:id:sgtin:0614141.107346.Q2' }).set(auth()).expect(200);
    expect(byUrn.headers['gs1-epcis-version']).toBe('2.0.0');
    expect(byUrn.headers['gs1-cbv-version']).toBe('2.0.0');
    expect(ids(byUrn.body)).toEqual(['urn:uuid:2e0a2e0a-0000-4000-8000-000000000002']);
    const byLink = await gateway().get('/epcis/events').query({ MATCH_epc: 'https://brand.example/01/10614141073464/21/Q2' }).set(auth()).expect(200);
    expect(ids(byLink.body)).toEqual(ids(byUrn.body));
    const asLinks = await gateway().get('/epcis/events').query({ MATCH_epc: 'urn:epc:id:sgtin:0614141.107346.Q2' }).set(auth()).set('GS1-EPC-Format', 'Always_GS1_Digital_Link').expect(200);
    expect(asLinks.body.epcisBody.queryResults.resultsBody.eventList[0].epcList).toEqual(['https://id.gs1.org/01/10614141073464/21/Q2']);

    const seen: string[] = [];
    let next: string | null = '/epcis/events?EQ_readPoint=urn%3Aepc%3Aid%3Asgln%3A0614141.00333.0&perPage=2';
    let pages = 0;
    while (next) {
      const page: request.Response = await gateway().get(next).set(auth()).expect(200);
      seen.push(...ids(page.body));
      next = /^<([^>]+)>; rel="next"$/.exec(page.headers.link ?? '')?.[1] ?? null;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(SERIALS.map((serial) => `urn:uuid:2e0a2e0a-0000-4000-8000-00000000000${serial.slice(1)}`));

    // An eventID is a URI of any length, percent-encoded into one path segment.
    const longId = `https://events.example.com/epcis/${'segment-'.repeat(30)}end`;
    await capture([{ ...event('Q9', 9, 'receiving'), eventID: longId, readPoint: { id: 'urn:epc:id:sgln:0614141.00334.0' } }]);
    const single = await gateway().get(`/epcis/events/${encodeURIComponent(longId)}`).set(auth()).expect(200);
    expect(ids(single.body)).toEqual([longId]);

    const problem = await gateway().get('/epcis/events?EQ_colour=blue').set(auth()).expect(400);
    expect(problem.headers['content-type']).toContain('application/problem+json');
    expect(problem.body).toMatchObject({ type: 'epcisException:QueryParameterException' });
  });

  it('runs a named query and delivers new matching events to a subscribed webhook, signed', async () => {
    await gateway().post('/epcis/queries').set(auth()).send({ name: 'dock-3-shipping', query: { EQ_bizStep: ['shipping'], EQ_readPoint: ['urn:epc:id:sgln:0614141.00333.0'] } }).expect(201);
    const run = await gateway().get('/epcis/queries/dock-3-shipping/events').set(auth()).expect(200);
    expect(ids(run.body)).toHaveLength(3);

    const bodies: { body: string; signature: string | undefined }[] = [];
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        bodies.push({ body, signature: req.headers['gs1-signature'] as string | undefined });
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const dest = `http://127.0.0.1:${(server.address() as AddressInfo).port}/epcis-hook`;
      await gateway().post('/epcis/queries/dock-3-shipping/subscriptions').set(auth()).send({ dest, signatureToken: 'dock-3', stream: true }).expect(201);
      await capture([{ ...event('Q6', 6, 'shipping'), eventID: 'urn:uuid:2e0a2e0a-0000-4000-8000-000000000006' }]);
      for (let i = 0; i < 200 && bodies.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(bodies).toHaveLength(1);
      expect(ids(JSON.parse(bodies[0].body))).toEqual(['urn:uuid:2e0a2e0a-0000-4000-8000-000000000006']);
      expect(bodies[0].signature).toBe(`sha256=${createHmac('sha256', 'dock-3').update(bodies[0].body).digest('hex')}`);
    } finally {
      server.close();
    }
  });
});
