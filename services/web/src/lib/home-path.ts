import { DEV_TOKEN_STORAGE_KEY, ROLE, type SessionInfo } from '@product-console/shared';
import { readStorage } from '@/lib/storage';

export const LOGIN_PATH = '/login';
export const SWITCH_PATH = '/switch';

export function overviewPath(serviceName: string): string {
  return `/${encodeURIComponent(serviceName)}/dashboard/main-overview`;
}

export function quickStartPath(serviceName: string): string {
  return `/${encodeURIComponent(serviceName)}/quick-start`;
}

/** The preview channel leaves a developer token in session storage (spec point 7). */
export function hasDeveloperToken(): boolean {
  return Boolean(readStorage('session', DEV_TOKEN_STORAGE_KEY));
}

/**
 * A super-admin must choose a company first, unless one is already chosen or the preview
 * channel's developer token is present.
 */
export function needsCompanySwitch(session: SessionInfo): boolean {
  return (
    session.user.roleId === ROLE.SUPER_ADMIN &&
    session.switchedCustomerId == null &&
    (!hasDeveloperToken() || !session.user.serviceName)
  );
}

/** Where a session starts (spec points 2 and 4): the rules of `/`, sign-in and role-restricted areas. */
export function homePath(session: SessionInfo | null | undefined): string {
  if (!session) return LOGIN_PATH;
  if (needsCompanySwitch(session)) return SWITCH_PATH;
  const { roleId, serviceName, showDefaultPage } = session.user;
  if (roleId === ROLE.SUPER_ADMIN) return overviewPath(serviceName);
  return showDefaultPage ? overviewPath(serviceName) : quickStartPath(serviceName);
}
