import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * EPCIS capture end to end: a manager makes an API key in the console (through the BFF, with the
 * session), a machine client captures with it through the gateway's /epcis (no session), the job
 * reports its outcome, and the revoked key is refused.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const gateway = () => request(stack.gateway.server);

const DOCUMENT = {
  '@context': ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld', { acme: 'https://acme.example.com/epcis/' }],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2026-03-01T10:00:00.000+01:00',
  epcisBody: {
    eventList: [
      {
        type: 'ObjectEvent',
        eventID: 'urn:uuid:1c0a1c0a-0000-4000-8000-000000000001',
        eventTime: '2026-03-01T09:00:00.000+01:00',
        eventTimeZoneOffset: '+01:00',
        epcList: ['urn:epc:id:sgtin:0614141.107346.2018'],
        action: 'ADD',
        bizStep: 'commissioning',
        disposition: 'active',
        'acme:line': 'L4',
      },
    ],
  },
};

describe('EPCIS capture through the gateway', () => {
  it('takes a capture with a key made in the console, reports the job, and refuses the key once revoked', async () => {
    const cookie = await signInThroughGateway(stack.gateway, 'manager@demo.example');
    const created = await gateway().post('/bff/api/auth/api-keys').set('Cookie', cookie).set('X-CSRF', '1').send({ name: 'Line 4 scanner' }).expect(201);
    const { apiKeyId, key } = created.body.result;

    const accepted = await gateway()
      .post('/epcis/capture')
      .set('Authorization', `Bearer ${key}`)
      .set('Content-Type', 'application/ld+json')
      .send(JSON.stringify(DOCUMENT))
      .expect(202);
    expect(accepted.headers['gs1-epcis-version']).toBe('2.0.0');
    const location = accepted.headers.location as string;
    expect(location).toMatch(/^\/epcis\/capture\/[0-9a-f-]{36}$/);

    let job: { running: boolean; success: boolean; storedCount: number } | undefined;
    for (let i = 0; i < 200 && (!job || job.running); i += 1) {
      job = (await gateway().get(location).set('Authorization', `Bearer ${key}`).expect(200)).body;
      if (job?.running) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(job).toMatchObject({ running: false, success: true, storedCount: 1 });

    // The console lists the key with its last use; never the key itself.
    const listed = await gateway().get('/bff/api/auth/api-keys').set('Cookie', cookie).expect(200);
    expect(listed.text).not.toContain(key);
    expect(listed.body.result.find((k: { apiKeyId: string }) => k.apiKeyId === apiKeyId).lastUsedAt).not.toBeNull();

    // The console's session is no key: /epcis does not read cookies.
    const withCookie = await gateway().get('/epcis/capture').set('Cookie', cookie).expect(401);
    expect(withCookie.headers['content-type']).toContain('application/problem+json');

    await gateway().delete(`/bff/api/auth/api-keys/${apiKeyId}`).set('Cookie', cookie).set('X-CSRF', '1').expect(200);
    const refused = await gateway().get(location).set('Authorization', `Bearer ${key}`).expect(401);
    expect(refused.body).toMatchObject({ type: 'epcisException:SecurityException', status: 401 });
    expect(refused.headers['gs1-epcis-version']).toBe('2.0.0');
  });

  it('takes EPCIS 1.2 XML through the gateway, answers it back as EPCIS 2.0 XML, and refuses a DOCTYPE', async () => {
    const cookie = await signInThroughGateway(stack.gateway, 'manager@demo.example');
    const { key } = (await gateway().post('/bff/api/auth/api-keys').set('Cookie', cookie).set('X-CSRF', '1').send({ name: 'XML partner' }).expect(201)).body.result;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:1" xmlns:acme="https://acme.example.com/epcis/" schemaVersion="1.2" creationDate="2026-03-01T10:00:00Z">
  <EPCISBody><EventList><ObjectEvent>
    <eventTime>2026-03-01T09:30:00.000+01:00</eventTime><eventTimeZoneOffset>+01:00</eventTimeZoneOffset>
    <baseExtension><eventID>urn:uuid:1c0a1c0a-0000-4000-8000-0000000000a1</eventID></baseExtension>
    <epcList><epc>urn:epc:id:sgtin:0614141.107346.X1</epc></epcList>
    <action>OBSERVE</action><bizStep>urn:epcglobal:cbv:bizstep:shipping</bizStep>
    <acme:line>L5</acme:line>
  </ObjectEvent></EventList></EPCISBody>
</epcis:EPCISDocument>`;
    const accepted = await gateway().post('/epcis/capture').set('Authorization', `Bearer ${key}`).set('Content-Type', 'application/xml').send(xml).expect(202);
    let job: { running: boolean; success: boolean } | undefined;
    for (let i = 0; i < 200 && (!job || job.running); i += 1) {
      job = (await gateway().get(accepted.headers.location as string).set('Authorization', `Bearer ${key}`).expect(200)).body;
      if (job?.running) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(job).toMatchObject({ running: false, success: true });

    const id = encodeURIComponent('urn:uuid:1c0a1c0a-0000-4000-8000-0000000000a1');
    const asJson = await gateway().get(`/epcis/events/${id}`).set('Authorization', `Bearer ${key}`).expect(200);
    const [event] = asJson.body.epcisBody.queryResults.resultsBody.eventList;
    expect(event).toMatchObject({ type: 'ObjectEvent', bizStep: 'shipping', 'acme:line': 'L5', epcList: ['https://id.gs1.org/01/10614141073464/21/X1'] });
    expect(asJson.body['@context']).toContainEqual({ acme: 'https://acme.example.com/epcis/' });
    const asXml = await gateway().get(`/epcis/events/${id}`).set('Authorization', `Bearer ${key}`).set('Accept', 'application/xml').buffer(true).parse((res, done) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => done(null, text));
    });
    expect(asXml.status).toBe(200);
    expect(asXml.headers['content-type']).toContain('application/xml');
    expect(asXml.body).toContain('<epcisq:EPCISQueryDocument xmlns:epcisq="urn:epcglobal:epcis-query:xsd:2"');
    expect(asXml.body).toContain('<bizStep>urn:epcglobal:cbv:bizstep:shipping</bizStep>');
    expect(asXml.body).toContain('<acme:line>L5</acme:line>');

    const xxe = xml.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>').replace('L5', '&e;');
    const refused = await gateway().post('/epcis/capture').set('Authorization', `Bearer ${key}`).set('Content-Type', 'text/xml').send(xxe).expect(400);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.body.detail).toContain('DOCTYPE');
    expect(JSON.stringify(refused.body)).not.toContain('root:');
  });

  it('advertises the capture limits on OPTIONS through the gateway', async () => {
    const res = await gateway().options('/epcis/capture').expect(204);
    expect(res.headers['gs1-epcis-capture-limit']).toMatch(/^\d+$/);
    expect(res.headers['gs1-epcis-capture-file-size-limit']).toMatch(/^\d+$/);
    expect(res.headers.allow).toContain('POST');
  });
});
