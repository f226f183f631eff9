import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubAdmin } from '@product-console/shared';
import { company, makePlan, makeSession, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

// Route modules load lazily and cold in this file while the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

function subAdmin(overrides: Partial<SubAdmin>): SubAdmin {
  return {
    user_id: 31,
    company_id: 1,
    first_name: 'Ina',
    last_name: 'Invited',
    department: '',
    email: 'ina@acme.test',
    active: { joined: false, invitedAt: '2026-01-01T00:00:00Z', expired: true },
    lastUpdated: '2026-01-01T00:00:00Z',
    projectIds: [],
    ...overrides,
  };
}

function api(list: SubAdmin[], canAdd: boolean, extra: Parameters<typeof mockBff>[0] = {}) {
  return mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan({ planName: 'Starter' }) } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/auth/me/company-info': { body: { result: company } },
    'GET /bff/api/auth/sub-admin': () => ({ body: { canAdd, result: list, pageInfo: { total: list.length, page: 1, size: 10 } } }),
    ...extra,
  });
}

describe('sub-admin list', { timeout: 20_000 }, () => {
  it('opens the plan-exceeded dialog instead of the form at the plan limit', async () => {
    api([subAdmin({ active: { joined: true, invitedAt: null, expired: false } })], false);
    renderRoute('/acme/sub-admin');
    const user = userEvent.setup();
    expect(await screen.findByTestId('sub-admin-table')).toHaveTextContent('Joined');
    expect(screen.getByText('Your plan allows no more sub-admins.')).toBeInTheDocument();
    await user.click(screen.getByTestId('add-sub-admin'));
    const dialog = await screen.findByTestId('plan-exceeded-dialog');
    expect(dialog).toHaveTextContent('The scope of the plan has been exceeded!');
    expect(dialog).toHaveTextContent('You subscribed a Starter plan.');
    expect(screen.queryByTestId('create-sub-admin-dialog')).not.toBeInTheDocument();
  });

  it('re-invites and shows the invitation as live at once', async () => {
    const list = [subAdmin({})];
    let invited: unknown;
    api(list, true, {
      'POST /bff/api/auth/sub-admin/invitation': (init) => {
        invited = JSON.parse(String(init?.body));
        list[0] = { ...list[0], active: { ...list[0].active, expired: false } };
        return { body: { result: true } };
      },
    });
    renderRoute('/acme/sub-admin');
    const user = userEvent.setup();
    const row = await screen.findByTestId('sub-admin-ina@acme.test');
    expect(within(row).getByTestId('sub-admin-status')).toHaveTextContent('Invitation expired');
    await user.click(within(row).getByRole('button', { name: 'Invite Ina Invited again' }));
    await waitFor(() => expect(within(screen.getByTestId('sub-admin-ina@acme.test')).getByTestId('sub-admin-status')).toHaveTextContent('Invited'));
    expect(invited).toEqual({ subAdminId: 31 });
  });

  it('creates a sub-admin without a password and invites it', async () => {
    const list: SubAdmin[] = [];
    const calls: string[] = [];
    api(list, true, {
      'POST /bff/api/auth/sub-admin/up': (init) => {
        const newUser = JSON.parse(String((init?.body as FormData).get('newUser')));
        calls.push(`create ${newUser.email}`);
        list.push(subAdmin({ user_id: 40, email: newUser.email, first_name: newUser.first_name, last_name: newUser.last_name }));
        return { status: 201, body: { result: list[0] } };
      },
      'POST /bff/api/auth/sub-admin/invitation': () => {
        calls.push('invite');
        return { body: { result: true } };
      },
    });
    renderRoute('/acme/sub-admin');
    const user = userEvent.setup();
    expect(await screen.findByTestId('sub-admins-empty')).toBeInTheDocument();
    await user.click(screen.getByTestId('add-sub-admin'));
    const dialog = await screen.findByTestId('create-sub-admin-dialog');
    await user.type(within(dialog).getByLabelText('First name'), 'Nia');
    await user.type(within(dialog).getByLabelText('Last name'), 'New');
    await user.type(within(dialog).getByLabelText('Email address'), 'nia@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByTestId('sub-admin-nia@acme.test')).toBeInTheDocument();
    expect(calls).toEqual(['create nia@acme.test', 'invite']);
  });

  it('sets read and write per resource on a project', async () => {
    let saved: unknown;
    api([subAdmin({ active: { joined: true, invitedAt: null, expired: false } })], true, {
      'GET /bff/api/auth/sub-admin/access': () => ({
        body: { accessInfo: { product: { r: false, w: false }, link: { r: false, w: false }, content: { r: false, w: false }, design: { r: false, w: false }, trace: { r: false, w: false } } },
      }),
      'POST /bff/api/auth/sub-admin/access': (init) => {
        saved = JSON.parse(String(init?.body));
        return { body: { result: true } };
      },
    });
    renderRoute('/acme/sub-admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Project access of Ina Invited' }));
    const dialog = await screen.findByTestId('access-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('access-product-w')).not.toBeDisabled());
    await user.click(within(dialog).getByRole('checkbox', { name: 'Change Products' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Read Products' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read Links' }));
    await user.click(within(dialog).getByTestId('access-save'));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toMatchObject({
      subAdminId: 31,
      projectIds: [11],
      accessInfo: { product: { r: true, w: true }, link: { r: true, w: false }, design: { r: false, w: false } },
    });
  });

  it('asks before deleting', async () => {
    const list = [subAdmin({})];
    let deleted = false;
    api(list, true, {
      'PUT /bff/api/auth/sub-admin/del': (_init, url) => {
        deleted = url.searchParams.get('subAdminId') === '31';
        list.pop();
        return { body: { result: true } };
      },
    });
    renderRoute('/acme/sub-admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Ina Invited' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Are you sure you want to delete?');
    expect(deleted).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('sub-admins-empty')).toBeInTheDocument();
    expect(deleted).toBe(true);
  });
});
