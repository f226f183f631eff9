import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CounterfeitReport, DeskDiversion, FlaggedSerial, SerialStory } from '@product-console/shared';
import { company, makePlan, makeSession, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

// Route modules load lazily and cold in this file while the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

const flag = (id: number, serial: string, dismissed = false): FlaggedSerial => ({
  id,
  productId: 7,
  productName: 'Basecamp 2P Tent',
  serial,
  reason: 'countries',
  countries: ['IT', 'BR'],
  flaggedAt: new Date(Date.UTC(2026, 10, 1, id)).toISOString(),
  dismissed,
});

const diversion = (id: number, serial: string | null): DeskDiversion => ({
  id,
  productId: 7,
  productName: 'Basecamp 2P Tent',
  serial,
  country: 'BR',
  scans: 3 + id,
  firstAt: '2026-11-01T10:00:00.000Z',
  lastAt: '2026-11-02T10:00:00.000Z',
  dismissed: false,
});

const report: CounterfeitReport = {
  id: 31,
  productId: 7,
  productName: 'Basecamp 2P Tent',
  serial: 'TENT-9',
  purchasePlace: 'Night market, Milano',
  purchaseDate: '2026-10-30',
  seller: 'Stall 4',
  hasPhoto: true,
  canAnswer: true,
  language: 'it',
  country: 'IT',
  status: 'open',
  note: '',
  answer: null,
  answeredAt: null,
  handledAt: null,
  createdAt: '2026-11-03T09:00:00.000Z',
};

const story: SerialStory = {
  productId: 7,
  productName: 'Basecamp 2P Tent',
  serial: 'TENT-9',
  registered: true,
  status: 'active',
  statusReason: null,
  changes: [],
  scans: [
    { at: '2026-11-01T08:00:00.000Z', country: 'IT', region: null, linkType: 'gs1:pip' },
    { at: '2026-11-02T08:00:00.000Z', country: 'BR', region: null, linkType: 'gs1:pip' },
  ],
  checks: [{ at: '2026-11-02T08:01:00.000Z', result: 'warning', country: 'BR' }],
  taps: [{ at: '2026-11-01T08:05:00.000Z', counter: 12, result: 'genuine', country: 'IT' }],
  reports: [{ id: 31, createdAt: '2026-11-03T09:00:00.000Z', status: 'open', purchasePlace: 'Night market, Milano', country: 'IT' }],
  flags: [],
};

function desk(state: { flags: FlaggedSerial[]; diversions: DeskDiversion[]; reports: CounterfeitReport[] }) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const record = (method: string) => (init: RequestInit | undefined, url: URL) => {
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  };
  const fetchMock = mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/auth/me/company-info': { body: { result: company } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/product/all': { body: { result: [], pageInfo: { total: 0, page: 1, size: 100 } } },
    'GET /bff/api/authenticity/flagged': (_init, url) => {
      const dismissed = url.searchParams.get('dismissed') === 'true';
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      const rows = state.flags.filter((row) => row.dismissed === dismissed);
      return { body: { result: rows.slice((page - 1) * size, page * size), pageInfo: { total: rows.length, page, size } } };
    },
    'PUT /bff/api/authenticity/flagged/dismiss': (init, url) => {
      record('PUT')(init, url);
      const row = state.flags.find((item) => item.id === Number(url.searchParams.get('id')))!;
      row.dismissed = JSON.parse(String(init?.body)).dismissed;
      return { body: { result: row } };
    },
    'GET /bff/api/authenticity/diversions': (_init, url) => {
      calls.push({ method: 'GET', url, body: undefined });
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      const rows = state.diversions.filter((row) => !row.dismissed);
      return { body: { result: rows.slice((page - 1) * size, page * size), pageInfo: { total: rows.length, page, size } } };
    },
    'PUT /bff/api/authenticity/diversions/dismiss': (init, url) => {
      record('PUT')(init, url);
      state.diversions.find((item) => item.id === Number(url.searchParams.get('id')))!.dismissed = true;
      return { body: { result: true } };
    },
    'GET /bff/api/authenticity/reports': (_init, url) => {
      const status = url.searchParams.get('status');
      const rows = state.reports.filter((row) => !status || row.status === status);
      return { body: { result: rows, pageInfo: { total: rows.length, page: 1, size: 20 } } };
    },
    'PUT /bff/api/authenticity/reports/decide': (init, url) => {
      record('PUT')(init, url);
      const decision = JSON.parse(String(init?.body));
      const row = state.reports.find((item) => item.id === Number(url.searchParams.get('id')))!;
      Object.assign(row, { status: decision.status, note: decision.note, handledAt: '2026-11-04T09:00:00.000Z' });
      return { body: { result: row } };
    },
    'POST /bff/api/authenticity/reports/answer': (init, url) => {
      record('POST')(init, url);
      return { body: { result: true } };
    },
    'GET /bff/api/authenticity/serial-story': (_init, url) => {
      calls.push({ method: 'GET', url, body: undefined });
      return { body: { result: story } };
    },
  });
  return { calls, fetchMock };
}

