import useSWR from 'swr';
import type { SessionInfo } from '@product-console/shared';
import { api, isApiError, SESSION_PROBE_PATH } from '@/lib/api-client';
import { rememberSession } from '@/lib/session-hint';

export const SESSION_KEY = SESSION_PROBE_PATH;

/** The signed-in user, or null when there is no session (the gateway answers 401). */
export async function getSession(): Promise<SessionInfo | null> {
  try {
    const session = await api.get<SessionInfo>(SESSION_KEY);
    rememberSession(session);
    return session;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      rememberSession(null);
      return null;
    }
    throw error;
  }
}

/** `probe: false` reads nothing: for pages that only need a session when the browser may have one. */
export function useSession({ probe = true }: { probe?: boolean } = {}) {
  const { data, error, isLoading, mutate } = useSWR<SessionInfo | null>(probe ? SESSION_KEY : null, getSession);
  return { session: data, error: error as unknown, isLoading: data === undefined && !error && isLoading, mutate };
}
