import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type CreateProjectBody, type Project, type UpdateProjectBody } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { projectHasProducts } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { products } from '../products/tables.js';
import { accessibleProjectIds, authorizeProject } from '../access/policies.js';
import { projects } from './tables.js';

async function selectProjects(db: Db, companyId: number, projectIds: number[] | null): Promise<Project[]> {
  if (projectIds?.length === 0) return [];
  const conditions = [eq(projects.companyId, companyId)];
  if (projectIds !== null) conditions.push(inArray(projects.id, projectIds));
  const rows = await db
    .select({ project: projects, productCount: sql<number>`count(${products.id})::int` })
    .from(projects)
    .leftJoin(products, and(eq(products.projectId, projects.id), isNull(products.deletedAt)))
    .where(and(...conditions))
    .groupBy(projects.id)
    .orderBy(asc(projects.createdAt), asc(projects.id));
  return rows.map(({ project, productCount }) => ({
    project_id: project.id,
    project_name: project.name,
    description: project.description,
    productCount,
    createdAt: project.createdAt.toISOString(),
  }));
}

export async function listProjects(db: Db, auth: AuthContext, companyId: number): Promise<Project[]> {
  return selectProjects(db, companyId, await accessibleProjectIds(db, auth, companyId));
}

export async function getProject(db: Db, auth: AuthContext, companyId: number, projectId: number): Promise<Project> {
  await authorizeProject(db, auth, companyId, projectId, 'read');
  const [project] = await selectProjects(db, companyId, [projectId]);
  return project;
}

export async function createProject(db: Db, companyId: number, body: CreateProjectBody): Promise<Project> {
  const [row] = await db
    .insert(projects)
    .values({ companyId, name: body.project_name, description: body.description })
    .returning();
  return {
    project_id: row.id,
    project_name: row.name,
    description: row.description,
    productCount: 0,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function updateProject(
  db: Db,
  auth: AuthContext,
  companyId: number,
  projectId: number,
  body: UpdateProjectBody,
): Promise<Project> {
  await authorizeProject(db, auth, companyId, projectId, 'write');
  await db
    .update(projects)
    .set({
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      updatedAt: new Date(),
    })
    .where(and(eq(projects.id, projectId), eq(projects.companyId, companyId)));
  const [project] = await selectProjects(db, companyId, [projectId]);
  return project;
}

/** Deletes an empty project; one that still holds live products is a 409. */
export async function deleteProject(db: Db, auth: AuthContext, companyId: number, projectId: number): Promise<void> {
  await authorizeProject(db, auth, companyId, projectId, 'delete');
  await db.transaction(async (tx) => {
    // Lock the project so no product can be added to it between the check and the delete.
    await tx.execute(sql`select id from ${projects} where ${projects.id} = ${projectId} for update`);
    const [{ live }] = await tx
      .select({ live: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.projectId, projectId), isNull(products.deletedAt)));
    if (live > 0) throw projectHasProducts();
    // Soft-deleted products still reference the project: they go with it (their links cascade).
    await tx.delete(products).where(and(eq(products.projectId, projectId), isNotNull(products.deletedAt)));
    await tx.delete(projects).where(and(eq(projects.id, projectId), eq(projects.companyId, companyId)));
  });
}