describe('the Authenticity desk', { timeout: 30_000 }, () => {
  it('lists flagged serials with paging, dismisses one and shows it under the dismissed filter, and links the CSV of the filters', async () => {
    const state = { flags: Array.from({ length: 22 }, (_, index) => flag(index + 1, `S-${index + 1}`)), diversions: [], reports: [] };
    desk(state);
    renderRoute('/acme/authenticity');
    const user = userEvent.setup();
    const table = await screen.findByTestId('flagged-table');
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('1–20 of 22')).toBeInTheDocument();
    expect(screen.getByTestId('flagged-export')).toHaveAttribute('href', '/bff/api/authenticity/flagged/export?dismissed=false');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(screen.getByTestId('flagged-table')).getAllByRole('row')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Dismiss S-22' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Dismiss S-22' })).not.toBeInTheDocument());
    expect(state.flags.find((row) => row.serial === 'S-22')!.dismissed).toBe(true);

    await user.selectOptions(screen.getByLabelText('Show'), 'dismissed');
    expect(await screen.findByRole('button', { name: 'Restore S-22' })).toBeInTheDocument();
    expect(screen.getByTestId('flagged-export')).toHaveAttribute('href', '/bff/api/authenticity/flagged/export?dismissed=true');
  });

  it('says so when nothing is flagged, and moves between the tabs with the arrow keys', async () => {
    desk({ flags: [], diversions: [diversion(1, 'TENT-3'), diversion(2, null)], reports: [] });
    renderRoute('/acme/authenticity');
    const user = userEvent.setup();
    expect(await screen.findByTestId('flagged-empty')).toHaveTextContent('No serial looks copied.');
    const flaggedTab = screen.getByRole('tab', { name: 'Flagged serials' });
    flaggedTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Diversion' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Diversion' })).toHaveFocus();
  });

  it('shows diversion signals from their API, dismisses one, and writes their CSV from the pages', async () => {
    const state = { flags: [], diversions: [diversion(1, 'TENT-3'), diversion(2, null)], reports: [] };
    const { calls } = desk(state);
    renderRoute('/acme/authenticity');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Diversion' }));
    const table = await screen.findByTestId('diversions-table');
    expect(within(table).getByText('No serial')).toBeInTheDocument();
    const read = calls.find((call) => call.url.pathname === '/bff/api/authenticity/diversions')!;
    expect(Object.fromEntries(read.url.searchParams)).toEqual({ page: '1', size: '20', dismissed: 'false' });

    await user.click(within(table).getByRole('button', { name: 'Dismiss TENT-3' }));
    await waitFor(() => expect(within(screen.getByTestId('diversions-table')).queryByText('TENT-3')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT' && call.url.pathname === '/bff/api/authenticity/diversions/dismiss')?.url.searchParams.get('id')).toBe('1');
  });

  it("opens a report with the serial's story, confirms it with blacklisting after a confirmation, and answers the shopper", async () => {
    const state = { flags: [], diversions: [], reports: [{ ...report }] };
    const { calls } = desk(state);
    renderRoute('/acme/authenticity');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Reports' }));
    await user.click(await screen.findByRole('button', { name: 'Report #31' }));

    const panel = await screen.findByTestId('story-panel');
    expect(within(panel).getByText('Serial TENT-9 of Basecamp 2P Tent')).toBeInTheDocument();
    expect(within(panel).getByTestId('report-facts')).toHaveTextContent('Night market, Milano');
    expect(within(panel).getByRole('img', { name: 'Photo sent with report #31' })).toHaveAttribute('src', '/bff/api/authenticity/reports/photo?id=31');
    const timeline = await within(panel).findByTestId('story-timeline');
    // Newest first: the report, then the check and scan in Brazil, the tap and scan in Italy.
    expect(within(timeline).getAllByRole('listitem').map((item) => item.getAttribute('data-kind'))).toEqual(['report', 'check', 'scan', 'tap', 'scan']);
    expect(timeline).toHaveTextContent('NFC tap in Italy, counter 12: genuine');
    expect(within(panel).getByTestId('story-countries')).toHaveTextContent('Seen in: Brazil (2), Italy (2)');

    await user.type(within(panel).getByLabelText('Note'), 'Same serial on many tents');
    await user.click(within(panel).getByTestId('report-blacklist'));
    await user.click(within(panel).getByTestId('report-save'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Blacklist serial TENT-9?');
    expect(calls.some((call) => call.url.pathname.endsWith('/decide'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm and blacklist' }));
    await waitFor(() => expect(calls.find((call) => call.url.pathname.endsWith('/decide'))?.body).toEqual({ status: 'confirmed', note: 'Same serial on many tents', blacklist: true }));

    await user.click(within(panel).getByRole('button', { name: 'Send answer' }));
    expect(within(panel).getByText('Write an answer first.')).toBeInTheDocument();
    await user.type(within(panel).getByRole('textbox', { name: /Your answer/ }), 'Thank you, it is a copy.');
    await user.click(within(panel).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(calls.find((call) => call.url.pathname.endsWith('/answer'))?.body).toEqual({ message: 'Thank you, it is a copy.' }));
    expect(calls.find((call) => call.url.pathname.endsWith('/answer'))?.url.searchParams.get('id')).toBe('31');
  });

  it('offers no answer when the shopper left no e-mail, and lists the report under its new status after a dismissal', async () => {
    const state = { flags: [], diversions: [], reports: [{ ...report, id: 32, serial: null, canAnswer: false, hasPhoto: false }] };
    desk(state);
    renderRoute('/acme/authenticity');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Reports' }));
    await user.click(await screen.findByRole('button', { name: 'Report #32' }));
    const panel = await screen.findByTestId('story-panel');
    expect(within(panel).getByTestId('report-no-answer')).toHaveTextContent('The shopper left no e-mail address for an answer.');
    expect(within(panel).queryByTestId('report-blacklist')).not.toBeInTheDocument();
    await user.selectOptions(within(panel).getByLabelText('Status'), 'dismissed');
    await user.click(within(panel).getByTestId('report-save'));
    await waitFor(() => expect(state.reports[0].status).toBe('dismissed'));
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('reports-empty')).toBeInTheDocument());
  });
});
