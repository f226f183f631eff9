import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@product-console/shared';
import { company, makePlan, makeSession, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

// Route modules load lazily and cold in this file while the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

function makeEntries(count: number): AuditEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    id: String(count - index),
    at: new Date(Date.UTC(2026, 10, 20, 9, count - index)).toISOString(),
    companyId: 1,
    actor: { type: 'user', userId: index % 2 === 0 ? 7 : 8, apiKeyId: null, label: index % 2 === 0 ? 'Mia Manager <manager@demo.example>' : 'Sid Sub <subadmin@demo.example>' },
    resource: 'projects',
    resourceId: String(100 + index),
    action: 'update',
    changes: { name: { from: `Old ${index}`, to: `New ${index}` } },
  }));
}

function api(entries: AuditEntry[], seen: URL[] = []) {
  return mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/auth/me/company-info': { body: { result: company } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/audit/choices': {
      body: {
        result: [
          { userId: 7, label: 'Mia Manager <manager@demo.example>' },
          { userId: 8, label: 'Sid Sub <subadmin@demo.example>' },
        ],
        resources: ['projects', 'users'],
      },
    },
    'GET /bff/api/audit': (_init, url) => {
      seen.push(url);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      const userId = url.searchParams.get('userId');
      const action = url.searchParams.get('action');
      const list = entries.filter((entry) => (!userId || String(entry.actor.userId) === userId) && (!action || entry.action === action));
      return { body: { result: list.slice((page - 1) * size, page * size), pageInfo: { total: list.length, page, size } } };
    },
  });
}

describe('audit log page', { timeout: 20_000 }, () => {
  it('pages the log, 20 at a time, with who changed which field from what to what', async () => {
    api(makeEntries(25));
    renderRoute('/acme/audit-log');
    const table = await screen.findByTestId('audit-table');
    expect(within(table).getAllByTestId('audit-row')).toHaveLength(20);
    const first = within(table).getAllByTestId('audit-row')[0];
    expect(first).toHaveTextContent('Mia Manager <manager@demo.example>');
    // The resource by its name in the UI language, the table's own name on hover; the filter names them too.
    expect(first).toHaveTextContent('Project #100');
    expect(within(first).getByTitle('projects')).toHaveTextContent('Project');
    expect(screen.getByRole('option', { name: 'User' })).toHaveValue('users');
    expect(first).toHaveTextContent('Changed');
    expect(first).toHaveTextContent('name: Old 0 → New 0');
    expect(screen.getByText('1–20 of 25', { exact: false })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(within(screen.getByTestId('audit-table')).getAllByTestId('audit-row')).toHaveLength(5));
  });

  it('filters by person and action, and exports the same filters as CSV', async () => {
    const seen: URL[] = [];
    api(makeEntries(6), seen);
    renderRoute('/acme/audit-log');
    const user = userEvent.setup();
    await screen.findByTestId('audit-table');
    await screen.findByRole('option', { name: 'Sid Sub <subadmin@demo.example>' });
    // By value: the option's text holds `<`, which its innerHTML (what selectOptions compares) escapes.
    await user.selectOptions(screen.getByLabelText('Person'), '8');
    await waitFor(() => expect(within(screen.getByTestId('audit-table')).getAllByTestId('audit-row')).toHaveLength(3));
    expect(seen.at(-1)?.searchParams.get('userId')).toBe('8');
    expect(seen.at(-1)?.searchParams.get('page')).toBe('1');

    await user.selectOptions(screen.getByLabelText('Action'), 'Deleted');
    expect(await screen.findByText('No changes match these filters.')).toBeInTheDocument();
    const href = new URL(screen.getByTestId('audit-export').getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/bff/api/audit/export');
    expect(Object.fromEntries(href.searchParams)).toEqual({ userId: '8', action: 'delete' });

    await user.click(screen.getByTestId('audit-clear'));
    await waitFor(() => expect(within(screen.getByTestId('audit-table')).getAllByTestId('audit-row')).toHaveLength(6));
  });

  it('sends a day range as the start and end of those days', async () => {
    const seen: URL[] = [];
    api(makeEntries(2), seen);
    renderRoute('/acme/audit-log');
    const user = userEvent.setup();
    await screen.findByTestId('audit-table');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('to')).toBe(new Date(2026, 10, 30, 23, 59, 59, 999).toISOString()));
    expect(seen.at(-1)?.searchParams.get('from')).toBe(new Date(2026, 10, 1).toISOString());
  });

  it('says so when nothing has been recorded', async () => {
    api([]);
    renderRoute('/acme/audit-log');
    expect(await screen.findByText('No changes have been recorded yet.')).toBeInTheDocument();
  });

  it('shows a redacted secret as hidden and tells keys and jobs from people', async () => {
    api([
      { id: '2', at: '2026-11-20T09:00:00Z', companyId: 1, actor: { type: 'api-key', userId: null, apiKeyId: 'k', label: 'ERP (pc_ab12…)' }, resource: 'products', resourceId: '5', action: 'create', changes: { name: 'Lamp' } },
      { id: '1', at: '2026-11-20T08:00:00Z', companyId: 1, actor: { type: 'system', userId: null, apiKeyId: null, label: 'seed' }, resource: 'users', resourceId: '9', action: 'update', changes: { password_hash: { from: '[redacted]', to: '[redacted]' } } },
    ]);
    renderRoute('/acme/audit-log');
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows[0]).toHaveTextContent('ERP (pc_ab12…)API key');
    expect(rows[1]).toHaveTextContent('seedSystem');
    expect(rows[1]).toHaveTextContent('password_hash: (hidden) → (hidden)');
  });
});
