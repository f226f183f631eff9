import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EPCIS_SAMPLE_CAPTURE_DOCUMENT, QUERY_STALE_TIME_MS, type EpcisQueryItem, type EpcisSubscriptionItem } from '@product-console/shared';
import { mockBff, renderWithProviders } from '@/testing/test-utils';
import { EpcisSubscriptions } from '@/features/trace/components/epcis-subscriptions';
import { ApiKeysSection } from '@/features/trace/components/api-keys-section';

const shipments: EpcisQueryItem = {
  name: 'shipments',
  query: { EQ_bizStep: 'shipping', EQ_bizLocation: 'https://id.gs1.org/414/9506000134369' },
  createdAt: '2026-11-01T08:00:00.000Z',
  subscriptions: 1,
};
const erp: EpcisSubscriptionItem = {
  subscriptionId: '7b0e8f4c-1d2a-4c39-9a51-2f3e4d5c6b7a',
  queryName: 'shipments',
  dest: 'https://erp.example.com/epcis',
  signed: true,
  stream: true,
  schedule: null,
  reportIfEmpty: false,
  paused: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  lastDeliveredAt: '2026-11-20T08:00:00.000Z',
  attempts: 2,
  nextAttemptAt: '2026-11-20T09:00:00.000Z',
  lastError: 'the webhook answered 503',
  test: null,
};
const nightly: EpcisSubscriptionItem = {
  ...erp,
  subscriptionId: '0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f',
  dest: 'https://reports.example.com/in',
  signed: false,
  stream: false,
  schedule: { second: '0', minute: '0', hour: '6' },
  paused: true,
  lastDeliveredAt: null,
  attempts: 0,
  nextAttemptAt: null,
  lastError: null,
};

const paged = <T,>(items: T[], page = 1, total = items.length) => ({ body: { result: { items, page: { total, page, size: 10 } } } });

afterEach(() => vi.unstubAllGlobals());

