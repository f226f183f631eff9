import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { openDatabase, type Database } from '../db/client.js';
import errors from './errors.js';

/*
 * The request schemas refuse what PostgreSQL cannot store; when one misses a value, the database's
 * refusal still answers 400, and a real fault of the service still answers 500.
 */

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  // A read-only query needs no database of its own: DATABASE_URL's server as it is, else PGlite.
  database = openDatabase({ databaseUrl: process.env.DATABASE_URL });
  app = Fastify({ logger: false });
  await app.register(errors);
  app.post<{ Body: { query: 'text' | 'jsonb' | 'integer' | 'division'; value: unknown } }>('/query', async (request) => {
    const { query, value } = request.body;
    const statements = {
      text: sql`select ${value}::text as value`,
      jsonb: sql`select ${JSON.stringify(value)}::jsonb as value`,
      integer: sql`select ${value}::integer as value`,
      division: sql`select 1 / ${value}::integer as value`,
    };
    await database.db.execute(statements[query]);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const run = (query: string, value: unknown) => app.inject({ method: 'POST', url: '/query', payload: { query, value } });

describe('database refusals of a value the client sent', () => {
  it.each([
    ['a NUL character in text', 'text', 'a\u0000b'],
    ['a NUL character in jsonb', 'jsonb', { label: 'a\u0000b' }],
    ['a lone surrogate in jsonb', 'jsonb', { label: 'a\ud800b' }],
    ['a number past integer', 'integer', 2_147_483_648],
  ])('answer 400 with a field error for %s', async (_name, query, value) => {
    const response = await run(query, value);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, details: [{ path: '(body)', message: expect.stringContaining('cannot be stored') }] });
  });

  it('leave other database errors a 500 that tells nothing', async () => {
    const response = await run('division', 0);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: ERROR_CODES.INTERNAL, message: expect.any(String) });
  });

  it('pass ordinary values through', async () => {
    expect((await run('text', 'plain')).statusCode).toBe(200);
  });
});
