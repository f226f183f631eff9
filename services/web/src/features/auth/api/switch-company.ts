import type { SessionInfo } from '@product-console/shared';
import { api } from '@/lib/api-client';
import { useResetSessionScope } from '@/lib/session-scope';

const SWITCH_PATH = '/bff/auth/switch';

export function switchCompany(customerId: number): Promise<SessionInfo> {
  return api.post<SessionInfo>(SWITCH_PATH, { customerId });
}

export function leaveSwitchedCompany(): Promise<SessionInfo> {
  return api.delete<SessionInfo>(SWITCH_PATH);
}

/**
 * A super-admin acts for one customer company at a time. The caller applies the returned
 * session with `resetSessionScope` once it is ready to leave the current screen.
 */
export function useSwitchCompany() {
  const resetSessionScope = useResetSessionScope();
  return {
    switchTo: (customerId: number) => switchCompany(customerId),
    leave: () => leaveSwitchedCompany(),
    apply: (session: SessionInfo) => resetSessionScope(session),
  };
}
