import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { HORIZONTAL_MENU_MAX_ITEMS } from '@product-console/shared';
import { ThemeControl } from '@/components/theme-control';
import { MENU_ORIENTATION_STORAGE_KEY } from '@/theme/theme-settings';
import { HorizontalMenu } from '@/app/layouts/console/horizontal-menu';
import { buildMenu, type Menu, type MenuLink } from '@/app/layouts/console/menu';
import { company, makePlan, makeSession, products, projects, totalCount } from '@/testing/fixtures';
import { mockBff, renderRoute, renderWithProviders } from '@/testing/test-utils';

function renderMenu(menu: Menu, path = '/acme/quick-start') {
  const router = createMemoryRouter([{ path: '*', element: <HorizontalMenu menu={menu} /> }], { initialEntries: [path] });
  return renderWithProviders(<RouterProvider router={router} />);
}

function consoleApi() {
  return mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan({ services: ['DL', 'DPP'] }) } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/auth/me/company-info': { body: { result: company } },
    '/bff/api/overview/total-count': { body: { result: totalCount } },
    '/bff/api/overview/productList': { body: { result: products, pageInfo: { total: 1, page: 1, size: 10 } } },
  });
}

describe('HorizontalMenu', () => {
  it('shows the sidebar entries, the Dashboard group flattened, Project as a dropdown and Add Products', async () => {
    const user = userEvent.setup();
    renderMenu(buildMenu({ serviceName: 'acme', roleId: 2, services: ['DL', 'DPP'], projects }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/acme/dashboard/main-overview');
    expect(within(nav).getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/acme/dashboard/DL-analytics');
    expect(within(nav).getByRole('link', { name: 'Quick start' })).toHaveClass('active');
    expect(within(nav).getByRole('link', { name: 'Traceability' })).toHaveAttribute('href', '/acme/epcis');
    expect(within(nav).getByRole('link', { name: 'User roles' })).toHaveAttribute('href', '/acme/sub-admin');
    expect(within(nav).getByRole('link', { name: 'Add Products' })).toHaveAttribute('href', '/acme/project/none/add-product');
    // The eighth and ninth entries, Webhooks and the audit log, wait under More.
    expect(within(nav).queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'More' }));
    const more = await screen.findByRole('menu');
    expect(within(more).getByRole('menuitem', { name: 'Webhooks' })).toHaveAttribute('href', '/acme/webhooks');
    expect(within(more).getByRole('menuitem', { name: 'Audit log' })).toHaveAttribute('href', '/acme/audit-log');
    await user.keyboard('{Escape}');

    await user.click(within(nav).getByRole('button', { name: 'Project' }));
    const dropdown = await screen.findByRole('menu');
    expect(within(dropdown).getByRole('menuitem', { name: 'All' })).toHaveAttribute('href', '/acme/entry-list');
    expect(within(dropdown).getByRole('menuitem', { name: 'Spring line' })).toHaveAttribute('href', '/acme/entry-list/11');
    await user.keyboard('{Escape}');
  });

  it(`shows at most ${HORIZONTAL_MENU_MAX_ITEMS} items and puts the rest under More`, async () => {
    const user = userEvent.setup();
    const links: MenuLink[] = Array.from({ length: 9 }, (_, index) => ({
      kind: 'link',
      id: `item-${index + 1}`,
      labelId: 'nav.quickStart',
      to: `/acme/item-${index + 1}`,
      icon: 'quickStart',
    }));
    renderMenu({ entries: links, addProductTo: null }, '/acme/item-9');
    const nav = screen.getByTestId('horizontal-menu');
    expect(within(nav).getAllByRole('link')).toHaveLength(7);
    expect(within(nav).getByTestId('nav-item-7')).toBeInTheDocument();
    expect(within(nav).queryByTestId('nav-item-8')).not.toBeInTheDocument();
    const more = within(nav).getByRole('button', { name: 'More' });
    expect(more).toHaveClass('active');

    await user.click(more);
    const dropdown = await screen.findByRole('menu');
    const items = within(dropdown).getAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/acme/item-8', '/acme/item-9']);
    expect(items[1]).toHaveClass('active');
  });
});

describe('menu orientation', () => {
  it('persists the choice from the theme control in localStorage', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ThemeControl />);
    await user.click(screen.getByTestId('theme-control'));
    const group = await screen.findByTestId('menu-orientation');
    expect(group).toHaveAccessibleName('Menu layout');
    expect(within(group).getByRole('menuitemradio', { name: 'Vertical (sidebar)' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(group).getByRole('menuitemradio', { name: 'Horizontal (top bar)' }));
    expect(window.localStorage.getItem(MENU_ORIENTATION_STORAGE_KEY)).toBe('horizontal');

    await user.click(screen.getByTestId('theme-control'));
    expect(
      within(await screen.findByTestId('menu-orientation')).getByRole('menuitemradio', { name: 'Horizontal (top bar)' }),
    ).toHaveAttribute('aria-checked', 'true');
  });

  it('shows the sidebar by default', async () => {
    consoleApi();
    renderRoute('/acme/quick-start');
    expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
    expect(screen.queryByTestId('horizontal-menu')).not.toBeInTheDocument();
  });

  it('replaces the sidebar with the horizontal menu when the stored orientation is horizontal', async () => {
    window.localStorage.setItem(MENU_ORIENTATION_STORAGE_KEY, 'horizontal');
    consoleApi();
    renderRoute('/acme/quick-start');
    const nav = await screen.findByTestId('horizontal-menu');
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sidebar-toggle')).not.toBeInTheDocument();
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'User roles' })).toBeInTheDocument());
    expect(within(nav).getByRole('link', { name: 'Quick start' })).toHaveClass('active');
    expect(within(nav).getByRole('button', { name: 'Project' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Add Products' })).toBeInTheDocument();
  });
});
