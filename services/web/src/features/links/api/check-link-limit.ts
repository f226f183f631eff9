import type { IsLimit } from '@product-console/shared';
import { api } from '@/lib/api-client';

/** Whether the plan's link limit is reached for a product; a failed check counts as reached (spec point 8). */
export async function isLinkLimitReached(productId: number): Promise<boolean> {
  try {
    const { isLimit } = await api.get<IsLimit>(`/bff/plan/check/link?productId=${productId}`);
    return isLimit;
  } catch {
    return true;
  }
}
