/** Role ids of spec point 6. A role id <= ROLE.MANAGER is treated as an admin. */
export const ROLE = {
  SUPER_ADMIN: 1,
  MANAGER: 2,
  SUB_ADMIN: 3,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_IDS = [ROLE.SUPER_ADMIN, ROLE.MANAGER, ROLE.SUB_ADMIN] as const;

export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Super-Admin',
  2: 'Manager',
  3: 'Sub-Admin',
};

export function isAdminRole(roleId: number): boolean {
  return roleId <= ROLE.MANAGER;
}
