import { useNavigate } from 'react-router-dom';
import { api } from '@/lib/api-client';
import { LOGIN_PATH } from '@/lib/home-path';
import { useResetSessionScope } from '@/lib/session-scope';

export function signOut(): Promise<{ result: true }> {
  return api.post<{ result: true }>('/bff/auth/sign-out');
}

/** Ends the session, forgets every cached answer and goes to /login, even if the call failed. */
export function useSignOut() {
  const resetSessionScope = useResetSessionScope();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
    } catch (error) {
      console.error(error);
    }
    resetSessionScope(null);
    navigate(LOGIN_PATH, { replace: true });
  };
}
