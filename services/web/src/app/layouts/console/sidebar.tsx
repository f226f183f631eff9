import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { NavLink, useLocation } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { BrandLogo } from '@/components/brand-logo';
import {
  AnalyticsIcon,
  ChevronDownIcon,
  ClockIcon,
  DashboardIcon,
  FolderIcon,
  LockIcon,
  PlusIcon,
  RocketIcon,
  SendIcon,
  TraceIcon,
  UsersIcon,
} from '@/components/icons';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import type { Menu, MenuIcon, MenuLink, ProjectMenu } from '@/app/layouts/console/menu';

/** Menu icons, shared with the horizontal menu. */
export const ICONS: Record<MenuIcon, ReactNode> = {
  dashboard: <DashboardIcon />,
  analytics: <AnalyticsIcon />,
  quickStart: <RocketIcon />,
  projects: <FolderIcon />,
  traceability: <TraceIcon />,
  webhooks: <SendIcon />,
  authenticity: <LockIcon />,
  userRoles: <UsersIcon />,
  auditLog: <ClockIcon />,
};

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
  background: ${({ theme }) => theme.colors.surface};
`;

const Brand = styled.div<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'flex-start')};
  height: ${({ theme }) => theme.layout.headerHeight}px;
  padding: 0 ${({ $collapsed }) => ($collapsed ? '0' : '24px')};
  flex: none;
  a { text-decoration: none; border-radius: 10px; }
`;

const Nav = styled.nav`
  flex: 1;
  overflow-y: auto;
  overflow-x: hidden;
  padding: 8px 14px 16px;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

/** A top-level entry's own list, spaced like the entries inside a group. */
const EntryList = styled(List)`
  margin-top: 2px;
`;

const GroupLabel = styled.p<{ $collapsed: boolean }>`
  margin: 18px 12px 8px;
  font-size: 11px;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
  ${({ $collapsed }) =>
    $collapsed &&
    css`
      height: 1px;
      margin: 14px 12px;
      overflow: hidden;
      color: transparent;
      background: ${({ theme }) => theme.colors.border};
    `}
`;

const itemStyles = css<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  gap: 12px;
  width: 100%;
  min-height: 44px;
  padding: 0 12px;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'flex-start')};
  border: none;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
  font-weight: 500;
  text-align: start;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 0.15s ease, color 0.15s ease;

  svg { flex: none; }
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; }
  &.active {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

export const ItemLink = styled(NavLink)<{ $collapsed: boolean }>`
  ${itemStyles}
`;

export const ItemButton = styled.button<{ $collapsed: boolean; $active?: boolean }>`
  ${itemStyles}
  ${({ $active, theme }) => $active && css`color: ${theme.colors.primary};`}
`;

export const Label = styled.span`
  flex: 1;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Chevron = styled.span<{ $open: boolean }>`
  display: inline-flex;
  transition: transform 0.15s ease;
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
`;

const SubList = styled(List)`
  &[hidden] { display: none; }
  margin: 2px 0 6px 22px;
  padding-left: 12px;
  border-left: 1px solid ${({ theme }) => theme.colors.border};
`;

const SubLink = styled(NavLink)`
  display: block;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
  text-decoration: none;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; }
  &.active { color: ${({ theme }) => theme.colors.primary}; font-weight: 600; }
`;

const Muted = styled.li`
  padding: 8px 12px;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Bottom = styled.div<{ $collapsed: boolean }>`
  flex: none;
  padding: 16px ${({ $collapsed }) => ($collapsed ? '14px' : '20px')} 20px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

function MenuItemLink({ item, collapsed }: { item: MenuLink; collapsed: boolean }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: item.labelId });
  return (
    <li>
      <ItemLink to={item.to} $collapsed={collapsed} title={collapsed ? label : undefined} data-testid={`nav-${item.id}`}>
        {ICONS[item.icon]}
        {collapsed ? <VisuallyHidden>{label}</VisuallyHidden> : <Label>{label}</Label>}
      </ItemLink>
    </li>
  );
}

