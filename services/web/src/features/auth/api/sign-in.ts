import type { SessionInfo, SignInBody, User } from '@product-console/shared';
import { api, SIGN_IN_PATH } from '@/lib/api-client';
import { useResetSessionScope } from '@/lib/session-scope';

export function signIn(body: SignInBody): Promise<{ user: User }> {
  return api.post<{ user: User }>(SIGN_IN_PATH, body);
}

/** Signs in and starts a fresh cache holding the new session; the route then redirects by the session rules. */
export function useSignIn() {
  const resetSessionScope = useResetSessionScope();
  return async (body: SignInBody): Promise<SessionInfo> => {
    const { user } = await signIn(body);
    const session: SessionInfo = { user, switchedCustomerId: null };
    resetSessionScope(session);
    return session;
  };
}
