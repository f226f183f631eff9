import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { company, makePlan, makeSession, profile, projects } from '@/testing/fixtures';
import { callsTo } from '@/testing/product-page';
import { mockBff, renderRoute } from '@/testing/test-utils';

// Route modules load lazily and cold in this file while the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

const NEW_KEY = '00112233445566778899AABBCCDDEEFF';

function api(keys: unknown[], session = makeSession({ roleId: 2 }), extra: Parameters<typeof mockBff>[0] = {}) {
  return mockBff({
    '/bff/auth/me': { body: session },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/auth/me/company-info': { body: { result: company } },
    'GET /bff/api/auth/me/profile': { body: { result: { ...profile, roleId: session.user.roleId } } },
    'GET /bff/api/service/nfc/master-keys': { body: { result: keys } },
    'POST /bff/api/service/nfc/master-keys': { body: { result: { id: 9, key: NEW_KEY, createdAt: '2026-11-28T00:00:00.000Z', retiredKeyId: 8 } } },
    ...extra,
  });
}

const activeKey = { id: 8, status: 'active', createdAt: '2026-10-01T09:00:00.000Z', retiredAt: null, tags: 12 };

describe('NFC master key on the company profile', { timeout: 20_000 }, () => {
  it('says there is no key yet and generates the first after confirmation', async () => {
    const fetchMock = api([]);
    renderRoute('/acme/profiles/company');
    expect(await screen.findByTestId('nfc-keys-empty')).toHaveTextContent('No master key yet.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate master key' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Generate the NFC master key?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'POST', '/bff/api/service/nfc/master-keys')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Generate master key' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Generate' }));
    const shown = await screen.findByTestId('nfc-new-key-dialog');
    expect(within(shown).getByTestId('nfc-new-key')).toHaveTextContent(NEW_KEY);
    expect(shown).toHaveTextContent('you will not see it again');
    expect(callsTo(fetchMock, 'POST', '/bff/api/service/nfc/master-keys')).toHaveLength(1);

    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(shown).getByRole('button', { name: 'Copy the master key' }));
    expect(writeText).toHaveBeenCalledWith(NEW_KEY);

    await user.click(within(shown).getByRole('button', { name: 'I have stored the key' }));
    await waitFor(() => expect(screen.queryByTestId('nfc-new-key-dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(NEW_KEY)).not.toBeInTheDocument();
  });

  it('lists the keys without their values and warns that a rotation retires the active one', async () => {
    api([activeKey, { id: 5, status: 'retired', createdAt: '2026-01-01T09:00:00.000Z', retiredAt: '2026-10-01T09:00:00.000Z', tags: 3 }]);
    renderRoute('/acme/profiles/company');
    const table = await screen.findByTestId('nfc-keys-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['Active', expect.stringMatching(/2026/), '—', '12'],
      ['Retired', expect.stringMatching(/2026/), expect.stringMatching(/2026/), '3'],
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rotate master key' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Rotate the NFC master key?');
    expect(confirm).toHaveTextContent('tags already encoded with it keep working');
  });

  it('is not offered to a sub-admin', async () => {
    const fetchMock = api([activeKey], makeSession({ roleId: 3 }));
    renderRoute('/acme/profiles/company');
    await screen.findByTestId('profile-company-form');
    expect(screen.queryByTestId('nfc-master-key-card')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/bff/api/service/nfc/master-keys')).toHaveLength(0);
  });
});
