import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeQualifier } from '@/testing/fixtures';
import { renderRoute } from '@/testing/test-utils';
import { stubUpload } from '@/testing/fake-xhr';
import { callsTo, productApi } from '@/testing/product-page';

describe('serials section', () => {
  it('shows the empty state, adds a serial and refuses one that is not AI 21', async () => {
    const fetchMock = productApi({ 'POST /bff/api/entry/qualifiers/': { body: { result: makeQualifier('SN-1', 9) } } });
    renderRoute('/acme/product-details/101');
    expect(await screen.findByTestId('serials-empty')).toHaveTextContent('No serials yet');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New serial number'), 'has space');
    await user.click(screen.getByTestId('serial-add'));
    expect(await screen.findByTestId('serial-error')).toHaveTextContent('1 to 20 characters');
    expect(callsTo(fetchMock, 'POST', '/bff/api/entry/qualifiers/')).toHaveLength(0);

    await user.clear(screen.getByLabelText('New serial number'));
    await user.type(screen.getByLabelText('New serial number'), 'SN-1{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/bff/api/entry/qualifiers/')).toHaveLength(1));
    const [{ init }] = callsTo(fetchMock, 'POST', '/bff/api/entry/qualifiers/');
    expect(JSON.parse(String(init?.body))).toEqual({ qualifierPath: '/21/SN-1', identifierCode: '21', entryId: 5, entryPath: '/01/08801234000017', gcp: '8801234' });
    expect(await screen.findByText('Serial SN-1 was added.')).toBeInTheDocument();
  });

  it('pages and searches the list, and deletes a serial after confirmation', async () => {
    const fetchMock = productApi({
      '/bff/api/entry/qualifiers/all': (_init, url) => ({
        body: {
          result: url.searchParams.get('search') ? [makeQualifier('B-7', 7)] : [makeQualifier('A-1', 1), makeQualifier('A/2', 2)],
          pageInfo: { total: url.searchParams.get('search') ? 1 : 12, page: Number(url.searchParams.get('page')), size: 10 },
        },
      }),
      'PUT /bff/api/entry/qualifiers/delete': { body: { result: true } },
    });
    renderRoute('/acme/product-details/101');
    const table = await screen.findByTestId('serials-table');
    expect(within(table).getByText('A/2')).toBeInTheDocument();
    expect(within(table).getByText('/21/A%2F2')).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader').map((head) => head.textContent).slice(1, 5)).toEqual(['Serial', 'Status', 'Path', 'Added']);
    expect(within(table).getByRole('checkbox', { name: 'Select all serials on this page' })).toBeInTheDocument();
    expect(within(screen.getByTestId('serial-row-A-1')).getByTestId('serial-status')).toHaveTextContent('Active');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/bff/api/entry/qualifiers/all').some(({ url }) => url.searchParams.get('page') === '2')).toBe(true));

    await user.type(screen.getByLabelText('Search serials'), 'B');
    expect(await screen.findByText('B-7')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete serial B-7' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Delete "B-7"?');
    expect(dialog).toHaveTextContent('Are you sure you want to delete? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/bff/api/entry/qualifiers/delete')).toHaveLength(1));
    const [{ url }] = callsTo(fetchMock, 'PUT', '/bff/api/entry/qualifiers/delete');
    expect(Object.fromEntries(url.searchParams)).toEqual({ qualifierId: '7', entryId: '5', entryPath: '/01/08801234000017' });
  });

  it('imports a csv with progress and lists the rows the API refused', async () => {
    productApi();
    const sent = stubUpload(400, {
      code: 'E400001',
      message: 'Some rows cannot be imported.',
      result: false,
      details: [
        { row: 3, value: 'bad serial', message: 'A serial may only contain letters' },
        { row: 5, value: 'SN-1', message: 'Duplicate serial' },
      ],
      more: 4,
    });
    renderRoute('/acme/product-details/101');
    const input = await screen.findByTestId('serials-import-input');
    fireEvent.change(input, { target: { files: [new File(['serial\nSN-1\n'], 'serials.csv', { type: 'text/csv' })] } });
    const failure = await screen.findByTestId('serials-import-error');
    expect(failure).toHaveTextContent('Some rows cannot be imported.');
    const rows = within(failure).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['3', 'bad serial', 'A serial may only contain letters'],
      ['5', 'SN-1', 'Duplicate serial'],
    ]);
    expect(failure).toHaveTextContent('and 4 more rows');
    expect(sent[0].url).toBe('/bff/api/service/data/import?type=serial_material');
    expect(Object.fromEntries([...sent[0].body.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      entryPath: '/01/08801234000017',
      entryId: '5',
      gcp: '8801234',
    });
    expect((sent[0].body.get('file') as File).name).toBe('serials.csv');
  });

  it('refuses a file that is neither .xlsx nor .csv without sending it, and reports a good import', async () => {
    productApi();
    const sent = stubUpload(200, { result: true, imported: 3 });
    renderRoute('/acme/product-details/101');
    const input = await screen.findByTestId('serials-import-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'serials.txt')] } });
    expect(await screen.findByTestId('serials-import-input-error')).toHaveTextContent('serials.txt was not added: only XLSX, CSV files are accepted.');
    expect(sent).toHaveLength(0);
    fireEvent.change(input, { target: { files: [new File(['x'], 'serials.xlsx')] } });
    expect(await screen.findByText('3 serials were imported.')).toBeInTheDocument();
  });

  it('offers the export as xlsx and csv downloads', async () => {
    productApi();
    renderRoute('/acme/product-details/101');
    expect(await screen.findByTestId('serials-export-xlsx')).toHaveAttribute('href', '/bff/api/service/data/export/5?type=serial_material&ext=xlsx');
    expect(screen.getByTestId('serials-export-csv')).toHaveAttribute('href', '/bff/api/service/data/export/5?type=serial_material&ext=csv');
  });

  it("shows the API's refusal of a new serial under the field and keeps it", async () => {
    productApi({ 'POST /bff/api/entry/qualifiers/': { status: 409, body: { code: 'E409009', message: 'This serial is already registered for this product.' } } });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New serial number'), 'SN-1{Enter}');
    expect(await screen.findByTestId('serial-error')).toHaveTextContent(/./);
    expect(screen.getByLabelText('New serial number')).toHaveValue('SN-1');
  });

  it('shows why the serials failed to load and loads them again', async () => {
    let fail = true;
    productApi({
      '/bff/api/entry/qualifiers/all': () =>
        fail ? { status: 500, body: { code: 'E500001', message: 'boom' } } : { body: { result: [makeQualifier('A-1', 1)], pageInfo: { total: 1, page: 1, size: 10 } } },
    });
    renderRoute('/acme/product-details/101');
    const failure = await screen.findByTestId('serials-error');
    fail = false;
    await userEvent.setup().click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('serial-row-A-1')).toBeInTheDocument();
  });
});
