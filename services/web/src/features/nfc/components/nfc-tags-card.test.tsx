import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProductResponse, makeQualifier, makeSession } from '@/testing/fixtures';
import { stubUpload } from '@/testing/fake-xhr';
import { callsTo, productApi } from '@/testing/product-page';
import { renderRoute } from '@/testing/test-utils';

configure({ asyncUtilTimeout: 5000 });

const sdmForm = (serial: string) => ({
  serial,
  uri: `https://id.example/01/08801234000017/21/${serial}?picc_data=00000000000000000000000000000000&cmac=0000000000000000`,
  ndefHex: `0070D1016C5504${'00'.repeat(4)}`,
  piccDataOffset: serial === 'SN-2' ? 53 : 52,
  sdmMacOffset: serial === 'SN-2' ? 91 : 90,
  sdmMacInputOffset: serial === 'SN-2' ? 91 : 90,
});

const tag = (uid: string, serial: string, lastCounter: number | null) => ({
  uid,
  serial,
  keySource: lastCounter === null ? 'imported' : 'master',
  lastCounter,
  lastTapAt: lastCounter === null ? null : '2026-11-20T10:00:00.000Z',
});

function nfcApi(extra: Parameters<typeof productApi>[0] = {}, session = makeSession({ roleId: 2 })) {
  return productApi(
    {
      '/bff/api/product/': { body: makeProductResponse({ isNFC: 1 }) },
      '/bff/api/entry/qualifiers/all/product': { body: { result: [makeQualifier('SN-1', 1), makeQualifier('SN-2', 2)] } },
      '/bff/api/product/nfc/sdm': (_init, url) => ({ body: { result: sdmForm(url.searchParams.get('serial') ?? '') } }),
      '/bff/api/product/nfc/tags': (_init, url) => ({
        body:
          url.searchParams.get('page') === '2'
            ? { result: [tag('04AA000000000B', 'SN-11', null)], pageInfo: { total: 11, page: 2, size: 10 } }
            : { result: [tag('04AA000000000A', 'SN-1', 7), tag('04AA0000000009', 'SN-2', null)], pageInfo: { total: 11, page: 1, size: 10 } },
      }),
      ...extra,
    },
    session,
  );
}

