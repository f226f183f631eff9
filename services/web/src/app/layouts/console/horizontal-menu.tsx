import type { MouseEvent } from 'react';
import styled, { css } from 'styled-components';
import { matchPath, NavLink, useLocation } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { HORIZONTAL_MENU_MAX_ITEMS } from '@product-console/shared';
import { ChevronDownIcon, PlusIcon } from '@/components/icons';
import { ButtonLink } from '@/components/ui/button';
import { MenuContent, MenuItem, MenuLabel, MenuPortal, MenuRoot, MenuSeparator, MenuTrigger } from '@/components/ui/menu';
import { Spinner } from '@/components/ui/spinner';
import type { Menu, MenuLink, ProjectMenu } from '@/app/layouts/console/menu';
import { ICONS, ItemButton, ItemLink, Label } from '@/app/layouts/console/sidebar';

/** One item of the horizontal bar: a link, or the Project dropdown. */
export type HorizontalItem = MenuLink | ProjectMenu;

/** The sidebar's entries in bar order, with the Dashboard group flattened into its links. */
export function flattenMenu(menu: Menu): HorizontalItem[] {
  return menu.entries.flatMap((entry) => (entry.kind === 'group' ? entry.children : [entry]));
}

/** Splits the items into those the bar shows (at most `max`) and those under "More". */
export function splitItems<T>(items: readonly T[], max: number = HORIZONTAL_MENU_MAX_ITEMS): { visible: T[]; overflow: T[] } {
  return { visible: items.slice(0, max), overflow: items.slice(max) };
}

const PROJECTS_PATH = /\/entry-list(\/|$)/;

function isItemActive(item: HorizontalItem, pathname: string): boolean {
  if (item.kind === 'projects') return PROJECTS_PATH.test(pathname);
  return matchPath({ path: item.to, end: false }, pathname) !== null;
}

const Bar = styled.nav`
  position: sticky;
  top: ${({ theme }) => theme.layout.headerHeight}px;
  z-index: 19;
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 56px;
  padding: 6px 20px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const List = styled.ul`
  flex: 1;
  min-width: 0;
  display: flex;
  align-items: center;
  gap: 4px;
  list-style: none;
  margin: 0;
  padding: 0;
`;

const inline = css`
  width: auto;
  min-height: 40px;
  gap: 8px;
  white-space: nowrap;
`;

const BarLink = styled(ItemLink)`
  ${inline}
`;

const BarButton = styled(ItemButton)`
  ${inline}
  &[data-state='open'] { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; }
`;

const Chevron = styled.span`
  display: inline-flex;
  transition: transform 0.15s ease;
  [data-state='open'] > & { transform: rotate(180deg); }
`;

/** Dropdown entries highlight the current page as the sidebar's sub-links do. */
const DropdownLink = styled(NavLink)`
  &.active { color: ${({ theme }) => theme.colors.primary}; font-weight: 600; }
`;

const Muted = styled.p`
  margin: 0;
  padding: 8px 10px;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const AddProduct = styled.div`
  flex: none;
`;

/** "All" and the projects, as items of a dropdown (the Project menu, or a section of "More"). */
function ProjectItems({ item }: { item: ProjectMenu }) {
  return (
    <>
      {item.allTo ? (
        <MenuItem asChild>
          <DropdownLink to={item.allTo} end data-testid="nav-project-all">
            <FormattedMessage id="nav.projectsAll" />
          </DropdownLink>
        </MenuItem>
      ) : null}
      {item.projects.map((project) => (
        <MenuItem key={project.id} asChild>
          <DropdownLink to={project.to} data-testid={`nav-project-${project.id}`} title={project.name}>
            {project.name}
          </DropdownLink>
        </MenuItem>
      ))}
      {!item.allTo && item.projects.length === 0 ? (
        <Muted>
          <FormattedMessage id="nav.noProjects" />
        </Muted>
      ) : null}
    </>
  );
}

