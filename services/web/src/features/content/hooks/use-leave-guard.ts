import { useEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router-dom';

/**
 * Asks before unsaved changes are left behind: react-router's blocker for moves inside the
 * console (`stays` says which addresses still show the editor, such as its other steps) and the
 * browser's own question on reload or closing the tab.
 */
export function useLeaveGuard(hasChanges: boolean, stays: (pathname: string) => boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasChanges && currentLocation.pathname !== nextLocation.pathname && !stays(nextLocation.pathname));
  const latest = useRef<Blocker>(blocker);
  latest.current = blocker;
  /** Set once the user chose to leave, so that the dialog closing afterwards does not also stay. */
  const leaving = useRef(false);
  if (blocker.state !== 'blocked') leaving.current = false;

  useEffect(() => {
    if (!hasChanges) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [hasChanges]);

  return {
    blocked: blocker.state === 'blocked',
    leave: () => {
      if (latest.current.state !== 'blocked' || leaving.current) return;
      leaving.current = true;
      latest.current.proceed();
    },
    stay: () => {
      if (latest.current.state === 'blocked' && !leaving.current) latest.current.reset();
    },
  };
}
