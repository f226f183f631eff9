import { and, asc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { epcisQueries } from './tables.js';
import { PAGING_PARAMS, parseEventQuery, type EventQuery } from './query-params.js';
import { noSuchNameException, queryExistsException, queryValidationException } from './query-problem.js';
import type { PageTokens } from './query-token.js';

/*
 * Named queries (EPCIS 2.0 REST bindings, `/queries`): a company's saved SimpleEventQuery
 * parameters under a name, read back, run (`/queries/{name}/events`) and subscribed to. The
 * parameters are validated by the same parser as `GET /events` and kept as strings (lists joined
 * with `|`, the query-string form), so running a named query is running that query string.
 */

/** Names are path segments: letters, digits and `-._~` (RFC 3986 unreserved), at most 100. */
export const QUERY_NAME = /^[A-Za-z0-9._~-]{1,100}$/;

const parameterValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number()]))]);

/** `POST /epcis/queries` body: `{name, query}` as the OpenAPI's QueryDefinition; `query` may carry `@context`. */
export const namedQueryBodySchema = z.object({
  name: z.string().regex(QUERY_NAME, 'letters, digits and - . _ ~, at most 100'),
  query: z.record(z.string(), parameterValue),
});
export type NamedQueryBody = z.infer<typeof namedQueryBodySchema>;

export interface NamedQuery {
  id: number;
  name: string;
  query: Record<string, string>;
  createdAt: Date;
}

/** Parameters as stored and as a query string has them: lists joined with `|`, numbers as text, `null` (EXISTS_) as ''. */
export function storedParameters(query: NamedQueryBody['query']): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name === '@context') continue;
    if ((PAGING_PARAMS as readonly string[]).includes(name)) throw queryValidationException(`query.${name}: paging is not part of a query; give it when reading the query's events`);
    stored[name] = Array.isArray(value) ? value.map(String).join('|') : value === null ? '' : String(value);
  }
  return stored;
}

/** The stored parameters of a named query, parsed (they were valid when saved). */
export function parsedQueryOf(query: NamedQuery): EventQuery {
  return parseEventQuery(query.query);
}

/** Saves a named query: 400 when its parameters do not parse, 409 when the company already has the name. */
export async function createNamedQuery(db: Db, companyId: number, body: NamedQueryBody): Promise<NamedQuery> {
  const query = storedParameters(body.query);
  parseEventQuery(query);
  const [row] = await db
    .insert(epcisQueries)
    .values({ companyId, name: body.name, query })
    .onConflictDoNothing({ target: [epcisQueries.companyId, epcisQueries.name] })
    .returning();
  if (!row) throw queryExistsException(`A query named '${body.name}' exists already`);
  return row;
}

export async function findNamedQuery(db: Db, companyId: number, name: string): Promise<NamedQuery> {
  const [row] = await db
    .select()
    .from(epcisQueries)
    .where(and(eq(epcisQueries.companyId, companyId), eq(epcisQueries.name, name)));
  if (!row) throw noSuchNameException(`There is no query named '${name}'`);
  return row;
}

/** Deletes a named query; its subscriptions go with it (foreign key cascade), so nothing is delivered for it any more. */
export async function deleteNamedQuery(db: Db, companyId: number, name: string): Promise<void> {
  const deleted = await db
    .delete(epcisQueries)
    .where(and(eq(epcisQueries.companyId, companyId), eq(epcisQueries.name, name)))
    .returning({ id: epcisQueries.id });
  if (deleted.length === 0) throw noSuchNameException(`There is no query named '${name}'`);
}

/** One page of the company's named queries in name order. */
export async function listNamedQueries(
  db: Db,
  tokens: PageTokens,
  companyId: number,
  page: { perPage: number; nextPageToken: string | undefined },
): Promise<{ queries: NamedQuery[]; nextPageToken: string | null }> {
  const fingerprint = 'queries';
  const position = page.nextPageToken === undefined ? null : tokens.read(page.nextPageToken, fingerprint);
  const rows = await db
    .select()
    .from(epcisQueries)
    .where(and(eq(epcisQueries.companyId, companyId), position ? gt(epcisQueries.name, position.key) : undefined))
    .orderBy(asc(epcisQueries.name))
    .limit(page.perPage + 1);
  const queries = rows.slice(0, page.perPage);
  const last = queries[queries.length - 1];
  return {
    queries,
    nextPageToken: rows.length > page.perPage && last ? tokens.sign({ key: last.name, id: last.id, sent: (position?.sent ?? 0) + queries.length }, fingerprint) : null,
  };
}

/** A named query as the API shows it: `{name, query}` with list parameters as arrays. */
export function namedQueryView(query: NamedQuery): { name: string; query: Record<string, string | string[]>; createdAt: string } {
  return {
    name: query.name,
    query: Object.fromEntries(Object.entries(query.query).map(([name, value]) => [name, value.includes('|') ? value.split('|') : value])),
    createdAt: query.createdAt.toISOString(),
  };
}
