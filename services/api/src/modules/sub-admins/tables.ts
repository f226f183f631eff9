import { index, integer, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import type { AccessResource } from '@product-console/shared';
import { users } from '../auth/tables.js';
import { projects } from '../projects/tables.js';

/** Read/write flags of one resource (spec point 6). */
export interface AccessFlags {
  r: boolean;
  w: boolean;
}
export type AccessInfo = Partial<Record<AccessResource, AccessFlags>>;

/** Which projects a sub-admin may see, and what it may do in each. */
export const subAdminAccess = pgTable(
  'sub_admin_access',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    access: jsonb('access').$type<AccessInfo>().notNull().default({}),
  },
  (table) => [primaryKey({ columns: [table.userId, table.projectId] }), index('sub_admin_access_project_id_idx').on(table.projectId)],
);
