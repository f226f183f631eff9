import { describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { company, makePlan, makeSession, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

configure({ asyncUtilTimeout: 5000 });

function api(roleId: 1 | 2 | 3, done: Record<string, boolean>) {
  return mockBff({
    '/bff/auth/me': { body: makeSession({ roleId }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/auth/me/company-info': { body: { result: company } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/overview/quick-start': {
      body: { result: { steps: ['project', 'product', 'link', 'qr', 'subAdmin'].map((id) => ({ id, done: done[id] ?? false })) } },
    },
  });
}

const stepCard = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('quick start', { timeout: 20_000 }, () => {
  it('marks the steps the company has done, as the API says', async () => {
    api(2, { project: true, product: true, qr: true });
    renderRoute('/acme/quick-start');
    expect(await screen.findByText('3 of 5 steps done')).toBeInTheDocument();
    expect(within(stepCard('Create a project')).getByText('Done')).toBeInTheDocument();
    expect(within(stepCard('Add a product')).getByText('Done')).toBeInTheDocument();
    expect(within(stepCard('Add links')).queryByText('Done')).not.toBeInTheDocument();
    expect(within(stepCard('Print the QR code')).getByText('Done')).toBeInTheDocument();
    expect(within(stepCard('Invite your team')).queryByText('Done')).not.toBeInTheDocument();
    expect(within(stepCard('Invite your team')).getByRole('link', { name: 'Open user roles' })).toHaveAttribute('href', '/acme/sub-admin');
  });

  it('does not ask a sub-admin to invite anyone', async () => {
    api(3, { project: true, product: true, link: true, qr: true, subAdmin: true });
    renderRoute('/acme/quick-start');
    expect(await screen.findByText('4 of 4 steps done')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invite your team' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Done')).toHaveLength(4);
  });
});
