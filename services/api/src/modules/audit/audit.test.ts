import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_REDACTED, auditPageResponseSchema, type AuditEntry } from '@product-console/shared';
import { runAsAuditActor } from '../../db/audit-actor.js';
import { openDatabase } from '../../db/client.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { DEMO_USERS } from '../../seed/seed.js';
import { users } from '../auth/tables.js';
import { companies } from '../companies/tables.js';
import { projects } from '../projects/tables.js';
import { deleteExpiredAuditEntries } from './service.js';
import { auditLog } from './tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let superAdmin: string;
let acmeId: number;
let nordicId: number;
let managerId: number;
let subAdminId: number;

const log = async (authorization: string, query = '') => {
  const response = await call(t.app, authorization, { method: 'GET', url: `/api/audit${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return auditPageResponseSchema.parse(response.json());
};
const entriesOf = (resource: string, resourceId: string) =>
  t.app.db.select().from(auditLog).where(sql`${auditLog.resource} = ${resource} and ${auditLog.resourceId} = ${resourceId}`).orderBy(auditLog.id);

async function createProject(authorization: string, name: string): Promise<number> {
  const response = await call(t.app, authorization, { method: 'POST', url: '/api/project', payload: { project_name: name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().result.project_id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub } = await demoSetUp(t.app));
  superAdmin = (await signIn(t.app, DEMO_USERS.superAdmin)).authorization;
  const byName = async (serviceName: string) => (await t.app.db.select().from(companies).where(eq(companies.serviceName, serviceName)))[0].id;
  acmeId = await byName('acme');
  nordicId = await byName('nordic');
  const userId = async (email: string) => (await t.app.db.select().from(users).where(eq(users.email, email)))[0].id;
  managerId = await userId(DEMO_USERS.acmeManager);
  subAdminId = await userId(DEMO_USERS.acmeSubAdmin);
});
afterAll(async () => t?.close());

describe('the audit triggers', () => {
  it('records a console change once, in its transaction, with the person, the company and the fields changed', async () => {
    const projectId = await createProject(acme, 'Audit trail one');
    const renamed = await call(t.app, acme, { method: 'PATCH', url: `/api/project/${projectId}`, payload: { name: 'Audit trail two' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const removed = await call(t.app, acme, { method: 'DELETE', url: `/api/project/${projectId}` });
    expect(removed.statusCode, removed.body).toBe(200);

    const entries = await entriesOf('projects', String(projectId));
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ companyId: acmeId, actorType: 'user', actorUserId: managerId, actorLabel: 'Mia Manager <manager@demo.example>' });
    }
    expect(entries[0].changes).toMatchObject({ name: 'Audit trail one', company_id: acmeId });
    // An update names only the changed columns, with both values.
    expect(entries[1].changes).toEqual({ name: { from: 'Audit trail one', to: 'Audit trail two' } });
    expect(entries[2].changes).toMatchObject({ name: 'Audit trail two' });
  });

  it('never keeps the value of a secret: a password change shows as redacted', async () => {
    await runAsAuditActor({ t: 'user', u: subAdminId, c: acmeId }, async () =>
      await t.app.db.update(users).set({ passwordHash: '$argon2id$not-a-real-hash', department: 'Trail Gear and Camping' }).where(eq(users.id, subAdminId)),
    );
    const [entry] = (await entriesOf('users', String(subAdminId))).slice(-1);
    expect(entry.changes).toEqual({
      password_hash: { from: AUDIT_REDACTED, to: AUDIT_REDACTED },
      department: { from: 'Trail Gear', to: 'Trail Gear and Camping' },
    });
    expect(JSON.stringify(entry.changes)).not.toContain('argon2');
  });

  it('keeps no entry of a change that was rolled back', async () => {
    const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    await expect(
      runAsAuditActor({ t: 'user', u: managerId, c: acmeId }, () =>
        t.app.db.transaction(async (tx) => {
          await tx.insert(projects).values({ companyId: acmeId, name: 'Never kept' });
          throw new Error('changed my mind');
        }),
      ),
    ).rejects.toThrow('changed my mind');
    const after = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(after[0].n).toBe(before[0].n);
  });

  it('names a job as the actor of its writes, and records nothing for a change of bookkeeping columns only', async () => {
    const [project] = await runAsAuditActor({ t: 'system', n: 'nightly-import' }, async () =>
      await t.app.db.insert(projects).values({ companyId: nordicId, name: 'Imported' }).returning(),
    );
    const entries = await entriesOf('projects', String(project.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorType: 'system', actorLabel: 'nightly-import', actorUserId: null, companyId: nordicId });

    await runAsAuditActor({ t: 'system', n: 'nightly-import' }, async () => await t.app.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, managerId)));
    const latest = await t.app.db.select().from(auditLog).orderBy(sql`${auditLog.id} desc`).limit(1);
    expect(latest[0].resourceId).toBe(String(project.id));
  });

  it('names an API key, by its name and prefix, as the actor of a machine client’s write, and keeps no value of its hash', async () => {
    const created = await call(t.app, acme, { method: 'POST', url: '/api/auth/api-keys', payload: { name: 'ERP bridge' } });
    expect(created.statusCode, created.body).toBe(201);
    const { apiKeyId, key } = created.json().result as { apiKeyId: string; key: string };
    const [keyEntry] = await entriesOf('api_keys', apiKeyId);
    expect(keyEntry.changes).toMatchObject({ name: 'ERP bridge', key_hash: AUDIT_REDACTED });
    expect(JSON.stringify(keyEntry.changes)).not.toContain(key.slice(8));

    const saved = await t.app.inject({
      method: 'POST',
      url: '/epcis/queries',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'audited-by-key', query: { EQ_bizStep: ['shipping'] } }),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const [entry] = await t.app.db.select().from(auditLog).where(sql`${auditLog.resource} = 'epcis_queries' and ${auditLog.changes} ->> 'name' = 'audited-by-key'`);
    expect(entry).toMatchObject({ actorType: 'api-key', actorApiKeyId: apiKeyId, actorUserId: null, companyId: acmeId, actorLabel: `ERP bridge (${key.slice(0, 8)}…)` });
  });

  it('works the same on the embedded PGlite', async () => {
    const database = openDatabase({});
    try {
      await database.migrate();
      const [company] = await runAsAuditActor({ t: 'system', n: 'pglite-check' }, async () =>
        await database.db.insert(companies).values({ companyName: 'Embedded', serviceName: 'embedded' }).returning(),
      );
      await runAsAuditActor({ t: 'user', u: 77, c: company.id }, () =>
        database.db.transaction(async (tx) => {
          await tx.update(companies).set({ description: 'changed in a transaction' }).where(eq(companies.id, company.id));
        }),
      );
      await expect(
        runAsAuditActor({ t: 'user', u: 77, c: company.id }, () =>
          database.db.transaction(async (tx) => {
            await tx.update(companies).set({ description: 'rolled back' }).where(eq(companies.id, company.id));
            throw new Error('rollback');
          }),
        ),
      ).rejects.toThrow('rollback');
      const rows = await database.db.select().from(auditLog).orderBy(auditLog.id);
      expect(rows.map((row) => [row.action, row.actorType, row.actorLabel, row.actorUserId, row.companyId])).toEqual([
        ['create', 'system', 'pglite-check', null, company.id],
        ['update', 'user', '', 77, company.id],
      ]);
      expect(rows[1].changes).toEqual({ description: { from: '', to: 'changed in a transaction' } });
    } finally {
      await database.close();
    }
  });
});

describe('who reads the log', () => {
  let acmeProject: number;
  let subProject: number;

  beforeAll(async () => {
    acmeProject = await createProject(acme, 'Read by the manager');
    await call(t.app, nordic, { method: 'POST', url: '/api/project', payload: { project_name: 'Nordic only' } });
    // A sub-admin's own change, through the same write path.
    await runAsAuditActor({ t: 'user', u: subAdminId, c: acmeId }, async () => {
      const [project] = await t.app.db.insert(projects).values({ companyId: acmeId, name: 'By the sub-admin' }).returning();
      subProject = project.id;
    });
  });

  const ids = (entries: AuditEntry[]) => entries.map((entry) => `${entry.resource}:${entry.resourceId}`);

  it("shows a manager the company's log, filtered by person, resource and action, and nothing of another company", async () => {
    const page = await log(acme, '?resource=projects&action=create&size=100');
    expect(ids(page.result)).toContain(`projects:${acmeProject}`);
    expect(ids(page.result)).toContain(`projects:${subProject}`);
    expect(page.result.every((entry) => entry.companyId === acmeId)).toBe(true);
    expect(page.result.some((entry) => entry.changes.name === 'Nordic only')).toBe(false);

    const bySub = await log(acme, `?userId=${subAdminId}&size=100`);
    expect(bySub.result.length).toBeGreaterThan(0);
    expect(bySub.result.every((entry) => entry.actor.userId === subAdminId)).toBe(true);

    expect((await call(t.app, acme, { method: 'GET', url: `/api/audit?companyId=${nordicId}` })).statusCode).toBe(403);
  });

  it('filters by time range and pages the newest first', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await log(acme, `?from=${encodeURIComponent(future)}`)).result).toEqual([]);
    const first = await log(acme, '?size=2&page=1');
    const second = await log(acme, '?size=2&page=2');
    expect(first.pageInfo.total).toBeGreaterThan(3);
    expect(first.result[0].at >= second.result[0].at).toBe(true);
    expect(ids(first.result)).not.toContain(ids(second.result)[0]);
    const inverted = await call(t.app, acme, { method: 'GET', url: `/api/audit?from=${encodeURIComponent(future)}&to=2020-01-01T00:00:00Z` });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.body).toContain('to');
  });

  it("shows a sub-admin only their own actions, and refuses someone else's", async () => {
    const page = await log(sub, '?size=100');
    expect(ids(page.result)).toContain(`projects:${subProject}`);
    expect(page.result.every((entry) => entry.actor.userId === subAdminId)).toBe(true);
    expect((await call(t.app, sub, { method: 'GET', url: `/api/audit?userId=${managerId}` })).statusCode).toBe(403);
  });

  it("shows the super-admin any company's log", async () => {
    const nordicPage = await log(superAdmin, `?companyId=${nordicId}&resource=projects&size=100`);
    expect(nordicPage.result.some((entry) => entry.changes.name === 'Nordic only')).toBe(true);
    expect(nordicPage.result.every((entry) => entry.companyId === nordicId)).toBe(true);
    const everything = await log(superAdmin, '?resource=projects&size=100');
    expect(new Set(everything.result.map((entry) => entry.companyId))).toEqual(new Set([acmeId, nordicId]));
  });

  it('refuses the log to a caller who is not signed in', async () => {
    expect((await call(t.app, undefined, { method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it('exports the filtered log as CSV', async () => {
    const response = await call(t.app, acme, { method: 'GET', url: '/api/audit/export?resource=projects&action=create' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('at,companyId,actorType,actorUserId,actorApiKeyId,actor,resource,resourceId,action,changes');
    expect(response.body).toContain(`,projects,${acmeProject},create,`);
    expect(response.body).toContain('Read by the manager');
    expect(response.body).not.toContain('Nordic only');
    expect((await call(t.app, sub, { method: 'GET', url: '/api/audit/export' })).body).not.toContain('Read by the manager');
  });

  it('offers the people and resources of the log as filter choices', async () => {
    const response = await call(t.app, acme, { method: 'GET', url: '/api/audit/choices' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { result: { userId: number; label: string }[]; resources: string[] };
    expect(body.result).toContainEqual({ userId: subAdminId, label: 'Sid Sub <subadmin@demo.example>' });
    expect(body.resources).toContain('projects');
  });
});

describe('retention', () => {
  it('deletes entries older than AUDIT_RETENTION_DAYS and keeps the rest, as the scheduled job', async () => {
    const projectId = await createProject(acme, 'Kept');
    const [old] = await t.app.db
      .insert(auditLog)
      .values({ at: new Date(Date.now() - (t.config.AUDIT_RETENTION_DAYS + 1) * 86_400_000), companyId: acmeId, actorType: 'system', resource: 'projects', resourceId: '0', action: 'create' })
      .returning();
    const schedules = (await t.app.db.execute(sql`select name, cron from pgboss.schedule where name = 'audit-retention'`)) as unknown as { rows: unknown[] };
    expect(schedules.rows).toEqual([{ name: 'audit-retention', cron: '23 3 * * *' }]);
    // What the schedule sends each day, sent now.
    await t.app.jobs.send('audit-retention', {});
    await expect.poll(async () => (await t.app.db.select().from(auditLog).where(eq(auditLog.id, old.id))).length, { timeout: 10_000 }).toBe(0);
    expect(await entriesOf('projects', String(projectId))).toHaveLength(1);
    expect(await deleteExpiredAuditEntries(t.app.db, t.config.AUDIT_RETENTION_DAYS)).toBe(0);
  });
});
