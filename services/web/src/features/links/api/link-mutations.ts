import type { CreateLinkBody, Link, UpdateLinkBody } from '@product-console/shared';
import { api } from '@/lib/api-client';

/** Body of `POST /api/entry/links/` and the changes `PUT /api/entry/links/` takes as `updatedLink`. */
export type { CreateLinkBody, UpdateLinkBody as LinkChanges };

export const createLink = (body: CreateLinkBody, idempotencyKey?: string) =>
  api.post<{ result: Link }>('/bff/api/entry/links/', body, { idempotencyKey });

export const updateLink = (updatedLink: UpdateLinkBody) => api.put<{ result: unknown }>('/bff/api/entry/links/', { updatedLink });

/** Deleting hides the link (display false); adding its type again shows it. */
export function deleteLink(link: Pick<Link, 'linkId'>, entry: { entryPath: string; entryId: number }) {
  const query = new URLSearchParams({ linkId: String(link.linkId), entryPath: entry.entryPath, entryId: String(entry.entryId) });
  return api.delete<{ result: unknown }>(`/bff/api/entry/links/?${query}`);
}

/**
 * Moves a link one place up or down: both links take each other's position (1-based, as the
 * list numbers them), so the result is the same whether the API stores the number as given or
 * moves the link to that position.
 */
export async function swapLinkOrder(sorted: readonly Link[], index: number, direction: -1 | 1): Promise<void> {
  const other = index + direction;
  if (other < 0 || other >= sorted.length) return;
  await updateLink({ linkId: sorted[index].linkId, order: other + 1 });
  await updateLink({ linkId: sorted[other].linkId, order: index + 1 });
}
