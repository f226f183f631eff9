import { api } from '@/lib/api-client';

/** Super-admin: grant (true) or revoke (false) a company's approval. */
export function setCustomerPermission(customerId: number, permission: boolean) {
  return api.put<{ result: true }>('/bff/api/service/super/customer/permission', { customerId, permission });
}
