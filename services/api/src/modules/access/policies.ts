import { and, eq, isNull } from 'drizzle-orm';
import { ROLE } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../errors.js';
import type { EntryRow } from '../entries/tables.js';
import { products, type ProductRow } from '../products/tables.js';
import { projects } from '../projects/tables.js';
import { subAdminAccess, type AccessInfo } from '../sub-admins/tables.js';
import type { AuthContext } from './auth-context.js';

/*
 * Who may read or write what: the tenancy and sub-admin rules every module applies. This module
 * imports only tables, so any service may use it without importing another service.
 */

/**
 * Projects the caller may see within its acting company: null means all of them (admins),
 * otherwise the ids a sub-admin was given access to.
 */
export async function accessibleProjectIds(db: Db, auth: AuthContext, companyId: number): Promise<number[] | null> {
  if (auth.roleId !== ROLE.SUB_ADMIN) return null;
  const rows = await db
    .select({ projectId: subAdminAccess.projectId })
    .from(subAdminAccess)
    .innerJoin(projects, eq(projects.id, subAdminAccess.projectId))
    .where(and(eq(subAdminAccess.userId, auth.userId), eq(projects.companyId, companyId)));
  return rows.map((row) => row.projectId);
}

/** A sub-admin's access flags on one project, or undefined without access. */
export async function projectAccess(db: Db, userId: number, projectId: number): Promise<AccessInfo | undefined> {
  const [row] = await db
    .select({ access: subAdminAccess.access })
    .from(subAdminAccess)
    .where(and(eq(subAdminAccess.userId, userId), eq(subAdminAccess.projectId, projectId)));
  return row?.access;
}

/** The company's live product with this id, or undefined. */
export async function findProduct(db: Db, companyId: number, productId: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.companyId, companyId), isNull(products.deletedAt)));
  return row;
}

/**
 * The caller's product: another company's (or a deleted) product is 404; a sub-admin needs
 * `product` read (r) or write (w) access on the product's project, else 403.
 */
export async function authorizeProduct(db: Db, auth: AuthContext, companyId: number, productId: number, action: 'read' | 'write'): Promise<ProductRow> {
  const product = await findProduct(db, companyId, productId);
  if (!product) throw notFound();
  await authorizeProductProject(db, auth, product.projectId, action);
  return product;
}

/** A sub-admin's `product` access on a project of its company (the project's tenancy is checked by the caller). */
export async function authorizeProductProject(db: Db, auth: AuthContext, projectId: number, action: 'read' | 'write'): Promise<void> {
  if (auth.roleId !== ROLE.SUB_ADMIN) return;
  const access = await projectAccess(db, auth.userId, projectId);
  const flags = access?.product;
  if (!flags || (action === 'read' ? !(flags.r || flags.w) : !flags.w)) throw forbidden();
}

/** What the caller wants to do with a project. */
export type ProjectAction = 'read' | 'write' | 'delete';

/**
 * Checks that the caller may act on a project: another company's project is 404 (it does
 * not exist for the caller); a sub-admin needs access to the project (403), product write
 * access to change it, and may never delete it.
 */
export async function authorizeProject(db: Db, auth: AuthContext, companyId: number, projectId: number, action: ProjectAction): Promise<void> {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.companyId, companyId)));
  if (!project) throw notFound();
  if (auth.roleId !== ROLE.SUB_ADMIN) return;
  if (action === 'delete') throw forbidden();
  const access = await projectAccess(db, auth.userId, projectId);
  if (!access) throw forbidden();
  if (action === 'write' && !access.product?.w) throw forbidden();
}

/** The live product an entry identifies, if any. */
export async function productOfEntry(db: Db, entryId: number): Promise<{ id: number; projectId: number } | undefined> {
  const [product] = await db
    .select({ id: products.id, projectId: products.projectId })
    .from(products)
    .where(and(eq(products.entryId, entryId), isNull(products.deletedAt)));
  return product;
}

/**
 * A sub-admin's `product` access on at least one project of the company: what registering (or
 * managing) an entry that belongs to no product yet needs, like the console's "Add product".
 */
export async function authorizeAnyProductProject(db: Db, auth: AuthContext, companyId: number, action: 'read' | 'write'): Promise<void> {
  if (auth.roleId !== ROLE.SUB_ADMIN) return;
  const rows = await db
    .select({ access: subAdminAccess.access })
    .from(subAdminAccess)
    .innerJoin(projects, eq(projects.id, subAdminAccess.projectId))
    .where(and(eq(subAdminAccess.userId, auth.userId), eq(projects.companyId, companyId)));
  const allowed = rows.some(({ access }) => {
    const flags = access?.product;
    return flags !== undefined && (action === 'read' ? flags.r || flags.w : flags.w);
  });
  if (!allowed) throw forbidden();
}

/**
 * May the caller read or change an entry of its company? Admins always; a sub-admin needs
 * `product` access on the project of the entry's product, or, for an entry without a product,
 * on any project.
 */
export async function authorizeEntry(db: Db, auth: AuthContext, entry: EntryRow, action: 'read' | 'write'): Promise<void> {
  if (auth.roleId !== ROLE.SUB_ADMIN) return;
  const product = await productOfEntry(db, entry.id);
  if (product) await authorizeProductProject(db, auth, product.projectId, action);
  else await authorizeAnyProductProject(db, auth, entry.companyId, action);
}
