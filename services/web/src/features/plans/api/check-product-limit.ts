import type { IsLimit } from '@product-console/shared';
import { api } from '@/lib/api-client';

/** Whether the plan's product limit is reached; a failed check counts as reached (spec point 8). */
export async function isProductLimitReached(): Promise<boolean> {
  try {
    const { isLimit } = await api.get<IsLimit>('/bff/plan/check/product');
    return isLimit;
  } catch {
    return true;
  }
}
