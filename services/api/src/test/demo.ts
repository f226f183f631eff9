import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEMO_USERS } from '../seed/seed.js';
import { users } from '../modules/auth/tables.js';
import { subAdminAccess, type AccessFlags, type AccessInfo } from '../modules/sub-admins/tables.js';
import { call, signIn } from './app.js';

/** Sessions (Authorization header values) of the seeded demo users most tests act as. */
export interface DemoSessions {
  /** Acme's manager. */
  acme: string;
  /** Nordic's manager, another company. */
  nordic: string;
  /** Acme's sub-admin, with access to some of Acme's projects. */
  sub: string;
}

export async function signInDemoUsers(app: FastifyInstance): Promise<DemoSessions> {
  const [acme, nordic, sub] = await Promise.all(
    [DEMO_USERS.acmeManager, DEMO_USERS.nordicManager, DEMO_USERS.acmeSubAdmin].map(async (email) => (await signIn(app, email)).authorization),
  );
  return { acme, nordic, sub };
}

/** The ids of the projects this session sees, by project name. */
export async function projectIdsByName(app: FastifyInstance, authorization: string): Promise<Record<string, number>> {
  const list = (await call(app, authorization, { method: 'GET', url: '/api/project/all' })).json().result as { project_id: number; project_name: string }[];
  return Object.fromEntries(list.map((project) => [project.project_name, project.project_id]));
}

/** The demo sessions and the ids of Acme's projects by name. */
export async function demoSetUp(app: FastifyInstance): Promise<DemoSessions & { projectIds: Record<string, number> }> {
  const sessions = await signInDemoUsers(app);
  return { ...sessions, projectIds: await projectIdsByName(app, sessions.acme) };
}

/** Sets the demo sub-admin's access on a project, answering the access it had before. */
export async function setSubAdminAccess(app: FastifyInstance, projectId: number, access: AccessInfo): Promise<AccessInfo> {
  const [subAdmin] = await app.db.select().from(users).where(eq(users.email, DEMO_USERS.acmeSubAdmin));
  const row = and(eq(subAdminAccess.userId, subAdmin.id), eq(subAdminAccess.projectId, projectId));
  const [{ access: before }] = await app.db.select().from(subAdminAccess).where(row);
  await app.db.update(subAdminAccess).set({ access }).where(row);
  return before;
}

/** Sets the demo sub-admin's product read/write flags on a project, answering the access it had before. */
export const setSubAdminProductAccess = (app: FastifyInstance, projectId: number, product: AccessFlags) => setSubAdminAccess(app, projectId, { product });

/** A product with its entry, as the product read-back gives it. */
export interface DemoProduct {
  productId: number;
  entry: { entry_id: number; entryPath: string; gcp: string; aiValue: string; digitalLink: string; isActive: boolean };
  product: { productId: number; gtin: string };
}

/** The product read-back (`GET /api/product/`) of a product. */
export async function readProduct(app: FastifyInstance, authorization: string, productId: number): Promise<Omit<DemoProduct, 'productId'>> {
  const response = await call(app, authorization, { method: 'GET', url: `/api/product/?productId=${productId}` });
  if (response.statusCode !== 200) throw new Error(`reading product ${productId} failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The n-th product of a project (products listed newest first) with its entry. */
export async function productInProject(app: FastifyInstance, authorization: string, projectId: number, index = 0): Promise<DemoProduct> {
  const list = await call(app, authorization, { method: 'GET', url: `/api/product/all?projectId=${projectId}&size=${index + 1}` });
  const listed = list.json().result[index] as { productId: number } | undefined;
  if (!listed) throw new Error(`project ${projectId} has no product at ${index}`);
  return { productId: listed.productId, ...(await readProduct(app, authorization, listed.productId)) };
}
