import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Batch } from '@product-console/shared';
import { makeSession } from '@/testing/fixtures';
import { renderRoute } from '@/testing/test-utils';
import { stubUpload } from '@/testing/fake-xhr';
import { callsTo, productApi } from '@/testing/product-page';

const batch = (overrides: Partial<Batch>): Batch => ({
  batchId: 1,
  productId: 101,
  entryId: 5,
  lot: 'L-1',
  batchPath: '/10/L-1',
  productionDate: '2026-01-10',
  expiryDate: '2027-01-10',
  bestBeforeDate: null,
  quantity: 500,
  site: 'Busan',
  serials: 3,
  links: 0,
  createdAt: '2026-01-10T00:00:00.000Z',
  updatedAt: '2026-01-10T00:00:00.000Z',
  ...overrides,
});

describe('batches section', () => {
  it('shows the empty state, refuses a lot that is not AI 10 and adds a batch with its dates', async () => {
    const fetchMock = productApi({ 'POST /bff/api/entry/batches/': { status: 201, body: { result: batch({}) } } });
    renderRoute('/acme/product-details/101');
    expect(await screen.findByTestId('batches-empty')).toHaveTextContent('No batches yet');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('batch-add'));
    const dialog = await screen.findByTestId('batch-dialog');
    await user.type(within(dialog).getByLabelText('Lot'), 'has space');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('1 to 20 allowed characters');
    expect(callsTo(fetchMock, 'POST', '/bff/api/entry/batches/')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Lot'));
    await user.type(within(dialog).getByLabelText('Lot'), 'L-1');
    fireEvent.change(within(dialog).getByLabelText('Production date'), { target: { value: '2026-01-10' } });
    fireEvent.change(within(dialog).getByLabelText('Expiry date'), { target: { value: '2027-01-10' } });
    await user.type(within(dialog).getByLabelText('Quantity'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/bff/api/entry/batches/')).toHaveLength(1));
    const [{ init }] = callsTo(fetchMock, 'POST', '/bff/api/entry/batches/');
    expect(JSON.parse(String(init?.body))).toEqual({ productId: 101, lot: 'L-1', productionDate: '2026-01-10', expiryDate: '2027-01-10', bestBeforeDate: null, quantity: 500, site: null });
    expect(await screen.findByText('Batch L-1 saved.')).toBeInTheDocument();
  });

  it('lists batches with an expired mark, pages, and deletes one after confirmation', async () => {
    const fetchMock = productApi({
      '/bff/api/entry/batches/all': { body: { result: [batch({ batchId: 2, lot: 'OLD', expiryDate: '2020-01-31' }), batch({ batchId: 1 })], pageInfo: { total: 12, page: 1, size: 10 } } },
      'PUT /bff/api/entry/batches/delete': { body: { result: true } },
    });
    renderRoute('/acme/product-details/101');
    const table = await screen.findByTestId('batches-table');
    expect(within(table).getAllByRole('columnheader').map((head) => head.textContent).slice(0, 6)).toEqual(['Lot', 'Production date', 'Expiry date', 'Quantity', 'Production site', 'Serials']);
    expect(screen.getByTestId('batch-expired-OLD')).toHaveTextContent('Expired');
    expect(screen.queryByTestId('batch-expired-L-1')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('batches-section')).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/bff/api/entry/batches/all').some(({ url }) => url.searchParams.get('page') === '2')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Delete batch OLD' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/bff/api/entry/batches/delete')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/bff/api/entry/batches/delete')[0].url.searchParams.get('batchId')).toBe('2');
  });

  it('imports batches with their serials and lists the rows the API refused', async () => {
    productApi();
    const sent = stubUpload(400, { code: 'E400001', message: '1 row cannot be imported, so nothing was imported.', result: false, details: [{ row: 3, value: 'BAD LOT', message: 'A lot number may only contain letters' }], more: 0 });
    renderRoute('/acme/product-details/101');
    const input = await screen.findByTestId('batches-import-input');
    fireEvent.change(input, { target: { files: [new File(['lot,serial\nBAD LOT,S1\n'], 'batches.csv', { type: 'text/csv' })] } });
    const failure = await screen.findByTestId('batches-import-error');
    expect(failure).toHaveTextContent('BAD LOT');
    expect(sent[0].url).toBe('/bff/api/service/data/import?type=batch_material');
  });

  it('shows a sub-admin without write access the batches but no write actions', async () => {
    productApi({
      '/bff/api/entry/batches/all': { body: { result: [batch({})], pageInfo: { total: 1, page: 1, size: 10 } } },
      '/bff/api/auth/sub-admin/access': { body: { accessInfo: { product: { r: true, w: false } } } },
    }, makeSession({ roleId: 3 }));
    renderRoute('/acme/product-details/101');
    expect(await screen.findByTestId('batch-row-L-1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Links of batch L-1 (0)' })).toBeInTheDocument();
    expect(screen.queryByTestId('batch-add')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete batch L-1' })).toBeNull();
    expect(screen.queryByTestId('batches-import-input')).toBeNull();
  });

  it("generates serials into a batch and exports the batch's codes, whose labels take the batch's own lot and dates", async () => {
    const job = { jobId: '6f1c0d5e-2b4a-4c3e-9d7f-0a1b2c3d4e5f', kind: 'serials', status: 'queued', productId: 101, request: {}, total: 50, done: 0, error: null, serials: null, file: null, createdBy: 'Mina Park', createdAt: '2026-11-28T06:00:00.000Z', finishedAt: null };
    const fetchMock = productApi({
      '/bff/api/entry/batches/all': { body: { result: [batch({ batchId: 7, lot: 'L-7' }), batch({ batchId: 8, lot: 'EMPTY', serials: 0 })], pageInfo: { total: 2, page: 1, size: 10 } } },
      'POST /bff/api/product/codes/serials': { status: 202, body: { result: job } },
      'POST /bff/api/product/codes/exports': { status: 202, body: { result: { ...job, kind: 'export' } } },
    });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Generate serials for batch L-7' }));
    const generate = await screen.findByTestId('bulk-serials');
    expect(generate).toHaveTextContent('They belong to batch L-7.');
    await user.clear(within(generate).getByLabelText('How many'));
    await user.type(within(generate).getByLabelText('How many'), '50');
    await user.click(within(generate).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/bff/api/product/codes/serials')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/bff/api/product/codes/serials')[0].init?.body))).toMatchObject({ productId: 101, batchId: 7, count: 50 });

    // A batch without serials has no codes to export.
    expect(screen.getByRole('button', { name: 'Export the codes of batch EMPTY' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Export the codes of batch L-7' }));
    const exporter = await screen.findByTestId('code-export');
    expect(exporter).toHaveTextContent('The serials of batch L-7.');
    expect(within(exporter).getByTestId('code-export-batch-marks')).toHaveTextContent("Each label prints the batch's lot and its expiry or best-before date.");
    expect(within(exporter).queryByLabelText('Lot (optional)')).toBeNull();
    await user.click(within(exporter).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/bff/api/product/codes/exports')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST', '/bff/api/product/codes/exports')[0].init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ productId: 101, format: 'pdf', selection: { kind: 'batch', batchId: 7 } });
    expect(body).not.toHaveProperty('lot');
  });
});
