import useSWR from 'swr';
import type { AccessInfoBody, SubAdmin, SubAdminListResponse } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';

export const SUB_ADMIN_PAGE_SIZE = 10;
const BASE = '/bff/api/auth/sub-admin';

export function subAdminsKey(page: number): string {
  return `${BASE}?page=${page}&size=${SUB_ADMIN_PAGE_SIZE}`;
}

export function useSubAdmins(page: number) {
  return useSWR<SubAdminListResponse>(subAdminsKey(page), apiFetcher);
}

export interface NewSubAdmin {
  first_name: string;
  last_name: string;
  department: string;
  email: string;
  password?: string;
}

/** POST /api/auth/sub-admin/up: multipart `newUser`. */
export function createSubAdmin(newUser: NewSubAdmin, idempotencyKey?: string) {
  const form = new FormData();
  form.append('newUser', JSON.stringify(newUser));
  return api.post<{ result: SubAdmin }>(`${BASE}/up`, form, { idempotencyKey });
}

export function inviteSubAdmin(subAdminId: number) {
  return api.post<{ result: true }>(`${BASE}/invitation`, { subAdminId });
}

export function getSubAdminAccess(subAdminId: number, projectId: number) {
  return api.get<{ accessInfo: AccessInfoBody }>(`${BASE}/access?projectId=${projectId}&subAdminId=${subAdminId}`);
}

export function setSubAdminAccess(subAdminId: number, projectIds: number[], accessInfo: AccessInfoBody) {
  return api.post<{ result: true }>(`${BASE}/access`, { subAdminId, projectIds, accessInfo });
}

export function deleteSubAdmin(subAdminId: number) {
  return api.put<{ result: true }>(`${BASE}/del?subAdminId=${subAdminId}`);
}
