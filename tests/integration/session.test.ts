import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

const PASSWORD = 'Demo-pass-2026';
let stack: Stack;

// Access tokens live three seconds: a test that waits past them runs through a real refresh, and
// the refreshed token outlives a slow request on a busy machine (one second did not).
beforeAll(async () => {
  stack = await startStack({ ACCESS_TOKEN_TTL_SECONDS: '3' });
});
afterAll(async () => {
  await stack?.close();
});

const signIn = (email: string) => signInThroughGateway(stack.gateway, email);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('console session through the gateway against the real API', () => {
  it('keeps a manager signed in across access-token expiry, without the browser seeing a token', async () => {
    const cookie = await signIn('manager@demo.example');
    await sleep(3500);
    const res = await request(stack.gateway.server).get('/bff/api/overview/total-count').set('Cookie', cookie).expect(200);
    expect(res.body.result.projects).toBe(3);
    expect(JSON.stringify(res.headers) + res.text).not.toMatch(/Bearer|eyJ/);
  });

  it('lets the super-admin switch into Acme and back through one session', async () => {
    const cookie = await signIn('super@demo.example');
    const customers = await request(stack.gateway.server).get('/bff/api/service/super/customer/list').set('Cookie', cookie).expect(200);
    const acme = customers.body.result.find((c: { serviceName: string }) => c.serviceName === 'acme');

    const switched = await request(stack.gateway.server)
      .post('/bff/auth/switch')
      .set('Cookie', cookie)
      .set('X-CSRF', '1')
      .send({ customerId: acme.customerId })
      .expect(200);
    expect(switched.body).toMatchObject({ switchedCustomerId: acme.customerId, user: { roleId: 1, serviceName: 'acme' } });

    await sleep(3500);
    const counts = await request(stack.gateway.server).get('/bff/api/overview/total-count').set('Cookie', cookie).expect(200);
    expect(counts.body.result.projects).toBe(3);

    const left = await request(stack.gateway.server).delete('/bff/auth/switch').set('Cookie', cookie).set('X-CSRF', '1').expect(200);
    expect(left.body.switchedCustomerId).toBeNull();
    await request(stack.gateway.server).get('/bff/api/overview/total-count').set('Cookie', cookie).expect(403);
  });

  it("keeps one company's projects away from another company's manager", async () => {
    const acme = await signIn('manager@demo.example');
    const nordic = await signIn('manager@nordic.example');
    const projects = await request(stack.gateway.server).get('/bff/api/project/all').set('Cookie', acme).expect(200);
    const acmeProjectId = projects.body.result[0].project_id;

    await request(stack.gateway.server).get(`/bff/api/project/${acmeProjectId}`).set('Cookie', nordic).expect(404);
    await request(stack.gateway.server)
      .patch(`/bff/api/project/${acmeProjectId}`)
      .set('Cookie', nordic)
      .set('X-CSRF', '1')
      .send({ name: 'Taken over' })
      .expect(404);
    const still = await request(stack.gateway.server).get(`/bff/api/project/${acmeProjectId}`).set('Cookie', acme).expect(200);
    expect(still.body.result.project_name).not.toBe('Taken over');
  });

  it('shows the approval message to a user of an unapproved company', async () => {
    const res = await request(stack.gateway.server)
      .post('/bff/auth/sign-in')
      .set('X-CSRF', '1')
      .send({ email: 'pending@borealis.example', password: PASSWORD })
      .expect(401);
    expect(res.body).toEqual({
      code: 'E401004',
      message: 'Your company has not been authorized yet. Please wait a moment.',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('ends the session on sign-out', async () => {
    const cookie = await signIn('manager@demo.example');
    await request(stack.gateway.server).post('/bff/auth/sign-out').set('Cookie', cookie).set('X-CSRF', '1').expect(200);
    await request(stack.gateway.server).get('/bff/auth/me').set('Cookie', cookie).expect(401);
  });
});
