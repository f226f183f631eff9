import { isAdminRole, type Project, type RoleId, type ServiceCode } from '@product-console/shared';
import type { MessageId } from '@/lib/i18n';

export type MenuIcon = 'dashboard' | 'analytics' | 'quickStart' | 'projects' | 'traceability' | 'authenticity' | 'userRoles' | 'webhooks' | 'auditLog';

export interface MenuLink {
  kind: 'link';
  id: string;
  labelId: MessageId;
  to: string;
  icon: MenuIcon;
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  labelId: MessageId;
  children: MenuLink[];
}

export interface ProjectMenu {
  kind: 'projects';
  id: 'projects';
  labelId: MessageId;
  icon: MenuIcon;
  /** "All" lists every product; only admins have it. */
  allTo: string | null;
  projects: { id: number; name: string; to: string }[];
}

export type MenuEntry = MenuLink | MenuGroup | ProjectMenu;

export interface MenuInput {
  serviceName: string;
  roleId: RoleId;
  /** Services of the company's plan; undefined while the plan loads. */
  services: readonly ServiceCode[] | undefined;
  projects: readonly Project[] | undefined;
}

export interface Menu {
  entries: MenuEntry[];
  /** Where "Add Products" leads; null when the user has no project to add to. */
  addProductTo: string | null;
}

/** The sidebar of spec point 2, per role and plan. */
export function buildMenu({ serviceName, roleId, services, projects = [] }: MenuInput): Menu {
  const base = `/${encodeURIComponent(serviceName)}`;
  const admin = isAdminRole(roleId);
  const entries: MenuEntry[] = [
    {
      kind: 'group',
      id: 'dashboard',
      labelId: 'nav.dashboard',
      children: [
        { kind: 'link', id: 'overview', labelId: 'nav.overview', to: `${base}/dashboard/main-overview`, icon: 'dashboard' },
        { kind: 'link', id: 'analytics', labelId: 'nav.analytics', to: `${base}/dashboard/DL-analytics`, icon: 'analytics' },
      ],
    },
    { kind: 'link', id: 'quick-start', labelId: 'nav.quickStart', to: `${base}/quick-start`, icon: 'quickStart' },
    {
      kind: 'projects',
      id: 'projects',
      labelId: 'nav.projects',
      icon: 'projects',
      allTo: admin ? `${base}/entry-list` : null,
      projects: projects.map((project) => ({
        id: project.project_id,
        name: project.project_name,
        to: `${base}/entry-list/${project.project_id}`,
      })),
    },
  ];
  // The Authenticity desk: every role; a sub-admin sees the products of its projects.
  entries.push({ kind: 'link', id: 'authenticity', labelId: 'nav.authenticity', to: `${base}/authenticity`, icon: 'authenticity' });
  if (admin && services?.includes('DPP')) {
    entries.push({ kind: 'link', id: 'traceability', labelId: 'nav.traceability', to: `${base}/epcis`, icon: 'traceability' });
  }
  if (admin) {
    entries.push({ kind: 'link', id: 'user-roles', labelId: 'nav.userRoles', to: `${base}/sub-admin`, icon: 'userRoles' });
    entries.push({ kind: 'link', id: 'webhooks', labelId: 'nav.webhooks', to: `${base}/webhooks`, icon: 'webhooks' });
  }
  // The audit log: every role; a sub-admin sees its own actions (decision 088).
  entries.push({ kind: 'link', id: 'audit-log', labelId: 'nav.auditLog', to: `${base}/audit-log`, icon: 'auditLog' });
  const firstProject = projects[0];
  const addProductTo = admin
    ? `${base}/project/none/add-product`
    : firstProject
      ? `${base}/project/${firstProject.project_id}/add-product`
      : null;
  return { entries, addProductTo };
}
