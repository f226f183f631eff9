import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Certifications a product can carry (`GET /api/product/certifications`); shared by every company. */
export const certifications = pgTable('certifications', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  issuer: text('issuer').notNull().default(''),
  description: text('description').notNull().default(''),
  website: text('website').notNull().default(''),
});

export type CertificationRow = typeof certifications.$inferSelect;
