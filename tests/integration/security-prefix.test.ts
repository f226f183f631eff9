import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { companies } from '../../services/api/src/modules/companies/tables.js';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * Finding 5 of the external probe, replayed through the gateway against the real API: a new
 * company signed up with Acme's GS1 company prefix (0614141), was approved, and made a GTIN that
 * the resolver then sent to its own page. Now a prefix belongs to one approved company: sign-up,
 * profile changes and approval refuse one that overlaps it (decision 022).
 */

const ACME_PREFIX = '0614141';
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const http = () => request(stack.gateway.server);

const signIn = (email: string) => signInThroughGateway(stack.gateway, email);

/** What the console's registration form sends through the public pass-through. */
function signUp(serviceName: string, gcps: string[]) {
  const newUser = {
    company_name: `Probe ${serviceName}`,
    service_name: serviceName,
    category_id: 1,
    email: `owner@${serviceName}.example`,
    gcps,
    first_name: 'Pro',
    last_name: 'Be',
    password: 'Probe-pass-2026',
    role_id: 2,
  };
  return http().post('/bff/public/auth/sign/up').set('X-CSRF', '1').field('newUser', JSON.stringify(newUser));
}

interface Customer {
  customerId: number;
  serviceName: string;
  permission: boolean;
  prefixConflicts: Array<{ prefix: string; heldPrefix: string; companyName: string; approved: boolean }>;
}

async function customers(superAdmin: string): Promise<Customer[]> {
  return (await http().get('/bff/api/service/super/customer/list').set('Cookie', superAdmin).expect(200)).body.result;
}

const approve = (superAdmin: string, customerId: number) =>
  http().put('/bff/api/service/super/customer/permission').set('Cookie', superAdmin).set('X-CSRF', '1').send({ customerId, permission: true });

describe("a company cannot claim another company's GS1 company prefix", () => {
  it("refuses a sign-up with Acme's prefix or a longer one inside it, without naming Acme", async () => {
    for (const gcps of [[ACME_PREFIX], ['7000002', `${ACME_PREFIX}9`]]) {
      const res = await signUp(`squat-${gcps.length}`, gcps).expect(400);
      const index = gcps.length - 1;
      expect(res.body).toMatchObject({ code: ERROR_CODES.COMPANY_PREFIX_TAKEN, details: [{ path: `newUser.gcps.${index}` }] });
      expect(res.body.details[0].message).toContain(gcps[index]);
      expect(res.text).not.toContain('Acme');
    }
    const superAdmin = await signIn('super@demo.example');
    expect((await customers(superAdmin)).map((c) => c.serviceName)).not.toContain('squat-1');
  });

  it("does not let the super-admin approve a pending company holding Acme's prefix, and shows why", async () => {
    // A company that signed up before sign-ups were checked is still waiting for approval.
    await stack.api.app.db.insert(companies).values({ companyName: 'Early Squatter', serviceName: 'early-squatter', gcps: [`${ACME_PREFIX}0`], permission: false });
    const superAdmin = await signIn('super@demo.example');
    const squatter = (await customers(superAdmin)).find((c) => c.serviceName === 'early-squatter')!;
    expect(squatter.prefixConflicts).toEqual([{ prefix: `${ACME_PREFIX}0`, heldPrefix: ACME_PREFIX, customerId: expect.any(Number), companyName: 'Acme Outdoor', approved: true }]);

    const refused = await approve(superAdmin, squatter.customerId).expect(409);
    expect(refused.body.code).toBe(ERROR_CODES.COMPANY_PREFIX_CONFLICT);
    expect(refused.body.details[0].message).toContain('Acme Outdoor');
    expect((await customers(superAdmin)).find((c) => c.serviceName === 'early-squatter')?.permission).toBe(false);
  });

  it("refuses a company's profile change to Acme's prefix and keeps its own", async () => {
    const nordic = await signIn('manager@nordic.example');
    const refused = await http()
      .put('/bff/api/auth/me/company-info')
      .set('Cookie', nordic)
      .set('X-CSRF', '1')
      .field('updateInfo', JSON.stringify({ companyName: 'Nordic Foods', gcps: ['7350053', ACME_PREFIX] }))
      .expect(400);
    expect(refused.body).toMatchObject({ code: ERROR_CODES.COMPANY_PREFIX_TAKEN, details: [{ path: 'updateInfo.gcps.1' }] });
    const info = await http().get('/bff/api/auth/me/company-info').set('Cookie', nordic).expect(200);
    expect(info.body.result.gcps).toEqual(['7350053']);
  });

  it('still registers companies with free prefixes; of two overlapping ones only the first approved holds it', async () => {
    await signUp('fresh-first', ['7000003']).expect(201);
    await signUp('fresh-second', ['70000031']).expect(201);
    const superAdmin = await signIn('super@demo.example');
    const listed = await customers(superAdmin);
    const first = listed.find((c) => c.serviceName === 'fresh-first')!;
    const second = listed.find((c) => c.serviceName === 'fresh-second')!;
    expect(second.prefixConflicts).toEqual([expect.objectContaining({ heldPrefix: '7000003', approved: false })]);

    await approve(superAdmin, first.customerId).expect(200);
    await approve(superAdmin, second.customerId).expect(409);
  });
});
