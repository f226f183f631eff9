import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as shared from '../index.js';
import { DB_INT_MAX } from '../constants/limits.js';
import { idSchema, idTextSchema, pageQuerySchema, text, UNSTORABLE_TEXT_MESSAGE } from './common.js';

/*
 * Every request schema (bodies, queries, path parameters, multipart JSON parts) refuses what the
 * database cannot hold: text with a NUL character or a lone surrogate, and numbers past
 * PostgreSQL's `integer`. A new field written with `z.string()` or an unbounded number fails here.
 */

const REQUEST_SCHEMA_NAME = /(Body|Query|Params?|Fields)Schema$/;
const MULTIPART_AND_INTERNAL_SCHEMAS = [
  'signUpNewUserSchema',
  'profileUpdateSchema',
  'companyInfoUpdateSchema',
  'subAdminNewUserSchema',
  'productArraySchema',
  'productUpdateArraySchema',
  'qrContentSchema',
  'scanBatchSchema',
];

const requestSchemas = Object.entries(shared as Record<string, unknown>).filter(
  ([name]) => (REQUEST_SCHEMA_NAME.test(name) && name !== 'errorBodySchema') || MULTIPART_AND_INTERNAL_SCHEMAS.includes(name),
) as [string, z.ZodType][];

const UNSTORABLE_TEXTS = ['a\u0000b', 'a\ud800b'];
const PAST_INTEGER = DB_INT_MAX + 1;

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The paths of the leaves of `schema` that accept unstorable text or a number past `integer`. */
function leaks(schema: z.ZodType, path: string): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return UNSTORABLE_TEXTS.some((value) => schema.safeParse(value).success) ? [`${path} (text)`] : [];
    case 'number':
      return schema.safeParse(PAST_INTEGER).success ? [`${path} (number)`] : [];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => leaks(field, `${path}.${key}`));
    case 'array':
      return leaks(def.element as z.ZodType, `${path}[]`);
    case 'record':
      return [...leaks(def.keyType as z.ZodType, `${path}{key}`), ...leaks(def.valueType as z.ZodType, `${path}{}`)];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => leaks(option, path));
    case 'pipe':
      // A coercion or a codec (`z.stringbool()`): what counts is what the whole pipe lets through.
      return [...UNSTORABLE_TEXTS, PAST_INTEGER].some((value) => schema.safeParse(value).success) ? [`${path} (pipe)`] : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return leaks(def.innerType as z.ZodType, path);
    default:
      // enum, literal, boolean, transform: nothing the client chooses freely reaches the database.
      return [];
  }
}

describe('request schemas', () => {
  it('are found', () => {
    expect(requestSchemas.length).toBeGreaterThan(40);
  });

  it.each(requestSchemas)('%s refuses unstorable text and numbers past integer', (name, schema) => {
    expect(leaks(schema, name)).toEqual([]);
  });
});

describe('the building blocks', () => {
  it('text() refuses NUL and lone surrogates with a message, and keeps every other character', () => {
    const result = text().safeParse('Night\u0000shift');
    expect(result.error?.issues).toEqual([expect.objectContaining({ message: UNSTORABLE_TEXT_MESSAGE })]);
    expect(text().safeParse('\ud800').success).toBe(false);
    for (const value of ['', 'Crème brûlée 😀', 'tab\tand\nline', '한국어']) expect(text().parse(value)).toBe(value);
  });

  it('ids are 1 to the largest PostgreSQL integer, read from text in paths and queries', () => {
    expect(idSchema.safeParse(DB_INT_MAX).success).toBe(true);
    expect(idSchema.safeParse(PAST_INTEGER).success).toBe(false);
    expect(idSchema.safeParse(0).success).toBe(false);
    expect(idSchema.safeParse('5').success).toBe(false);
    expect(idTextSchema.parse('2147483647')).toBe(DB_INT_MAX);
    expect(idTextSchema.safeParse('2147483648').error?.issues[0].message).toBe(`Must be an id from 1 to ${DB_INT_MAX}`);
    expect(idTextSchema.safeParse('1.5').success).toBe(false);
  });

  it('pages stay within the integer range too', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, size: 10 });
    expect(pageQuerySchema.safeParse({ page: String(PAST_INTEGER) }).success).toBe(false);
  });
});
