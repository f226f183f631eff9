import useSWR from 'swr';
import type { SessionInfo } from '@product-console/shared';
import { api, isApiError, SESSION_PROBE_PATH } from '@/lib/api-client';

export const SESSION_KEY = SESSION_PROBE_PATH;

/** The signed-in user, or null when there is no session (the gateway answers 401). */
export async function getSession(): Promise<SessionInfo | null> {
  try {
    return await api.get<SessionInfo>(SESSION_KEY);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function useSession() {
  const { data, error, isLoading, mutate } = useSWR<SessionInfo | null>(SESSION_KEY, getSession);
  return { session: data, error: error as unknown, isLoading: data === undefined && !error && isLoading, mutate };
}
