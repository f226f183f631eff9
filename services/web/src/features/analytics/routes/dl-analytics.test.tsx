import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalyticsDashboard } from '@product-console/shared';
import { company, makePlan, makeSession, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

/** 23:30 UTC: already the 25th in Berlin, the company's zone. */
const NOW = new Date('2026-11-24T23:30:00Z');

function dashboard(overrides: Partial<AnalyticsDashboard> = {}): AnalyticsDashboard {
  return {
    timeZone: 'Europe/Berlin',
    from: '2026-11-19',
    to: '2026-11-25',
    previousFrom: '2026-11-12',
    previousTo: '2026-11-18',
    granularity: 'day',
    totals: {
      scans: { value: 12, previous: 8 },
      visitors: { value: 5, previous: 0 },
      products: { value: 2, previous: 4 },
      serials: { value: 3, previous: 3 },
    },
    series: [
      { at: '2026-11-24', scans: 5, visitors: 2, previousScans: 3 },
      { at: '2026-11-25', scans: 7, visitors: 3, previousScans: 5 },
    ],
    topProducts: [
      { productId: 101, productName: 'Trail jacket', scans: 9, previous: 6 },
      { productId: 102, productName: 'Rain hood', scans: 3, previous: 2 },
    ],
    countries: [
      { value: 'DE', scans: 9, previous: 5 },
      { value: 'JP', scans: 3, previous: 3 },
    ],
    regions: [{ value: 'DE-BY', scans: 9, previous: 5 }],
    devices: [{ value: 'mobile', scans: 12, previous: 8 }],
    systems: [{ value: 'iOS', scans: 12, previous: 8 }],
    browsers: [{ value: 'Mobile Safari', scans: 12, previous: 8 }],
    linkTypes: [{ value: 'gs1:pip', scans: 12, previous: 8 }],
    views: [],
    languages: [{ value: 'ko', scans: 12, previous: 8 }],
    campaigns: [{ value: 'spring-sale', scans: 5, previous: 1 }],
    serials: [{ value: 'S-1', scans: 4, previous: 0, productId: 7, productName: 'Summit 45L Backpack' }],
    serialsRanked: true,
    suspiciousSerials: [
      {
        productId: 101,
        productName: 'Trail jacket',
        serial: 'S-1',
        reason: 'countries',
        flaggedAt: '2026-11-24T10:05:00Z',
        evidence: [
          { at: '2026-11-24T09:10:00Z', country: 'DE', region: 'BY' },
          { at: '2026-11-24T09:40:00Z', country: 'JP', region: null },
        ],
      },
    ],
    ...overrides,
  };
}

/** jsdom's Blob has no text(): read it as a browser would. */
function readBlob(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('No file was downloaded'));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable'));
    reader.readAsText(blob);
  });
}

const productRow = (productId: number, name: string) => ({
  productId, entry_id: productId, project_id: 11, project_name: 'Spring line', product_name: name, product_number: `N${productId}`, category_id: 1,
  service: 'DL', isNFC: 0, image: null, thumbnail: null, gtin: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
});

type ProductsAnswer = (url: URL) => { result: ReturnType<typeof productRow>[]; pageInfo: { total: number; page: number; size: number } };

