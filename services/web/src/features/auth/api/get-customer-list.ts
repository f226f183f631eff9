import useSWR from 'swr';
import type { CustomerListItem } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

/** The companies a super-admin can act for. */
export const CUSTOMER_LIST_KEY = '/bff/api/service/super/customer/list';

export function useCustomerList(enabled = true) {
  return useSWR<{ result: CustomerListItem[] }>(enabled ? CUSTOMER_LIST_KEY : null, apiFetcher);
}
