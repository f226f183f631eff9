import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { multipartBody } from '../../test/account-forms.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { conflictsAmong, conflictsByCompany, type PrefixHolder } from './prefixes.js';

const acme: PrefixHolder = { id: 1, companyName: 'Acme Outdoor', permission: true, gcps: ['0614141', '0614142'] };
const nordic: PrefixHolder = { id: 2, companyName: 'Nordic Foods', permission: true, gcps: ['7350053'] };
const squatter: PrefixHolder = { id: 3, companyName: 'Squatter', permission: false, gcps: ['06141419'] };

describe('overlapping company prefixes', () => {
  it('finds an equal, a longer and a shorter prefix, and nothing else', () => {
    expect(conflictsAmong(['0614141'], [acme, nordic])).toEqual([
      { prefix: '0614141', heldPrefix: '0614141', customerId: 1, companyName: 'Acme Outdoor', approved: true },
    ]);
    expect(conflictsAmong(['06141419'], [acme, nordic]).map((c) => c.heldPrefix)).toEqual(['0614141']);
    expect(conflictsAmong(['0614'], [acme, nordic]).map((c) => c.heldPrefix).sort()).toEqual(['0614141', '0614142']);
    expect(conflictsAmong(['0614143', '061414', '7350054', '73500'], [acme, nordic]).map((c) => `${c.prefix}>${c.heldPrefix}`)).toEqual([
      '061414>0614141',
      '061414>0614142',
      '73500>7350053',
    ]);
  });

  it("leaves out the asking company's own prefixes", () => {
    expect(conflictsAmong(['0614141'], [acme, nordic], acme.id)).toEqual([]);
  });

  it('agrees with the plain definition (one starts with the other) on random prefixes', () => {
    const digits = (length: number) => Array.from({ length }, () => '01'[Math.floor(Math.random() * 2)]).join('');
    const holders: PrefixHolder[] = Array.from({ length: 30 }, (_, id) => ({
      id,
      companyName: `C${id}`,
      permission: id % 2 === 0,
      gcps: Array.from({ length: 3 }, () => digits(4 + Math.floor(Math.random() * 3))),
    }));
    const asked = Array.from({ length: 20 }, () => digits(4 + Math.floor(Math.random() * 3)));
    const plain = [...new Set(asked)].flatMap((prefix) =>
      holders.flatMap((holder) => [...new Set(holder.gcps)].filter((held) => held.startsWith(prefix) || prefix.startsWith(held)).map((held) => `${prefix}>${held}@${holder.id}`)),
    );
    const found = conflictsAmong(asked, holders).map((c) => `${c.prefix}>${c.heldPrefix}@${c.customerId}`);
    expect(found.sort()).toEqual(plain.sort());
  });

  it('reports each overlapping pair on both companies, with whether the other is approved', () => {
    const byCompany = conflictsByCompany([acme, nordic, squatter]);
    expect(byCompany.get(acme.id)).toEqual([{ prefix: '0614141', heldPrefix: '06141419', customerId: 3, companyName: 'Squatter', approved: false }]);
    expect(byCompany.get(squatter.id)).toEqual([{ prefix: '06141419', heldPrefix: '0614141', customerId: 1, companyName: 'Acme Outdoor', approved: true }]);
    expect(byCompany.get(nordic.id)).toEqual([]);
  });
});

