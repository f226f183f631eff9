import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { RoleId, ServiceCode } from '@product-console/shared';
import { buildMenu } from '@/app/layouts/console/menu';
import { Sidebar } from '@/app/layouts/console/sidebar';
import { projects } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';

function renderSidebar(roleId: RoleId, services: ServiceCode[]) {
  const menu = buildMenu({ serviceName: 'acme', roleId, services, projects });
  const router = createMemoryRouter(
    [{ path: '*', element: <Sidebar menu={menu} collapsed={false} onExpand={() => undefined} homeTo="/acme/dashboard/main-overview" /> }],
    { initialEntries: ['/acme/entry-list'] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('Sidebar', () => {
  it('shows every entry to a manager whose plan has DPP', () => {
    renderSidebar(2, ['DL', 'DPP']);
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/acme/dashboard/main-overview');
    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/acme/dashboard/DL-analytics');
    expect(screen.getByRole('link', { name: 'Quick start' })).toHaveAttribute('href', '/acme/quick-start');
    expect(screen.getByRole('link', { name: 'Traceability' })).toHaveAttribute('href', '/acme/epcis');
    expect(screen.getByRole('link', { name: 'User roles' })).toHaveAttribute('href', '/acme/sub-admin');
    expect(screen.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/acme/webhooks');
    expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/acme/audit-log');
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('href', '/acme/entry-list');
    expect(screen.getByRole('link', { name: 'Spring line' })).toHaveAttribute('href', '/acme/entry-list/11');
    expect(screen.getByRole('link', { name: 'Add Products' })).toHaveAttribute('href', '/acme/project/none/add-product');
  });

  it('hides Traceability when the plan has no DPP', () => {
    renderSidebar(1, ['DL']);
    expect(screen.queryByRole('link', { name: 'Traceability' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'User roles' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Webhooks' })).toBeInTheDocument();
  });

  it('hides Traceability, User roles and the "All" project from a sub-admin', () => {
    renderSidebar(3, ['DL', 'DPP']);
    expect(screen.queryByRole('link', { name: 'Traceability' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'User roles' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'All' })).not.toBeInTheDocument();
    // A sub-admin's log holds its own actions.
    expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/acme/audit-log');
    expect(screen.getByRole('link', { name: 'Outdoor' })).toHaveAttribute('href', '/acme/entry-list/12');
    expect(screen.getByRole('link', { name: 'Add Products' })).toHaveAttribute('href', '/acme/project/11/add-product');
  });
});
