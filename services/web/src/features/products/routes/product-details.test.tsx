import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeLink, makePlan, makeProductResponse, makeQualifier, makeSession, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

type Routes = Parameters<typeof mockBff>[0];

/** The console shell's calls plus a product with links and serials; `extra` overrides any of them. */
function productApi(extra: Routes = {}, session = makeSession({ roleId: 2 })) {
  return mockBff({
    '/bff/auth/me': { body: session },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/product/': { body: makeProductResponse() },
    '/bff/api/product/cert-info': { body: { result: [] } },
    '/bff/api/entry/links/active': {
      body: {
        result: [
          makeLink({ linkId: 2, order: 7, linkType: 'gs1:homepage', title: 'Brand', isAuto: true, targetUrl: 'https://acme.test/brand' }),
          makeLink({ linkId: 1, order: 3, linkType: 'gs1:pip', title: 'Product Information', isDefault: true, lang: 'en' }),
        ],
      },
    },
    '/bff/api/entry/qualifiers/all': { body: { result: [], pageInfo: { total: 0, page: 1, size: 10 } } },
    '/bff/api/entry/qualifiers/all/product': { body: { result: [] } },
    ...extra,
  });
}

function callsTo(fetchMock: ReturnType<typeof mockBff>, method: string, pathname: string) {
  return (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
    .map(([input, init]) => ({ url: new URL(input, 'http://localhost'), init }))
    .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method);
}