describe('one company per prefix, through the API', () => {
  let t: TestApp;
  let superAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = (await signIn(t.app, DEMO_USERS.superAdmin)).authorization;
  });
  afterAll(async () => {
    await t?.close();
  });

  let serial = 0;
  async function signUp(gcps: string[]) {
    serial += 1;
    const newUser = {
      company_name: `Prefix Test ${serial}`,
      service_name: `prefix-test-${serial}`,
      email: `owner${serial}@prefix.example`,
      gcps,
      first_name: 'Pat',
      last_name: 'Prefix',
      password: 'Prefix-pass-2026',
    };
    const { payload, headers } = await multipartBody({ newUser });
    return t.app.inject({ method: 'POST', url: '/api/auth/sign/up', payload, headers });
  }

  const listCustomers = async () =>
    (await call(t.app, superAdmin, { method: 'GET', url: '/api/service/super/customer/list' })).json().result as Array<{
      customerId: number;
      serviceName: string;
      permission: boolean;
      gcps: string[];
      prefixConflicts: Array<{ prefix: string; heldPrefix: string; companyName: string; approved: boolean }>;
    }>;

  /** The sign-up answer names no company (it must not tell whether one was created): look it up. */
  const customerIdOf = async (serviceName: string) => (await listCustomers()).find((customer) => customer.serviceName === serviceName)!.customerId;

  const approve = (customerId: number) =>
    call(t.app, superAdmin, { method: 'PUT', url: '/api/service/super/customer/permission', payload: { customerId, permission: true } });

  async function updateCompany(authorization: string, updateInfo: object) {
    const { payload, headers } = await multipartBody({ updateInfo });
    return call(t.app, authorization, { method: 'PUT', url: '/api/auth/me/company-info', payload, headers });
  }

  it("refuses a sign-up with an approved company's prefix, or one overlapping it, without naming the company", async () => {
    for (const [gcps, index] of [[['0614141'], 0], [['7000001', '06141419'], 1], [['0614'], 0]] as const) {
      const refused = await signUp([...gcps]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: ERROR_CODES.COMPANY_PREFIX_TAKEN, details: [{ path: `newUser.gcps.${index}` }] });
      expect(refused.json().details[0].message).toContain(gcps[index]);
      expect(refused.body).not.toContain('Acme');
    }
    expect((await listCustomers()).some((customer) => customer.gcps.includes('06141419'))).toBe(false);
  });

  it('lets a pending sign-up share a prefix with another pending one: neither holds it before approval', async () => {
    // Borealis Labs (pending) claims 0850001.
    const created = await signUp(['08500012']);
    expect(created.statusCode).toBe(201);
    const customers = await listCustomers();
    const borealis = customers.find((customer) => customer.serviceName === 'borealis')!;
    expect(borealis.prefixConflicts).toEqual([
      expect.objectContaining({ prefix: '0850001', heldPrefix: '08500012', companyName: `Prefix Test ${serial}`, approved: false }),
    ]);

    // The first one approved holds it; the other then cannot be approved.
    expect((await approve(await customerIdOf(created.json().result.serviceName))).statusCode).toBe(200);
    const refused = await approve(borealis.customerId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: ERROR_CODES.COMPANY_PREFIX_CONFLICT, details: [{ path: 'gcps.0' }] });
    expect(refused.json().details[0].message).toContain(`Prefix Test ${serial}`);
    const after = (await listCustomers()).find((customer) => customer.serviceName === 'borealis')!;
    expect(after.permission).toBe(false);
    expect(after.prefixConflicts).toEqual([expect.objectContaining({ heldPrefix: '08500012', approved: true })]);
  });

  it('lets only one of two companies racing for a prefix be approved', async () => {
    const first = await customerIdOf((await signUp(['4400001'])).json().result.serviceName);
    const second = await customerIdOf((await signUp(['44000011'])).json().result.serviceName);
    const answers = await Promise.all([approve(first), approve(second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it("refuses a company profile change to another company's prefix, and keeps the old prefixes", async () => {
    const nordic = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
    for (const taken of ['0614141', '06141419', '061414']) {
      const refused = await updateCompany(nordic, { companyName: 'Nordic Foods', gcps: ['7350053', taken] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: ERROR_CODES.COMPANY_PREFIX_TAKEN, details: [{ path: 'updateInfo.gcps.1' }] });
    }
    const info = await call(t.app, nordic, { method: 'GET', url: '/api/auth/me/company-info' });
    expect(info.json().result.gcps).toEqual(['7350053']);
  });

  it('adds a free prefix, and refuses to drop one that live products still use', async () => {
    const nordic = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
    const added = await updateCompany(nordic, { gcps: ['7350053', '7350099'] });
    expect(added.statusCode).toBe(200);
    expect(added.json().result.gcps).toEqual(['7350053', '7350099']);

    const dropped = await updateCompany(nordic, { gcps: ['7350099'] });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json()).toMatchObject({ code: ERROR_CODES.COMPANY_PREFIX_IN_USE, details: [{ path: 'updateInfo.gcps' }] });
    expect(dropped.json().details[0].message).toContain('7350053');

    // An unused prefix can go, and then another company may take it.
    expect((await updateCompany(nordic, { gcps: ['7350053'] })).statusCode).toBe(200);
    expect((await signUp(['7350099'])).statusCode).toBe(201);
  });

  it('keeps the prefixes when only other fields change', async () => {
    const acmeManager = (await signIn(t.app, DEMO_USERS.acmeManager)).authorization;
    const changed = await updateCompany(acmeManager, { contactHour: 'Mon-Sat 9:00-17:00' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().result.gcps).toEqual(['0614141', '0614142']);
  });
});