function setup(answer: (url: URL) => AnalyticsDashboard, productsAnswer?: ProductsAnswer) {
  const asked: URL[] = [];
  const fetchMock = mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/auth/me/company-info': { body: { result: { ...company, timeZone: 'Europe/Berlin' } } },
    '/bff/api/product/all': productsAnswer ? (_init, url) => ({ body: productsAnswer(url) }) : {
      body: {
        result: [
          { productId: 101, entry_id: 1, project_id: 11, project_name: 'Spring line', product_name: 'Trail jacket', product_number: 'TJ', category_id: 1, service: 'DL', isNFC: 0, image: null, thumbnail: null, gtin: '08801234000017', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
        ],
        pageInfo: { total: 1, page: 1, size: 100 },
      },
    },
    '/bff/api/analytics/dashboard': (_init, url) => {
      asked.push(url);
      return { body: { result: answer(url) } };
    },
  });
  return { asked, fetchMock };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the DL-analytics screen', () => {
  it('asks for the preset days in the company time zone, with the product from the address', async () => {
    const { asked } = setup(() => dashboard());
    renderRoute('/acme/dashboard/DL-analytics?range=last7&productId=101');

    expect(await screen.findByTestId('analytics-dashboard')).toBeInTheDocument();
    const query = asked[0]?.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({ from: '2026-11-19', to: '2026-11-25', compare: 'true', productId: '101' });
    expect(screen.getByTestId('analytics-time-zone')).toHaveTextContent('Times in Europe/Berlin');
    expect(screen.getByTestId('analytics-product')).toHaveValue('101');
  });

  it('shows the totals with their change: up, down, new and no change', async () => {
    setup(() => dashboard());
    renderRoute('/acme/dashboard/DL-analytics?range=last7');

    expect(await screen.findByTestId('total-scans-value')).toHaveTextContent('12');
    const scans = screen.getByTestId('total-scans');
    expect(within(scans).getByTestId('change-badge')).toHaveTextContent('▲ 50% up');
    expect(within(screen.getByTestId('total-products')).getByTestId('change-badge')).toHaveTextContent('▼ 50% down');
    expect(within(screen.getByTestId('total-visitors')).getByTestId('change-badge')).toHaveTextContent('new');
    expect(within(screen.getByTestId('total-serials')).getByTestId('change-badge')).toHaveTextContent('no change');
  });

  it('puts a data table behind every chart, with names in the UI language', async () => {
    setup(() => dashboard());
    renderRoute('/acme/dashboard/DL-analytics?range=last7');

    const series = await screen.findByTestId('chart-scans-over-time-table');
    const rows = within(series).getAllByRole('row').map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));
    expect(rows.slice(1)).toEqual([
      ['2026-11-24', '5', '2', '3'],
      ['2026-11-25', '7', '3', '5'],
    ]);
    expect(within(series).getByText('Scans over time', { selector: 'caption' })).toBeInTheDocument();
    for (const name of ['top-products', 'countries', 'regions', 'devices', 'systems', 'browsers', 'link-types', 'languages', 'campaigns', 'serials']) {
      expect(screen.getByTestId(`chart-${name}-table`)).toBeInTheDocument();
    }
    expect(within(screen.getByTestId('chart-countries-table')).getByText('Germany')).toBeInTheDocument();
    // Region names come from CLDR's subdivisions, loaded with the first dashboard that ranks regions.
    expect(await within(screen.getByTestId('chart-regions-table')).findByText('Germany · Bavaria')).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-languages-table')).getByText('Korean')).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-link-types-table')).getByText('Product information')).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-devices-table')).getByText('Phone')).toBeInTheDocument();
    // A serial with the product it belongs to.
    expect(within(screen.getByTestId('chart-serials-table')).getByText('S-1 · Summit 45L Backpack')).toBeInTheDocument();
    // Scans by the campaign of their printed code (utm_campaign).
    const campaigns = within(screen.getByTestId('chart-campaigns-table'));
    expect(campaigns.getByText('Scans by campaign', { selector: 'caption' })).toBeInTheDocument();
    const [campaign] = campaigns.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(campaign).toEqual(expect.arrayContaining(['spring-sale', '5']));
  });

  it('shades the countries of the scans on a world map, with their data table', async () => {
    setup(() => dashboard());
    renderRoute('/acme/dashboard/DL-analytics?range=last7');

    const map = await screen.findByTestId('analytics-world-map');
    // ISO 3166-1 numeric codes: Germany 276, Japan 392, Korea 410.
    expect(map.querySelector('path[data-country="276"]')).toHaveAttribute('data-scans', '9');
    expect(map.querySelector('path[data-country="392"]')).toHaveAttribute('data-scans', '3');
    expect(map.querySelector('path[data-country="410"]')).toHaveAttribute('data-scans', '0');
    expect(map.querySelectorAll('path').length).toBeGreaterThan(150);
    const table = screen.getByTestId('chart-world-map-table');
    expect(within(table).getByText('Scans by country on the map', { selector: 'caption' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows[0]).toEqual(expect.arrayContaining(['Germany', 'DE', '9']));
  });

  it('downloads as CSV exactly the numbers of the chart, with a header row', async () => {
    setup(() => dashboard());
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderRoute('/acme/dashboard/DL-analytics?range=last7');

    await user.click(await screen.findByTestId('chart-countries-csv'));
    expect(blobs).toHaveLength(1);
    const text = (await readBlob(blobs[0])).replace(/^\uFEFF/, '');
    expect(text).toBe('Name,Code,Scans,Share (%),Previous period\r\nGermany,DE,9,75,5\r\nJapan,JP,3,25,3\r\n');

    await user.click(screen.getByTestId('chart-scans-over-time-csv'));
    const series = (await readBlob(blobs[1])).replace(/^\uFEFF/, '');
    expect(series).toBe('Time,Scans,Visitors,"Scans, previous period"\r\n2026-11-24,5,2,3\r\n2026-11-25,7,3,5\r\n');
  });

  it('flags a suspicious serial with the times and places of its scans', async () => {
    setup(() => dashboard());
    renderRoute('/acme/dashboard/DL-analytics?range=last7');

    const flagged = await screen.findByTestId('suspicious-serial');
    expect(flagged).toHaveTextContent('Trail jacket');
    expect(flagged).toHaveTextContent('S-1');
    expect(flagged).toHaveTextContent('Scanned in several countries within a short time');
    // 09:10 UTC is 10:10 in Berlin.
    expect(flagged).toHaveTextContent(/10:10/);
    await waitFor(() => expect(flagged).toHaveTextContent('Germany · Bavaria'));
    expect(flagged).toHaveTextContent('Japan');
  });

  it('says why the serials are not ranked when the range holds too many', async () => {
    setup(() => dashboard({ serials: [], serialsRanked: false }));
    renderRoute('/acme/dashboard/DL-analytics');
    const serials = await screen.findByTestId('chart-serials');
    expect(serials).toHaveTextContent('Too many serials scanned in this range to rank them here: choose a product or a shorter range.');
    expect(screen.getByTestId('total-serials')).toHaveTextContent('3');
  });

  it('says so when no scans fall in the range', async () => {
    const empty = { value: 0, previous: 0 };
    setup(() => dashboard({ totals: { scans: empty, visitors: empty, products: empty, serials: empty }, series: [], topProducts: [], countries: [], suspiciousSerials: [] }));
    renderRoute('/acme/dashboard/DL-analytics');

    expect(await screen.findByTestId('analytics-empty')).toHaveTextContent('No scans in this range.');
    expect(screen.queryByTestId('chart-scans-over-time')).not.toBeInTheDocument();
  });

  it('narrows a product list longer than one page by a search, and filters on a product found', async () => {
    const many = Array.from({ length: 100 }, (_, i) => productRow(200 + i, `Boot ${String(i).padStart(3, '0')}`));
    const { asked } = setup(
      () => dashboard(),
      (url) =>
        url.searchParams.get('search') === 'lantern'
          ? { result: [productRow(999, 'Trail lantern')], pageInfo: { total: 1, page: 1, size: 100 } }
          : { result: many, pageInfo: { total: 250, page: 1, size: 100 } },
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/acme/dashboard/DL-analytics');
    await screen.findByTestId('analytics-dashboard');
    expect(await screen.findByTestId('analytics-products-shown')).toHaveTextContent('100 of 250 products listed');
    expect(within(screen.getByTestId('analytics-product')).queryByText('Trail lantern')).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Find a product' }), 'lantern');
    await waitFor(() => expect(screen.getByTestId('analytics-products-shown')).toHaveTextContent('1 of 1 product listed'));
    await user.selectOptions(screen.getByTestId('analytics-product'), 'Trail lantern');
    await waitFor(() => expect(router.state.location.search).toContain('productId=999'));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('productId')).toBe('999'));
  });

  it('keeps a new range and comparison in the address and asks again', async () => {
    const { asked } = setup(() => dashboard());
    const user = userEvent.setup();
    const { router } = renderRoute('/acme/dashboard/DL-analytics');
    await screen.findByTestId('analytics-dashboard');
    expect(asked[0]?.searchParams.get('from')).toBe('2026-10-27');

    await user.selectOptions(screen.getByTestId('analytics-range'), 'lastMonth');
    await waitFor(() => expect(router.state.location.search).toBe('?range=lastMonth'));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('from')).toBe('2026-10-01'));
    expect(asked.at(-1)?.searchParams.get('to')).toBe('2026-10-31');

    await user.click(screen.getByTestId('analytics-compare'));
    await waitFor(() => expect(router.state.location.search).toBe('?range=lastMonth&compare=0'));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('compare')).toBe('false'));
  });

  it('refuses a custom range that ends before it starts, and applies a valid one', async () => {
    const { asked } = setup(() => dashboard());
    const user = userEvent.setup();
    const { router } = renderRoute('/acme/dashboard/DL-analytics');
    await screen.findByTestId('analytics-dashboard');

    await user.selectOptions(screen.getByTestId('analytics-range'), 'custom');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-09-10');
    await user.clear(to);
    await user.type(to, '2026-09-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('analytics-range-error')).toHaveTextContent('Must be on or after the start day');
    expect(router.state.location.search).toBe('');

    await user.clear(to);
    await user.type(to, '2026-09-20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=custom&from=2026-09-10&to=2026-09-20'));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('to')).toBe('2026-09-20'));
  });
});
