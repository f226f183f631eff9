import { useCallback, useState } from 'react';
import useSWR from 'swr';
import type { IsLimit, Plan } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';

/**
 * The console's one plan module. The plan's name and services are read by the shell (the menu),
 * the profile, the sub-admin list and the product screens, so it lives in `lib/`, below every
 * feature; the pricing list stays in `features/plans`.
 */
export const PLAN_INFO_KEY = '/bff/api/service/plan/info';

/** The company's plan: its name, and the services that gate features (DPP gates Traceability). */
export function usePlanInfo() {
  return useSWR<{ result: Plan }>(PLAN_INFO_KEY, apiFetcher);
}

export const PRODUCT_LIMIT_PATH = '/bff/plan/check/product';
export const linkLimitPath = (productId: number) => `/bff/plan/check/link?productId=${productId}`;

/** A failed check counts as reached (spec point 8): the server enforces the limit either way. */
async function isLimitReached(path: string): Promise<boolean> {
  try {
    const { isLimit } = await api.get<IsLimit>(path);
    return isLimit;
  } catch {
    return true;
  }
}

/** Whether the plan's product limit is reached. */
export function isProductLimitReached(): Promise<boolean> {
  return isLimitReached(PRODUCT_LIMIT_PATH);
}

/** Whether the plan's link limit is reached for a product. */
export function isLinkLimitReached(productId: number): Promise<boolean> {
  return isLimitReached(linkLimitPath(productId));
}

export interface LimitCheck {
  /** True while the check runs, for a busy button. */
  checking: boolean;
  /** Asks now and resolves to whether the limit is reached. */
  check: () => Promise<boolean>;
}

/**
 * A verdict is asked for when the user sets out to add something, never kept in the console's
 * cache: every product or link added or removed may change it, and the gateway already keeps it
 * for the company until the API says the usage changed.
 */
function useLimitCheck(ask: () => Promise<boolean>): LimitCheck {
  const [checking, setChecking] = useState(false);
  const check = useCallback(async () => {
    setChecking(true);
    try {
      return await ask();
    } finally {
      setChecking(false);
    }
  }, [ask]);
  return { checking, check };
}

/** Before adding a product: the shell's add buttons and the add-product page. */
export function useProductLimitCheck(): LimitCheck {
  return useLimitCheck(isProductLimitReached);
}

/** Before adding a link to a product: the links section and the new-link page. */
export function useLinkLimitCheck(productId: number): LimitCheck {
  const ask = useCallback(() => isLinkLimitReached(productId), [productId]);
  return useLimitCheck(ask);
}