function ProjectDropdown({ item, active }: { item: ProjectMenu; active: boolean }) {
  const intl = useIntl();
  return (
    <li>
      <MenuRoot modal={false}>
        <MenuTrigger asChild>
          <BarButton $collapsed={false} $active={active} className={active ? 'active' : undefined} data-testid="nav-projects">
            {ICONS[item.icon]}
            <Label>{intl.formatMessage({ id: item.labelId })}</Label>
            <Chevron aria-hidden="true">
              <ChevronDownIcon size={16} />
            </Chevron>
          </BarButton>
        </MenuTrigger>
        <MenuPortal>
          <MenuContent align="start" sideOffset={6} data-testid="nav-projects-menu">
            <ProjectItems item={item} />
          </MenuContent>
        </MenuPortal>
      </MenuRoot>
    </li>
  );
}

function MoreDropdown({ items, active }: { items: HorizontalItem[]; active: boolean }) {
  const intl = useIntl();
  return (
    <li>
      <MenuRoot modal={false}>
        <MenuTrigger asChild>
          <BarButton $collapsed={false} $active={active} className={active ? 'active' : undefined} data-testid="nav-more">
            <Label>{intl.formatMessage({ id: 'nav.more' })}</Label>
            <Chevron aria-hidden="true">
              <ChevronDownIcon size={16} />
            </Chevron>
          </BarButton>
        </MenuTrigger>
        <MenuPortal>
          <MenuContent align="end" sideOffset={6} data-testid="nav-more-menu">
            {items.map((item, index) =>
              item.kind === 'projects' ? (
                <div key={item.id} role="group" aria-label={intl.formatMessage({ id: item.labelId })}>
                  {index > 0 ? <MenuSeparator /> : null}
                  <MenuLabel>{intl.formatMessage({ id: item.labelId })}</MenuLabel>
                  <ProjectItems item={item} />
                  {index < items.length - 1 ? <MenuSeparator /> : null}
                </div>
              ) : (
                <MenuItem key={item.id} asChild>
                  <DropdownLink to={item.to} data-testid={`nav-${item.id}`}>
                    {ICONS[item.icon]}
                    {intl.formatMessage({ id: item.labelId })}
                  </DropdownLink>
                </MenuItem>
              ),
            )}
          </MenuContent>
        </MenuPortal>
      </MenuRoot>
    </li>
  );
}

interface HorizontalMenuProps {
  menu: Menu;
  /** How many items the bar shows before the rest go under "More". */
  maxItems?: number;
  addingProduct?: boolean;
  onAddProduct?: (event: MouseEvent<HTMLAnchorElement>, to: string) => void;
}

/** The sidebar's menu laid out as a bar under the top bar (menu orientation "horizontal"). */
export function HorizontalMenu({ menu, maxItems = HORIZONTAL_MENU_MAX_ITEMS, addingProduct = false, onAddProduct }: HorizontalMenuProps) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const { visible, overflow } = splitItems(flattenMenu(menu), maxItems);
  return (
    <Bar aria-label={intl.formatMessage({ id: 'nav.label' })} data-testid="horizontal-menu">
      <List>
        {visible.map((item) =>
          item.kind === 'projects' ? (
            <ProjectDropdown key={item.id} item={item} active={isItemActive(item, pathname)} />
          ) : (
            <li key={item.id}>
              <BarLink to={item.to} $collapsed={false} data-testid={`nav-${item.id}`}>
                {ICONS[item.icon]}
                <Label>{intl.formatMessage({ id: item.labelId })}</Label>
              </BarLink>
            </li>
          ),
        )}
        {overflow.length > 0 ? <MoreDropdown items={overflow} active={overflow.some((item) => isItemActive(item, pathname))} /> : null}
      </List>
      {menu.addProductTo ? (
        <AddProduct>
          <ButtonLink
            to={menu.addProductTo}
            $size="sm"
            aria-busy={addingProduct}
            data-testid="add-products"
            onClick={(event: MouseEvent<HTMLAnchorElement>) => onAddProduct?.(event, menu.addProductTo as string)}
          >
            {addingProduct ? <Spinner size={16} /> : <PlusIcon size={16} />}
            {intl.formatMessage({ id: 'nav.addProducts' })}
          </ButtonLink>
        </AddProduct>
      ) : null}
    </Bar>
  );
}