describe('NFC tags card', () => {
  it('is not shown for a product without NFC', async () => {
    productApi();
    renderRoute('/acme/product-details/101');
    await screen.findByTestId('serials-section');
    expect(screen.queryByTestId('nfc-tags-card')).not.toBeInTheDocument();
  });

  it("shows a serial's SDM form with copyable offsets and the encoding download", async () => {
    const fetchMock = nfcApi();
    renderRoute('/acme/product-details/101');
    const card = await screen.findByTestId('nfc-tags-card');
    expect(await within(card).findByTestId('nfc-sdm-uri')).toHaveTextContent('/21/SN-1?picc_data=00000000000000000000000000000000&cmac=0000000000000000');
    expect(within(card).getByTestId('nfc-picc-offset')).toHaveTextContent('52');
    expect(within(card).getByTestId('nfc-mac-offset')).toHaveTextContent('90');
    expect(within(card).getByTestId('nfc-mac-input-offset')).toHaveTextContent('90');
    expect(within(card).getByTestId('nfc-ndef-hex')).toHaveTextContent('00 70 D1 01 6C 55 04');
    expect(within(card).getByTestId('nfc-sdm-export')).toHaveAttribute('href', '/bff/api/product/nfc/sdm/export?productId=101');

    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(card).getByRole('button', { name: 'Copy SDM MAC offset' }));
    expect(writeText).toHaveBeenCalledWith('90');
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();

    await user.selectOptions(within(card).getByLabelText('Serial'), 'SN-2');
    await waitFor(() => expect(within(card).getByTestId('nfc-picc-offset')).toHaveTextContent('53'));
    expect(callsTo(fetchMock, 'GET', '/bff/api/product/nfc/sdm').map(({ url }) => url.searchParams.get('serial'))).toContain('SN-2');
  });

  it('lists the bound tags page by page without any key', async () => {
    const fetchMock = nfcApi();
    renderRoute('/acme/product-details/101');
    const table = await screen.findByTestId('nfc-tags-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['04AA000000000A', 'SN-1', 'From the master key', '7', expect.stringMatching(/2026/)],
      ['04AA0000000009', 'SN-2', 'Imported', '—', 'Never tapped'],
    ]);
    const user = userEvent.setup();
    const card = screen.getByTestId('nfc-tags-card');
    await user.click(within(card).getByRole('button', { name: 'Next page' }));
    expect(await within(card).findByText('SN-11')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/bff/api/product/nfc/tags').map(({ url }) => url.searchParams.get('page'))).toContain('2');
  });

  it('says so when no tag is bound yet', async () => {
    nfcApi({ '/bff/api/product/nfc/tags': { body: { result: [], pageInfo: { total: 0, page: 1, size: 10 } } } });
    renderRoute('/acme/product-details/101');
    expect(await screen.findByTestId('nfc-tags-empty')).toHaveTextContent("No tags bound yet. Import your supplier's file");
  });

  it("imports the supplier's file and lists the rows the API refused", async () => {
    nfcApi();
    const sent = stubUpload(400, {
      code: 'E400001',
      message: '2 rows cannot be imported, so no tag was bound.',
      result: false,
      details: [
        { row: 2, value: '04XYZ', message: 'uid: a UID is 14 hex characters (7 bytes).' },
        { row: 4, value: 'SN-9', message: 'serial: no live serial of this product has this value.' },
      ],
      more: 0,
    });
    renderRoute('/acme/product-details/101');
    const input = await screen.findByTestId('nfc-import-input');
    fireEvent.change(input, { target: { files: [new File(['uid,serial\n04XYZ,SN-1\n'], 'tags.csv', { type: 'text/csv' })] } });
    const failure = await screen.findByTestId('nfc-import-error');
    expect(failure).toHaveTextContent('2 rows cannot be imported, so no tag was bound.');
    const rows = within(failure).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['2', '04XYZ', 'uid: a UID is 14 hex characters (7 bytes).'],
      ['4', 'SN-9', 'serial: no live serial of this product has this value.'],
    ]);
    expect(sent[0].url).toBe('/bff/api/product/nfc/tags/import?productId=101');
    expect((sent[0].body.get('file') as File).name).toBe('tags.csv');
  });

  it('reports a good import', async () => {
    nfcApi();
    stubUpload(200, { result: true, imported: 2 });
    renderRoute('/acme/product-details/101');
    fireEvent.change(await screen.findByTestId('nfc-import-input'), { target: { files: [new File(['x'], 'tags.xlsx')] } });
    expect(await screen.findByText('2 tags were bound.')).toBeInTheDocument();
  });

  it('offers a sub-admin without product write access the form and the list but no import', async () => {
    nfcApi({ '/bff/api/auth/sub-admin/access': { body: { accessInfo: { product: { r: true, w: false } } } } }, makeSession({ roleId: 3 }));
    renderRoute('/acme/product-details/101');
    expect(await screen.findByTestId('nfc-tags-table')).toBeInTheDocument();
    expect(await screen.findByTestId('nfc-sdm-form')).toBeInTheDocument();
    expect(screen.queryByTestId('nfc-import-input')).not.toBeInTheDocument();
  });

  it('explains a product without serials and offers no encoding download', async () => {
    nfcApi({ '/bff/api/entry/qualifiers/all/product': { body: { result: [] } } });
    renderRoute('/acme/product-details/101');
    expect(await screen.findByTestId('nfc-no-serials')).toHaveTextContent('Register serials first');
    expect(screen.queryByTestId('nfc-sdm-export')).not.toBeInTheDocument();
  });
});
