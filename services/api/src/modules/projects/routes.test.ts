import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { projects } from './tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let acmeProjects: { project_id: number; project_name: string; productCount: number }[];

const projectId = (name: string) => acmeProjects.find((p) => p.project_name === name)!.project_id;

async function projectCount(): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(projects);
  return row.n;
}

beforeAll(async () => {
  t = await createTestApp();
  [acme, nordic, sub] = (
    await Promise.all([DEMO_USERS.acmeManager, DEMO_USERS.nordicManager, DEMO_USERS.acmeSubAdmin].map((email) => signIn(t.app, email)))
  ).map((session) => session.authorization);
  acmeProjects = (await call(t.app, acme, { method: 'GET', url: '/api/project/all' })).json().result;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/project/all', () => {
  it("lists the manager's company projects with their product counts", () => {
    expect(acmeProjects.map((p) => [p.project_name, p.productCount])).toEqual([
      ['Trail Gear', 3],
      ['Camping', 3],
      ['Winter Collection', 2],
    ]);
  });

  it('shows a sub-admin only the project it was given', async () => {
    const response = await call(t.app, sub, { method: 'GET', url: '/api/project/all' });
    expect(response.json().result.map((p: { project_name: string }) => p.project_name)).toEqual(['Trail Gear']);
  });
});

describe('another company', () => {
  it('cannot read, change or delete a project: 404', async () => {
    const id = projectId('Camping');
    const read = await call(t.app, nordic, { method: 'GET', url: `/api/project/${id}` });
    const patch = await call(t.app, nordic, { method: 'PATCH', url: `/api/project/${id}`, payload: { name: 'Mine now' } });
    const remove = await call(t.app, nordic, { method: 'DELETE', url: `/api/project/${id}` });
    for (const response of [read, patch, remove]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(ERROR_CODES.NOT_FOUND);
    }
    const still = await call(t.app, acme, { method: 'GET', url: `/api/project/${id}` });
    expect(still.json().result.project_name).toBe('Camping');
  });
});

describe('a sub-admin', () => {
  it('reads and changes its own project', async () => {
    const id = projectId('Trail Gear');
    expect((await call(t.app, sub, { method: 'GET', url: `/api/project/${id}` })).statusCode).toBe(200);
    const patch = await call(t.app, sub, { method: 'PATCH', url: `/api/project/${id}`, payload: { description: 'Updated by Sid' } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().result).toMatchObject({ project_name: 'Trail Gear', description: 'Updated by Sid' });
  });

  it('gets 403 for the other projects of its company, for creating and for deleting', async () => {
    const other = projectId('Winter Collection');
    const responses = [
      await call(t.app, sub, { method: 'GET', url: `/api/project/${other}` }),
      await call(t.app, sub, { method: 'PATCH', url: `/api/project/${other}`, payload: { name: 'x' } }),
      await call(t.app, sub, { method: 'DELETE', url: `/api/project/${other}` }),
      await call(t.app, sub, { method: 'DELETE', url: `/api/project/${projectId('Trail Gear')}` }),
      await call(t.app, sub, { method: 'POST', url: '/api/project', payload: { project_name: 'Sneaky' } }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(ERROR_CODES.FORBIDDEN);
    }
  });
});

describe('bad input', () => {
  it('answers 400 with field errors and creates nothing', async () => {
    const before = await projectCount();
    const empty = await call(t.app, acme, { method: 'POST', url: '/api/project', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, details: [{ path: 'project_name' }] });
    // Besides the English message, a detail names the issue and its limit, for the console to word it.
    const blank = await call(t.app, acme, { method: 'POST', url: '/api/project', payload: { project_name: ' ' } });
    expect(blank.json().details).toEqual([{ path: 'project_name', message: expect.any(String), code: 'too_small', minimum: 1, origin: 'string' }]);

    const tooLong = await call(t.app, acme, { method: 'POST', url: '/api/project', payload: { project_name: 'x'.repeat(500) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details[0].path).toBe('project_name');

    const wrongType = await call(t.app, acme, { method: 'POST', url: '/api/project', payload: { project_name: 42, description: [] } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['description', 'project_name']);

    const malformed = await call(t.app, acme, {
      method: 'POST',
      url: '/api/project',
      payload: '{"project_name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, details: [{ path: '(body)' }] });
    expect(malformed.body).not.toMatch(/at .*\.js/);

    expect(await projectCount()).toBe(before);
  });

  it('answers 400 for an id that is not a number', async () => {
    const response = await call(t.app, acme, { method: 'GET', url: '/api/project/abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, details: [{ path: 'id' }] });
  });

  it('answers 400 for a patch without name or description', async () => {
    const response = await call(t.app, acme, { method: 'PATCH', url: `/api/project/${projectId('Camping')}`, payload: {} });
    expect(response.statusCode).toBe(400);
  });
});

describe('a manager', () => {
  it('creates, renames and deletes a project', async () => {
    const created = await call(t.app, acme, {
      method: 'POST',
      url: '/api/project',
      payload: { project_name: '  Summer 2026 ', description: 'Next season' },
    });
    expect(created.statusCode).toBe(201);
    const project = created.json().result;
    expect(project).toMatchObject({ project_name: 'Summer 2026', description: 'Next season', productCount: 0 });

    const renamed = await call(t.app, acme, { method: 'PATCH', url: `/api/project/${project.project_id}`, payload: { name: 'Summer' } });
    expect(renamed.json().result).toMatchObject({ project_name: 'Summer', description: 'Next season' });

    const removed = await call(t.app, acme, { method: 'DELETE', url: `/api/project/${project.project_id}` });
    expect(removed.json()).toEqual({ result: true });
    const [gone] = await t.app.db.select().from(projects).where(eq(projects.id, project.project_id));
    expect(gone).toBeUndefined();
  });

  it('cannot delete a project that holds products: 409', async () => {
    const response = await call(t.app, acme, { method: 'DELETE', url: `/api/project/${projectId('Camping')}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe(ERROR_CODES.PROJECT_HAS_PRODUCTS);
  });
});