/** Stands in for XMLHttpRequest (uploads report progress through it); answers once with `status` and `answer`. */
function stubUpload(status: number, answer: unknown) {
  const sent: { url: string; body: FormData }[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    status = 0;
    responseText = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(body: FormData) {
      sent.push({ url: this.url, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        this.status = status;
        this.responseText = JSON.stringify(answer);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('product details: links', () => {
  it('lists the active links by order, numbered from 1, with their badges', async () => {
    productApi();
    renderRoute('/acme/product-details/101');
    const list = await screen.findByTestId('links-list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-link-type'))).toEqual(['gs1:pip', 'gs1:homepage']);
    expect(within(rows[0]).getByLabelText('Link 1')).toHaveTextContent('1');
    expect(rows[0]).toHaveTextContent('Default');
    expect(rows[0]).toHaveTextContent('English');
    expect(rows[1]).toHaveTextContent('Automatic');
    expect(rows[1]).toHaveTextContent('Any language');
    expect(within(rows[1]).getByRole('link', { name: 'https://acme.test/brand' })).toHaveAttribute('href', 'https://acme.test/brand');
    // The first link cannot move up, the last cannot move down.
    expect(within(rows[0]).getByRole('button', { name: 'Move Product Information up' })).toBeDisabled();
    expect(within(rows[1]).getByRole('button', { name: 'Move Brand down' })).toBeDisabled();
  });

  it('moves a link down by giving both links their new positions', async () => {
    const fetchMock = productApi({ 'PUT /bff/api/entry/links/': { body: { result: true } } });
    renderRoute('/acme/product-details/101');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Move Product Information down' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/bff/api/entry/links/')).toHaveLength(2));
    const bodies = callsTo(fetchMock, 'PUT', '/bff/api/entry/links/').map(({ init }) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([{ updatedLink: { linkId: 1, order: 2 } }, { updatedLink: { linkId: 2, order: 1 } }]);
  });

  it('deletes a link after confirmation, with its entry in the query', async () => {
    const fetchMock = productApi({ 'DELETE /bff/api/entry/links/': { body: { result: true } } });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Brand' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/bff/api/entry/links/')).toHaveLength(1));
    const [{ url }] = callsTo(fetchMock, 'DELETE', '/bff/api/entry/links/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ linkId: '2', entryPath: '/01/08801234000017', entryId: '5' });
    expect(await screen.findByText('The link was deleted.')).toBeInTheDocument();
  });

  it('edits a link: title per language, target and default; shows the API refusal in the dialog', async () => {
    let refuse = true;
    const fetchMock = productApi({
      'PUT /bff/api/entry/links/': () =>
        refuse
          ? { status: 400, body: { code: 'E400001', message: 'Invalid request', details: [{ path: 'updatedLink.targetUrl', message: 'Must be an http or https URL' }] } }
          : { body: { result: true } },
    });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Brand' }));
    const dialog = await screen.findByTestId('link-edit-dialog');
    await user.selectOptions(within(dialog).getByTestId('link-title-language'), 'ko');
    await user.click(within(dialog).getByTestId('link-title-add'));
    await user.type(within(dialog).getByLabelText('Korean'), '브랜드');
    const target = within(dialog).getByLabelText('Target URL');
    await user.clear(target);
    await user.type(target, 'https://acme.test/about');
    await user.click(within(dialog).getByLabelText(/Default link/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByTestId('link-edit-error')).toHaveTextContent(/./);
    expect(within(dialog).getByText('Must be an http or https URL')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Korean')).toHaveValue('브랜드');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('link-edit-dialog')).not.toBeInTheDocument());
    const bodies = callsTo(fetchMock, 'PUT', '/bff/api/entry/links/').map(({ init }) => JSON.parse(String(init?.body)));
    expect(bodies.at(-1)).toEqual({
      updatedLink: {
        linkId: 2,
        title: 'Brand',
        modifiedTitle: [{ languageCode: 'ko', inputData: '브랜드' }],
        targetUrl: 'https://acme.test/about',
        isDefault: true,
      },
    });
  });

  it('sends "Add link" to the plan-limit page when the link limit is reached, else to the new-link form', async () => {
    let isLimit = true;
    productApi({ '/bff/plan/check/link': () => ({ body: { isLimit } }) });
    const { router } = renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('link-add'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance/plan-limit'));

    isLimit = false;
    await router.navigate('/acme/product-details/101');
    await user.click(await screen.findByTestId('link-add'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/product-details/101/new-link'));
  });

  it('shows a sub-admin without write access the links but no write action', async () => {
    productApi(
      { '/bff/api/auth/sub-admin/access': { body: { accessInfo: { product: { r: true, w: false } } } } },
      makeSession({ roleId: 3 }),
    );
    renderRoute('/acme/product-details/101');
    expect(await screen.findByTestId('links-list')).toBeInTheDocument();
    await screen.findByTestId('serials-empty');
    expect(screen.queryByTestId('link-add')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete Brand/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('product-delete')).not.toBeInTheDocument();
    expect(screen.queryByTestId('serial-new')).not.toBeInTheDocument();
    expect(screen.queryByTestId('serials-import-input')).not.toBeInTheDocument();
  });
});

describe('product details: serials', () => {
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
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/bff/api/entry/qualifiers/all').some(({ url }) => url.searchParams.get('page') === '2')).toBe(true));

    await user.type(screen.getByLabelText('Search serials'), 'B');
    expect(await screen.findByText('B-7')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete serial B-7' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
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
    expect(await screen.findByTestId('serials-import-error')).toHaveTextContent('Choose an .xlsx or .csv file.');
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
});

describe('product details: QR and NFC', () => {
  it('shows the QR code and its URI, per serial, with print downloads', async () => {
    productApi({ '/bff/api/entry/qualifiers/all/product': { body: { result: [makeQualifier('A/2', 2)] } } });
    renderRoute('/acme/product-details/101');
    const image = await screen.findByRole('img', { name: 'QR code of Trail jacket' });
    expect(image).toHaveAttribute('src', '/bff/api/product/qr?productId=101&format=svg&size=512');
    expect(screen.getByTestId('qr-uri')).toHaveTextContent('https://id.acme.test/01/08801234000017');
    expect(screen.getByTestId('qr-download-png-1024')).toHaveAttribute('href', '/bff/api/product/qr?productId=101&format=png&size=1024&download=1');
    const downloads = screen.getByTestId('qr-downloads');
    expect(downloads).toHaveTextContent('1024 px');
    expect(downloads).toHaveTextContent('8.7 cm at 300 dpi');
    expect(downloads).toHaveTextContent('17.3 cm at 300 dpi');
    expect(screen.queryByTestId('nfc-section')).not.toBeInTheDocument();

    await userEvent.setup().selectOptions(await screen.findByLabelText('QR code for a serial'), 'A/2');
    expect(image).toHaveAttribute('src', '/bff/api/product/qr?productId=101&format=svg&size=512&serial=A%2F2');
    expect(screen.getByTestId('qr-uri')).toHaveTextContent('https://id.acme.test/01/08801234000017/21/A%2F2');
    expect(screen.getByTestId('qr-download-svg-2048')).toHaveAttribute('href', '/bff/api/product/qr?productId=101&format=svg&size=2048&serial=A%2F2&download=1');
  });

  it('copies the URI', async () => {
    productApi();
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByTestId('qr-uri-copy'));
    expect(writeText).toHaveBeenCalledWith('https://id.acme.test/01/08801234000017');
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();
  });

  it('shows an NFC product the NDEF record to write, field by field', async () => {
    productApi({ '/bff/api/product/': { body: makeProductResponse({ isNFC: 1 }) } });
    renderRoute('/acme/product-details/101');
    const hex = await screen.findByTestId('nfc-hex');
    // https:// is identifier code 04; the rest is 'id.acme.test/01/08801234000017' (30 bytes).
    expect(hex.textContent?.startsWith('D1 01 1F 55 04 69 64 2E')).toBe(true);
    const fields = screen.getByTestId('nfc-fields');
    expect(fields).toHaveTextContent('Stands for https://');
    expect(fields).toHaveTextContent('31 bytes, in one byte (short record)');
  });
});
