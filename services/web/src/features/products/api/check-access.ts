import { ROLE, type AccessInfoBody, type User } from '@product-console/shared';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';

/** Admins may always write products; a sub-admin needs `product.w` on the project (a failed check denies). */
export async function canWriteProducts(user: User, projectId: number | null): Promise<boolean> {
  if (user.roleId !== ROLE.SUB_ADMIN) return true;
  if (projectId === null) return false;
  try {
    const query = new URLSearchParams({ projectId: String(projectId), subAdminId: String(user.userId) });
    const { accessInfo } = await api.get<{ accessInfo: AccessInfoBody }>(`/bff/api/auth/sub-admin/access?${query}`);
    return accessInfo.product?.w === true;
  } catch {
    return false;
  }
}

/** Whether the signed-in user may change the products of a project; undefined while unknown. */
export function useProductWriteAccess(projectId: number | undefined): boolean | undefined {
  const user = useCurrentUser();
  const key = user && projectId !== undefined ? ['product-write-access', user.userId, user.roleId, projectId] : null;
  const { data } = useSWR(key, () => canWriteProducts(user as User, projectId as number));
  return data;
}
