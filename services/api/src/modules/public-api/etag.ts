import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { v1Errors } from './problem.js';

/*
 * ETags of `/api/v1` resources and `If-Match` on their updates (decision 085): a strong tag from the
 * resource's id and its change time. `If-Match` is optional: without it an update goes through
 * (last writer wins, as in the console); with it a changed resource is 412 and nothing is written.
 */

export function etagOf(kind: string, id: number, updatedAt: Date | string): string {
  const time = typeof updatedAt === 'string' ? updatedAt : updatedAt.toISOString();
  return `"${createHash('sha256').update(`${kind}:${id}:${time}`).digest('base64url').slice(0, 27)}"`;
}

/** 412 when the request's If-Match names neither `*` nor the current tag. */
export function checkIfMatch(request: FastifyRequest, current: string): void {
  const header = request.headers['if-match'];
  if (header === undefined) return;
  const tags = header.split(',').map((tag) => tag.trim());
  if (tags.includes('*') || tags.includes(current)) return;
  throw v1Errors.preconditionFailed();
}
