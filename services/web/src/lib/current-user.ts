import useSWR from 'swr';
import type { SessionInfo } from '@product-console/shared';
import { api, isApiError, SESSION_PROBE_PATH } from '@/lib/api-client';

async function probe(): Promise<SessionInfo | null> {
  try {
    return await api.get<SessionInfo>(SESSION_PROBE_PATH);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/**
 * The signed-in user, read from the session cache the console shell fills (same key as the
 * auth feature's session hook), for features that only need to know who is acting.
 */
export function useCurrentUser() {
  const { data } = useSWR<SessionInfo | null>(SESSION_PROBE_PATH, probe);
  return data?.user;
}
