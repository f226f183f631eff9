import { createContext, useContext } from 'react';
import type { SessionInfo } from '@product-console/shared';

/**
 * Every cached answer belongs to one session acting for one company. When that changes
 * (sign-in, sign-out, company switch, session lost) the console starts a new, empty cache
 * seeded with the new session instead of clearing keys one by one: SWR would otherwise reuse
 * requests still inside their deduplication window.
 */
export type ResetSessionScope = (session: SessionInfo | null) => void;

export const SessionScopeContext = createContext<ResetSessionScope>(() => {
  throw new Error('useResetSessionScope must be used inside AppProvider');
});

export function useResetSessionScope(): ResetSessionScope {
  return useContext(SessionScopeContext);
}
