import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@product-console/shared';
import { company, makePlan, makeSession, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

// Route modules load lazily and cold in this file while the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

function makeNotifications(count: number): Notification[] {
  return Array.from({ length: count }, (_, index) => ({
    notificationId: count - index,
    title: `Event ${count - index}`,
    message: `Message ${count - index}`,
    isRead: index % 2 === 1,
    createTime: new Date(Date.UTC(2026, 0, 1, 0, count - index)).toISOString(),
    type: null,
  }));
}

function api(store: Notification[]) {
  return mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/auth/me/company-info': { body: { result: company } },
    '/bff/api/service/notifications/unread': () => ({ body: { result: { count: store.filter((n) => !n.isRead).length } } }),
    'GET /bff/api/service/notifications': (_init, url) => {
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('pageSize'));
      const list = url.searchParams.get('unreadOnly') === 'true' ? store.filter((n) => !n.isRead) : store;
      return { body: { result: list.slice((page - 1) * size, page * size), pageInfo: { total: list.length, page, size } } };
    },
    'PATCH /bff/api/service/notifications/read-all': () => {
      store.forEach((n) => (n.isRead = true));
      return { body: { result: true } };
    },
    'PATCH /bff/api/service/notifications/12/read': () => {
      store.find((n) => n.notificationId === 12)!.isRead = true;
      return { body: { result: true } };
    },
  });
}

describe('notifications page', { timeout: 20_000 }, () => {
  it('loads 10 at a time, then the next page', async () => {
    api(makeNotifications(12));
    renderRoute('/acme/notifications');
    const list = await screen.findByTestId('notifications-list');
    expect(within(list).getAllByTestId('notification-item')).toHaveLength(10);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByTestId('notifications-list')).getAllByTestId('notification-item')).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('marks one and then all read, and the bell follows', async () => {
    const store = makeNotifications(12);
    api(store);
    renderRoute('/acme/notifications');
    const user = userEvent.setup();
    await screen.findByTestId('notifications-list');
    expect(await screen.findByTestId('notification-count')).toHaveTextContent('6');

    await user.click(screen.getByRole('button', { name: 'Mark "Event 12" as read' }));
    await waitFor(() => expect(screen.getByTestId('notification-count')).toHaveTextContent('5'));

    await user.click(screen.getByTestId('mark-all-read'));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument());
    await user.click(screen.getByRole('tab', { name: 'Unread' }));
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent("You don't have any notifications.");
  });

  it('moves between the tabs with the arrow keys', async () => {
    api(makeNotifications(3));
    renderRoute('/acme/notifications');
    const user = userEvent.setup();
    const all = await screen.findByRole('tab', { name: 'All' });
    expect(all).toHaveAttribute('aria-selected', 'true');
    all.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Unread' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Unread' })).toHaveFocus();
  });

  it('shows known events in the UI language', async () => {
    api([
      {
        notificationId: 1,
        title: 'Plan limit reached: products',
        message: 'You have used 20 of 20 products of your Starter plan.',
        isRead: false,
        createTime: '2026-01-01T00:00:00Z',
        type: 'plan.usage',
        params: { resource: 'product', threshold: 100, used: 20, limit: 20, planName: 'Starter' },
      },
    ]);
    renderRoute('/acme/notifications');
    const item = await screen.findByTestId('notification-item');
    expect(item).toHaveTextContent('Plan limit reached: products');
    expect(item).toHaveTextContent('You have used 20 of 20 products of your Starter plan. Upgrade to add more.');
  });
});