function ProjectDropdown({ item, collapsed, onExpand }: { item: ProjectMenu; collapsed: boolean; onExpand: () => void }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const inProjects = /\/entry-list(\/|$)/.test(pathname);
  const [open, setOpen] = useState(inProjects);
  const listId = useId();
  const label = intl.formatMessage({ id: item.labelId });
  const expanded = open && !collapsed;
  return (
    <li>
      <ItemButton
        type="button"
        $collapsed={collapsed}
        $active={inProjects}
        aria-expanded={expanded}
        aria-controls={listId}
        title={collapsed ? label : undefined}
        data-testid="nav-projects"
        onClick={() => {
          if (collapsed) {
            onExpand();
            setOpen(true);
          } else {
            setOpen((value) => !value);
          }
        }}
      >
        {ICONS[item.icon]}
        {collapsed ? (
          <VisuallyHidden>{label}</VisuallyHidden>
        ) : (
          <>
            <Label>{label}</Label>
            <Chevron $open={open} aria-hidden="true">
              <ChevronDownIcon size={16} />
            </Chevron>
          </>
        )}
      </ItemButton>
      <SubList id={listId} hidden={!expanded}>
        {item.allTo ? (
          <li>
            <SubLink to={item.allTo} end data-testid="nav-project-all">
              <FormattedMessage id="nav.projectsAll" />
            </SubLink>
          </li>
        ) : null}
        {item.projects.map((project) => (
          <li key={project.id}>
            <SubLink to={project.to} data-testid={`nav-project-${project.id}`} title={project.name}>
              {project.name}
            </SubLink>
          </li>
        ))}
        {!item.allTo && item.projects.length === 0 ? (
          <Muted>
            <FormattedMessage id="nav.noProjects" />
          </Muted>
        ) : null}
      </SubList>
    </li>
  );
}

interface SidebarProps {
  id?: string;
  menu: Menu;
  collapsed: boolean;
  onExpand: () => void;
  homeTo: string;
  addingProduct?: boolean;
  onAddProduct?: (event: MouseEvent<HTMLAnchorElement>, to: string) => void;
}

/** The console's left navigation; the same panel serves as the mobile drawer. */
export function Sidebar({ id, menu, collapsed, onExpand, homeTo, addingProduct = false, onAddProduct }: SidebarProps) {
  const intl = useIntl();
  const addLabel = intl.formatMessage({ id: 'nav.addProducts' });
  return (
    <Panel id={id}>
      <Brand $collapsed={collapsed}>
        <NavLink to={homeTo} aria-label={intl.formatMessage({ id: 'nav.home' })}>
          <BrandLogo compact={collapsed} />
        </NavLink>
      </Brand>
      <Nav aria-label={intl.formatMessage({ id: 'nav.label' })}>
        {menu.entries.map((entry) => {
          if (entry.kind === 'group') {
            return (
              <div key={entry.id} role="group" aria-labelledby={`nav-group-${entry.id}`}>
                <GroupLabel id={`nav-group-${entry.id}`} $collapsed={collapsed}>
                  <FormattedMessage id={entry.labelId} />
                </GroupLabel>
                <List>
                  {entry.children.map((child) => (
                    <MenuItemLink key={child.id} item={child} collapsed={collapsed} />
                  ))}
                </List>
              </div>
            );
          }
          return (
            <EntryList key={entry.id}>
              {entry.kind === 'projects' ? (
                <ProjectDropdown item={entry} collapsed={collapsed} onExpand={onExpand} />
              ) : (
                <MenuItemLink item={entry} collapsed={collapsed} />
              )}
            </EntryList>
          );
        })}
      </Nav>
      {menu.addProductTo ? (
        <Bottom $collapsed={collapsed}>
          <ButtonLink
            to={menu.addProductTo}
            $block
            $size="lg"
            title={collapsed ? addLabel : undefined}
            aria-busy={addingProduct}
            data-testid="add-products"
            onClick={(event: MouseEvent<HTMLAnchorElement>) => onAddProduct?.(event, menu.addProductTo as string)}
          >
            {addingProduct ? <Spinner size={18} /> : <PlusIcon size={18} />}
            {collapsed ? <VisuallyHidden>{addLabel}</VisuallyHidden> : addLabel}
          </ButtonLink>
        </Bottom>
      ) : null}
    </Panel>
  );
}
