import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from '@product-console/shared';
import { company } from '@/testing/fixtures';
import { mockBff, renderWithProviders } from '@/testing/test-utils';
import { ApiKeysSection } from '@/features/trace/components/api-keys-section';

const scanner: ApiKey = {
  apiKeyId: '7b0e8f4c-1d2a-4c39-9a51-2f3e4d5c6b7a',
  name: 'Warehouse scanner',
  prefix: 'pck_AbC1',
  createdAt: '2026-11-01T08:00:00.000Z',
  createdBy: 'manager@demo.example',
  lastUsedAt: null,
  scopes: ['epcis:capture', 'epcis:query'],
  projectId: null,
  projectName: null,
  expiresAt: null,
};
const erp: ApiKey = { ...scanner, apiKeyId: '0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f', name: 'ERP', prefix: 'pck_XyZ9', lastUsedAt: '2026-11-20T08:00:00.000Z' };

afterEach(() => vi.unstubAllGlobals());

describe('ApiKeysSection', () => {
  it('lists keys by their prefix only, and shows a new key once with the capture address and a curl example', async () => {
    let keys = [scanner];
    const created = { apiKeyId: erp.apiKeyId, name: 'ERP', key: 'pck_XyZ9secretsecretsecret' };
    const post = vi.fn((init: RequestInit | undefined) => {
      // Made without choosing: an EPCIS key for the whole company, until revoked.
      expect(JSON.parse(String(init?.body))).toEqual({ name: 'ERP', scopes: ['epcis:capture', 'epcis:query'], projectId: null, expiresAt: null });
      keys = [scanner, erp];
      return { status: 201, body: { result: created } };
    });
    mockBff({
      'GET /bff/api/auth/api-keys': () => ({ body: { result: keys } }),
      'POST /bff/api/auth/api-keys': post,
      // The product's public address, whatever host the console was opened on.
      '/bff/api/auth/me/company-info': { body: { result: { ...company, publicOrigin: 'https://id.acme.example' } } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysSection />);

    const row = await screen.findByTestId('api-key');
    expect(row).toHaveTextContent('Warehouse scanner');
    expect(row).toHaveTextContent('pck_AbC1…');
    expect(row).toHaveTextContent('Never used');
    expect(row).toHaveTextContent('manager@demo.example');
    await waitFor(() => expect(screen.getByTestId('api-keys-capture-address')).toHaveTextContent('https://id.acme.example/epcis/capture'));

    await user.click(screen.getByTestId('api-key-create'));
    expect(await screen.findByTestId('api-key-name-error')).toHaveTextContent('This field is required');
    expect(post).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Key name'), 'ERP');
    await user.click(screen.getByTestId('api-key-create'));
    const dialog = await screen.findByTestId('api-key-created');
    expect(within(dialog).getByTestId('api-key-value')).toHaveTextContent(created.key);
    expect(dialog).toHaveTextContent('it will not be shown again');
    expect(within(dialog).getByTestId('api-key-curl')).toHaveTextContent(`Authorization: Bearer ${created.key}`);
    expect(within(dialog).getByTestId('api-key-curl')).toHaveTextContent("https://id.acme.example/epcis/capture");
    await waitFor(() => expect(screen.getAllByTestId('api-key')).toHaveLength(2));

    await user.click(within(dialog).getByTestId('api-key-done'));
    await waitFor(() => expect(screen.queryByTestId('api-key-created')).toBeNull());
    // Once closed, the key is nowhere on the page: the list shows prefixes only.
    expect(document.body).not.toHaveTextContent(created.key);
    expect(screen.getAllByTestId('api-key')[1]).toHaveTextContent('pck_XyZ9…');
  });

  it('makes a key with the chosen permissions, project and expiry, and lists them', async () => {
    const pim: ApiKey = { ...scanner, apiKeyId: erp.apiKeyId, name: 'PIM', scopes: ['products:read', 'products:write'], projectId: 7, projectName: 'Camping', expiresAt: '2030-01-31T22:59:59.999Z' };
    let keys = [scanner];
    const post = vi.fn((init: RequestInit | undefined) => {
      keys = [scanner, pim];
      return { status: 201, body: { result: { apiKeyId: pim.apiKeyId, name: 'PIM', key: 'pck_secret', body: JSON.parse(String(init?.body)) } } };
    });
    mockBff({
      'GET /bff/api/auth/api-keys': () => ({ body: { result: keys } }),
      'POST /bff/api/auth/api-keys': post,
      'GET /bff/api/project/all': { body: { result: [{ project_id: 7, project_name: 'Camping', description: '', productCount: 1, createdAt: '2026-01-01T00:00:00.000Z' }] } },
      '/bff/api/auth/me/company-info': { body: { result: { ...company, publicOrigin: 'https://id.acme.example' } } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysSection />);
    expect(await screen.findByTestId('api-keys-public-api-docs')).toHaveAttribute('href', 'https://id.acme.example/api/v1/docs');

    await user.type(screen.getByLabelText('Key name'), 'PIM');
    // Permissions are checkboxes grouped by resource, each named by its group and access.
    const scopes = screen.getByRole('group', { name: 'What the key may do' });
    const products = within(scopes).getByRole('group', { name: 'Products' });
    await user.click(within(scopes).getByRole('group', { name: 'EPCIS' }).querySelector('input[value="epcis:capture"]')!);
    await user.click(within(scopes).getByRole('group', { name: 'EPCIS' }).querySelector('input[value="epcis:query"]')!);
    // With none chosen the form says so and sends nothing.
    await user.click(screen.getByTestId('api-key-create'));
    expect(await screen.findByTestId('api-key-scopes-error')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.click(within(products).getByLabelText('read'));
    // Keyboard: Tab reaches the next box, Space ticks it.
    within(products).getByLabelText('read').focus();
    await user.tab();
    expect(within(products).getByLabelText('write')).toHaveFocus();
    await user.keyboard(' ');
    await user.selectOptions(await screen.findByLabelText('Project'), 'Camping');
    await user.type(screen.getByLabelText('Expires after'), '2030-01-31');
    await user.click(screen.getByTestId('api-key-create'));

    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(post.mock.calls[0]![0]?.body));
    expect(body).toMatchObject({ name: 'PIM', scopes: ['products:read', 'products:write'], projectId: 7 });
    expect(new Date(body.expiresAt).getTime()).toBe(new Date('2030-01-31T23:59:59.999').getTime());

    await user.click(within(await screen.findByTestId('api-key-created')).getByTestId('api-key-done'));
    const rows = await screen.findAllByTestId('api-key');
    await waitFor(() => expect(screen.getAllByTestId('api-key')).toHaveLength(2));
    const row = screen.getAllByTestId('api-key')[1]!;
    expect(row).toHaveTextContent('Products: read');
    expect(row).toHaveTextContent('Products: write');
    expect(row).toHaveTextContent('Camping');
    expect(row).toHaveTextContent('2030');
    expect(rows[0]).toHaveTextContent('EPCIS: capture');
    expect(rows[0]).toHaveTextContent('All projects');
    expect(rows[0]).toHaveTextContent('Never');
  });

  it('revokes a key only after a confirmation naming it', async () => {
    let keys = [scanner, erp];
    const remove = vi.fn(() => {
      keys = [scanner];
      return { status: 204 };
    });
    const fetchMock = mockBff({
      'GET /bff/api/auth/api-keys': () => ({ body: { result: keys } }),
      [`DELETE /bff/api/auth/api-keys/${erp.apiKeyId}`]: remove,
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysSection />);

    const rows = await screen.findAllByTestId('api-key');
    await user.click(within(rows[1]!).getByTestId('api-key-revoke'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Revoke the key “ERP”?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();

    await user.click(within(screen.getAllByTestId('api-key')[1]!).getByTestId('api-key-revoke'));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getAllByTestId('api-key')).toHaveLength(1));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });
});
