import type { FastifyReply } from 'fastify';
import { RESOLVER_INVALIDATE_HEADER } from '@product-console/shared';

/** More paths than this are sent as `*` (drop every cached resolution) to keep the header short. */
export const INVALIDATE_PATHS_MAX = 50;

/** The `x-resolver-invalidate` value for these entry paths: comma separated, `*` when there are many. */
export function resolverInvalidation(entryPaths: readonly string[]): string | null {
  const unique = [...new Set(entryPaths.filter((path) => path !== ''))];
  if (unique.length === 0) return null;
  return unique.length > INVALIDATE_PATHS_MAX ? '*' : unique.join(',');
}

/**
 * Tells the gateway that these entries resolve differently now (it drops their cached resolution
 * on every replica). Call it only once the change is committed.
 */
export function invalidateResolver(reply: FastifyReply, entryPaths: readonly string[]): void {
  const value = resolverInvalidation(entryPaths);
  if (value !== null) reply.header(RESOLVER_INVALIDATE_HEADER, value);
}
