import type { RoleId } from '@product-console/shared';

/**
 * Who is calling, resolved from the access token and checked against the database
 * (`loadAuthContext` in the auth module). Every policy and service takes it, so it lives in the
 * lowest module: a service that needs the caller does not depend on how callers sign in.
 */
export interface AuthContext {
  userId: number;
  roleId: RoleId;
  /** The company the caller acts for: its own, or a super-admin's switched company; null for an unswitched super-admin. */
  companyId: number | null;
  ownCompanyId: number | null;
  isSwitched: boolean;
  /** The session (refresh-token family) of the access token; null for tokens issued without one. */
  familyId: string | null;
}
