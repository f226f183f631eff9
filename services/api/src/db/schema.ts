// Every table of the API, for drizzle-kit and for the typed database handle.
export * from '../modules/companies/tables.js';
export * from '../modules/auth/tables.js';
export * from '../modules/plans/tables.js';
export * from '../modules/projects/tables.js';
export * from '../modules/sub-admins/tables.js';
export * from '../modules/products/tables.js';
export * from '../modules/entries/tables.js';
export * from '../modules/certifications/tables.js';
export * from '../modules/qualifiers/tables.js';
export * from '../modules/links/tables.js';
export * from '../modules/analytics/tables.js';
export * from '../modules/notifications/tables.js';
export * from '../modules/idempotency/tables.js';
export * from '../modules/contents/tables.js';
export * from '../modules/translation/tables.js';
export * from '../modules/landing/tables.js';
export * from '../modules/passports/tables.js';
