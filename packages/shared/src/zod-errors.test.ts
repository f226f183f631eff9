import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from './zod-errors.js';

describe('toFieldErrors', () => {
  it('keeps the English message and adds the code and limits a client words itself', () => {
    const schema = z.object({ name: z.string().min(1).max(3), site: z.url(), tags: z.array(z.string()).max(1) });
    const result = schema.safeParse({ name: 'long', site: 'nope', tags: ['a', 'b'] });
    expect(toFieldErrors(result.error!)).toEqual([
      { path: 'name', message: expect.any(String), code: 'too_big', maximum: 3, origin: 'string' },
      { path: 'site', message: expect.any(String), code: 'invalid_format', format: 'url' },
      { path: 'tags', message: expect.any(String), code: 'too_big', maximum: 1, origin: 'array' },
    ]);
    expect(toFieldErrors(z.string().min(2).safeParse('a').error!)).toEqual([
      { path: '(body)', message: expect.any(String), code: 'too_small', minimum: 2, origin: 'string' },
    ]);
  });
});