describe('EpcisSubscriptions', () => {
  it('says what to do when there is no query and no subscription yet', async () => {
    mockBff({ 'GET /bff/api/trace/epcis-queries': () => paged([]), 'GET /bff/api/trace/epcis-subscriptions': () => paged([]) });
    renderWithProviders(<EpcisSubscriptions />);
    expect(await screen.findByTestId('query-list-empty')).toHaveTextContent('No named query yet');
    expect(await screen.findByTestId('subscription-list-empty')).toHaveTextContent('No subscription yet');
    expect(screen.getByTestId('subscription-new')).toBeDisabled();
    expect(screen.getByTestId('query-stream-address')).toHaveTextContent(`${window.location.origin.replace(/^http/, 'ws')}/epcis/queries/{name}/events?stream=true`);
  });

  it("lists queries with their filters, and subscriptions with their delivery, failures, next attempt and pause", async () => {
    mockBff({ 'GET /bff/api/trace/epcis-queries': () => paged([shipments]), 'GET /bff/api/trace/epcis-subscriptions': () => paged([erp, nightly]) });
    renderWithProviders(<EpcisSubscriptions />);
    const query = await screen.findByTestId('epcis-query');
    expect(query).toHaveTextContent('shipments');
    expect(query).toHaveTextContent('Business step: shipping');
    expect(query).toHaveTextContent('Place (GLN): 9506000134369');
    const [streaming, scheduled] = await screen.findAllByTestId('epcis-subscription');
    expect(streaming).toHaveTextContent('https://erp.example.com/epcis');
    expect(streaming).toHaveTextContent('Signed');
    expect(streaming).toHaveTextContent('Each new event');
    expect(within(streaming!).getByTestId('subscription-failures')).toHaveTextContent('2 the webhook answered 503');
    expect(streaming).not.toHaveTextContent('Paused');
    expect(scheduled).toHaveTextContent('On a schedule (minute 0, hour 6 UTC)');
    expect(scheduled).toHaveTextContent('Not yet');
    expect(within(scheduled!).getByTestId('subscription-paused')).toHaveTextContent('Paused');
    expect(within(scheduled!).getByTestId('subscription-pause')).toHaveTextContent('Resume');
  });

  it('saves a query from the builder, refusing a wrong GLN before any call', async () => {
    let queries: EpcisQueryItem[] = [];
    const post = vi.fn((init: RequestInit | undefined) => {
      const body = JSON.parse(String(init?.body));
      expect(body).toEqual({ name: 'dock-receipts', bizStep: 'receiving', place: '9506000134369' });
      expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
      queries = [{ name: 'dock-receipts', query: { EQ_bizStep: 'receiving' }, createdAt: '2026-11-21T08:00:00.000Z', subscriptions: 0 }];
      return { status: 201, body: { result: queries[0] } };
    });
    mockBff({ 'GET /bff/api/trace/epcis-queries': () => paged(queries), 'POST /bff/api/trace/epcis-queries': post, 'GET /bff/api/trace/epcis-subscriptions': () => paged([]) });
    const user = userEvent.setup();
    renderWithProviders(<EpcisSubscriptions />);

    await user.click(await screen.findByTestId('query-new'));
    const dialog = await screen.findByTestId('query-builder');
    await user.type(within(dialog).getByLabelText('Query name'), 'dock-receipts');
    await user.selectOptions(within(dialog).getByLabelText('Business step'), 'receiving');
    await user.type(within(dialog).getByLabelText('Place (GLN)'), '9506000134368');
    await user.click(within(dialog).getByTestId('query-save'));
    expect(await within(dialog).findByTestId('query-place-error')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText('Place (GLN)'));
    await user.type(within(dialog).getByLabelText('Place (GLN)'), '9506000134369');
    await user.click(within(dialog).getByTestId('query-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByTestId('query-builder')).toBeNull());
    expect(await screen.findByTestId('epcis-query')).toHaveTextContent('dock-receipts');
  });

  it('subscribes a webhook on a schedule to the query chosen', async () => {
    const post = vi.fn((init: RequestInit | undefined) => {
      expect(JSON.parse(String(init?.body))).toMatchObject({
        queryName: 'shipments',
        dest: 'https://reports.example.com/in',
        delivery: 'schedule',
        schedule: { minute: '30', hour: '6' },
        reportIfEmpty: true,
      });
      return { status: 201, body: { result: nightly } };
    });
    mockBff({ 'GET /bff/api/trace/epcis-queries': () => paged([shipments]), 'GET /bff/api/trace/epcis-subscriptions': () => paged([]), 'POST /bff/api/trace/epcis-subscriptions': post });
    const user = userEvent.setup();
    renderWithProviders(<EpcisSubscriptions />);

    await user.click(await screen.findByTestId('query-subscribe'));
    const dialog = await screen.findByTestId('subscription-dialog');
    expect(within(dialog).getByLabelText('Named query')).toHaveValue('shipments');
    await user.click(within(dialog).getByTestId('subscription-save'));
    expect(await within(dialog).findByTestId('subscription-dest-error')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Destination URL'), 'https://reports.example.com/in');
    await user.click(within(dialog).getByTestId('subscription-schedule'));
    const minute = within(dialog).getByLabelText('Minute');
    await user.clear(minute);
    await user.type(minute, '30');
    await user.click(within(dialog).getByLabelText('Deliver even when nothing is new'));
    await user.click(within(dialog).getByTestId('subscription-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
  });

  it('pauses a subscription, and deletes one only after a confirmation naming it', async () => {
    const patch = vi.fn((init: RequestInit | undefined) => {
      expect(JSON.parse(String(init?.body))).toEqual({ paused: true });
      return { body: { result: { ...erp, paused: true } } };
    });
    const remove = vi.fn(() => ({ body: { result: true } }));
    mockBff({
      'GET /bff/api/trace/epcis-queries': () => paged([shipments]),
      'GET /bff/api/trace/epcis-subscriptions': () => paged([erp]),
      [`PATCH /bff/api/trace/epcis-subscriptions/${erp.subscriptionId}`]: patch,
      [`DELETE /bff/api/trace/epcis-subscriptions/${erp.subscriptionId}`]: remove,
    });
    const user = userEvent.setup();
    renderWithProviders(<EpcisSubscriptions />);
    const row = await screen.findByTestId('epcis-subscription');
    await user.click(within(row).getByTestId('subscription-pause'));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));

    await user.click(within(screen.getByTestId('epcis-subscription')).getByTestId('subscription-delete'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm).toHaveTextContent('Delete the subscription to https://erp.example.com/epcis?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(screen.getByTestId('epcis-subscription')).getByTestId('subscription-delete'));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
  });

  it('sends a test event and shows its outcome once delivered', async () => {
    let state: EpcisSubscriptionItem = erp;
    let reads = 0;
    const test = vi.fn(() => {
      state = { ...erp, test: { status: 'pending', at: '2026-11-21T08:00:00.000Z', error: null } };
      return { status: 202, body: { result: state } };
    });
    mockBff({
      'GET /bff/api/trace/epcis-queries': () => paged([shipments]),
      'GET /bff/api/trace/epcis-subscriptions': () => {
        // The job queue delivers it while the list waits.
        if (state.test?.status === 'pending' && (reads += 1) > 1) state = { ...state, test: { status: 'delivered', at: '2026-11-21T08:00:01.000Z', error: null } };
        return paged([state]);
      },
      [`POST /bff/api/trace/epcis-subscriptions/${erp.subscriptionId}/test`]: test,
    });
    const user = userEvent.setup();
    // With the app's own deduplication window, which must not serve the polls from the first answer.
    renderWithProviders(<EpcisSubscriptions />, { swr: { dedupingInterval: QUERY_STALE_TIME_MS } });
    await user.click(within(await screen.findByTestId('epcis-subscription')).getByTestId('subscription-test-send'));
    await waitFor(() => expect(test).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Test sending…')).toBeInTheDocument();
    expect(await screen.findByText('Test delivered', undefined, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('pages the subscriptions', async () => {
    const pages: string[] = [];
    mockBff({
      'GET /bff/api/trace/epcis-queries': () => paged([shipments]),
      'GET /bff/api/trace/epcis-subscriptions': (_init, url) => {
        const page = Number(url?.searchParams.get('page'));
        pages.push(String(page));
        return paged([page === 1 ? erp : nightly], page, 12);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<EpcisSubscriptions />);
    expect(await screen.findByTestId('subscription-total')).toHaveTextContent('1–10 of 12');
    const pager = screen.getByRole('navigation', { name: 'Pages of subscriptions' });
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByTestId('epcis-subscription')).toHaveTextContent('https://reports.example.com/in'));
    expect(pages).toContain('2');
  });
});

describe("the new key's dialog", () => {
  it('shows a sample capture document that is the one the API accepts, and links to the OpenAPI documentation', async () => {
    mockBff({
      'GET /bff/api/auth/api-keys': () => ({ body: { result: [] } }),
      'POST /bff/api/auth/api-keys': () => ({ status: 201, body: { result: { apiKeyId: erp.subscriptionId, name: 'ERP', key: 'pck_secret' } } }),
      'GET /bff/api/trace/epcis-queries': () => paged([]),
      'GET /bff/api/trace/epcis-subscriptions': () => paged([]),
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysSection />);
    await user.type(await screen.findByLabelText('Key name'), 'ERP');
    await user.click(screen.getByTestId('api-key-create'));
    const dialog = await screen.findByTestId('api-key-created');
    expect(JSON.parse(within(dialog).getByTestId('api-key-sample').textContent ?? '')).toEqual(EPCIS_SAMPLE_CAPTURE_DOCUMENT);
    const link = within(dialog).getByTestId('api-key-openapi');
    expect(link).toHaveAttribute('href', 'https://ref.gs1.org/standards/epcis/artefacts');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link).toHaveTextContent('EPCIS 2.0 OpenAPI documentation');
  });
});
