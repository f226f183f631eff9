import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUERY_STALE_TIME_MS, type Webhook, type WebhookDelivery } from '@product-console/shared';
import { AppProvider } from '@/app/provider';
import en from '@/locales/en.json';
import { mockBff, renderWithProviders } from '@/testing/test-utils';
import { WebhooksSection } from '@/features/webhooks/components/webhooks-section';
import { DeadDeliveries } from '@/features/webhooks/components/dead-deliveries';

const erp: Webhook = {
  webhookId: '7b0e8f4c-1d2a-4c39-9a51-2f3e4d5c6b7a',
  url: 'https://erp.example.com/hooks/products',
  description: 'ERP sync',
  eventTypes: ['product.created', 'product.updated'],
  enabled: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  secretCreatedAt: '2026-11-01T08:00:00.000Z',
  deadDeliveries: 0,
};
const shop: Webhook = { ...erp, webhookId: '0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f', url: 'https://shop.example.com/in', description: '', eventTypes: ['batch.recalled'], enabled: false, deadDeliveries: 2 };
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const delivery = (overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  deliveryId: '11111111-2222-4333-8444-555555555555',
  webhookId: erp.webhookId,
  messageId: 'msg_0123456789abcdef0123456789abcdef',
  eventType: 'product.updated',
  status: 'delivered',
  attempts: 1,
  responseStatus: 204,
  error: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  lastAttemptAt: '2026-11-20T08:00:01.000Z',
  deliveredAt: '2026-11-20T08:00:01.000Z',
  ...overrides,
});
const paged = <T,>(items: T[], page = 1, total = items.length) => ({ body: { result: { items, page: { total, page, size: 10 } } } });

afterEach(() => vi.unstubAllGlobals());

describe('WebhooksSection', () => {
  it('says what a webhook is for when there is none', async () => {
    mockBff({ 'GET /bff/api/webhooks': () => ({ body: { result: [] } }) });
    renderWithProviders(<WebhooksSection />);
    expect(await screen.findByTestId('webhook-list-empty')).toHaveTextContent('No webhooks yet');
    expect(screen.getByTestId('webhooks')).toHaveTextContent('webhook-signature');
  });

  it('lists webhooks with their events, a disabled badge and failed deliveries, never a secret', async () => {
    mockBff({ 'GET /bff/api/webhooks': () => ({ body: { result: [erp, shop] } }) });
    renderWithProviders(<WebhooksSection />);
    const [first, second] = await screen.findAllByTestId('webhook');
    expect(first).toHaveTextContent('https://erp.example.com/hooks/products');
    expect(first).toHaveTextContent('ERP sync');
    expect(first).toHaveTextContent('Product created');
    expect(first).toHaveTextContent('Product updated');
    expect(within(first!).queryByTestId('webhook-disabled')).toBeNull();
    expect(within(first!).getByTestId('webhook-toggle')).toHaveTextContent('Disable');
    expect(within(second!).getByTestId('webhook-disabled')).toHaveTextContent('Disabled');
    expect(within(second!).getByTestId('webhook-dead')).toHaveTextContent('2 failed deliveries');
    expect(within(second!).getByTestId('webhook-test')).toBeDisabled();
    expect(within(second!).getByTestId('webhook-toggle')).toHaveTextContent('Enable');
  });

  it('refuses a form without events before any call, then creates the webhook and shows its secret once', async () => {
    let list: Webhook[] = [];
    const post = vi.fn((init: RequestInit | undefined) => {
      expect(JSON.parse(String(init?.body))).toEqual({ url: 'https://erp.example.com/hooks/products', description: 'ERP sync', eventTypes: ['product.created', 'batch.recalled'], enabled: true });
      list = [erp];
      return { status: 201, body: { result: { ...erp, secret } } };
    });
    mockBff({ 'GET /bff/api/webhooks': () => ({ body: { result: list } }), 'POST /bff/api/webhooks': post });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection />);
    await screen.findByTestId('webhook-list-empty');

    await user.click(screen.getByTestId('webhook-new'));
    const dialog = await screen.findByTestId('webhook-dialog');
    await user.type(within(dialog).getByLabelText('Destination URL'), 'ftp://erp.example.com');
    await user.click(within(dialog).getByTestId('webhook-save'));
    expect(await within(dialog).findByTestId('webhook-url-error')).toHaveTextContent('http or https');
    expect(within(dialog).getByTestId('webhook-events-error')).toHaveTextContent('Choose at least one event');
    expect(post).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText('Destination URL'));
    await user.type(within(dialog).getByLabelText('Destination URL'), 'https://erp.example.com/hooks/products');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'ERP sync');
    // Keyboard: the event choices are checkboxes reached and ticked from the keyboard.
    within(dialog).getByTestId('webhook-event-product.created').focus();
    await user.keyboard(' ');
    await user.click(within(dialog).getByTestId('webhook-event-batch.recalled'));
    await user.click(within(dialog).getByTestId('webhook-save'));

    const shown = await screen.findByTestId('webhook-secret');
    expect(within(shown).getByTestId('webhook-secret-value')).toHaveTextContent(secret);
    expect(shown).toHaveTextContent('it will not be shown again');
    expect(post).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getAllByTestId('webhook')).toHaveLength(1));
    await user.click(within(shown).getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    expect(document.body).not.toHaveTextContent(secret);
  });

  it('shows an API field error on the field (a private destination)', async () => {
    mockBff({
      'GET /bff/api/webhooks': () => ({ body: { result: [] } }),
      'POST /bff/api/webhooks': () => ({
        status: 400,
        body: { code: 'E400001', message: 'Validation failed', details: [{ path: 'url', message: 'webhooks.error.private' }] },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection />);
    await screen.findByTestId('webhook-list-empty');
    await user.click(screen.getByTestId('webhook-new'));
    const dialog = await screen.findByTestId('webhook-dialog');
    await user.type(within(dialog).getByLabelText('Destination URL'), 'http://10.0.0.1/hook');
    await user.click(within(dialog).getByTestId('webhook-event-product.deleted'));
    await user.click(within(dialog).getByTestId('webhook-save'));
    expect(await within(dialog).findByTestId('webhook-url-error')).toHaveTextContent('public address');
  });

  it("reads a pending delivery's log again within moments, whatever the app's deduplication window", async () => {
    let reads = 0;
    mockBff({
      'GET /bff/api/webhooks': () => ({ body: { result: [erp] } }),
      [`GET /bff/api/webhooks/${erp.webhookId}/deliveries`]: () => {
        reads += 1;
        return paged([reads === 1 ? delivery({ status: 'pending', attempts: 0, responseStatus: null, deliveredAt: null, lastAttemptAt: null }) : delivery({})]);
      },
    });
    const user = userEvent.setup();
    render(
      <AppProvider swr={{ dedupingInterval: QUERY_STALE_TIME_MS, shouldRetryOnError: false }} messages={en}>
        <WebhooksSection />
      </AppProvider>,
    );
    await user.click(await screen.findByTestId('webhook-log-open'));
    const log = await screen.findByTestId('webhook-log');
    expect(await within(log).findByTestId('webhook-delivery-status')).toHaveTextContent('Pending');
    await waitFor(() => expect(within(log).getByTestId('webhook-delivery-status')).toHaveTextContent('Delivered'), { timeout: 5_000 });
  });

  it('deletes and rotates only after a confirmation; sends a test event and shows it in the paged log', async () => {
    let list = [erp];
    const remove = vi.fn(() => {
      list = [];
      return { body: { result: true } };
    });
    const rotate = vi.fn(() => ({ body: { result: { ...erp, secret } } }));
    const test = vi.fn(() => ({ status: 202, body: { result: delivery({ eventType: 'webhook.test', status: 'pending', attempts: 0, responseStatus: null, deliveredAt: null, lastAttemptAt: null }) } }));
    const logPages: string[] = [];
    mockBff({
      'GET /bff/api/webhooks': () => ({ body: { result: list } }),
      [`DELETE /bff/api/webhooks/${erp.webhookId}`]: remove,
      [`POST /bff/api/webhooks/${erp.webhookId}/secret`]: rotate,
      [`POST /bff/api/webhooks/${erp.webhookId}/test`]: test,
      [`GET /bff/api/webhooks/${erp.webhookId}/deliveries`]: (_init, url) => {
        const page = Number(url?.searchParams.get('page') ?? 1);
        logPages.push(String(page));
        return page === 1
          ? paged([delivery({ eventType: 'webhook.test' }), delivery({ deliveryId: '21111111-2222-4333-8444-555555555555', status: 'dead', attempts: 9, responseStatus: 500, error: 'the webhook answered 500' })], 1, 12)
          : paged([delivery({ deliveryId: '31111111-2222-4333-8444-555555555555', eventType: 'product.created' })], 2, 12);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection />);
    const row = await screen.findByTestId('webhook');

    await user.click(within(row).getByTestId('webhook-rotate'));
    const confirmRotate = await screen.findByTestId('confirm-dialog');
    expect(confirmRotate).toHaveTextContent('https://erp.example.com/hooks/products');
    await user.click(within(confirmRotate).getByText('Cancel'));
    expect(rotate).not.toHaveBeenCalled();

    await user.click(within(row).getByTestId('webhook-test'));
    await waitFor(() => expect(test).toHaveBeenCalledTimes(1));
    const log = await screen.findByTestId('webhook-log');
    const [tested, failed] = await within(log).findAllByTestId('webhook-delivery');
    expect(tested).toHaveTextContent('Test event');
    expect(tested).toHaveTextContent('Delivered');
    expect(tested).toHaveTextContent('204');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('500');
    expect(within(log).getByTestId('webhook-log-total')).toHaveTextContent('1–10 of 12');
    await user.click(within(log).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(1));
    expect(within(log).getByTestId('webhook-delivery')).toHaveTextContent('Product created');
    expect(logPages).toContain('2');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('webhook-log')).toBeNull());

    await user.click(within(row).getByTestId('webhook-delete'));
    const confirmDelete = await screen.findByTestId('confirm-dialog');
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(confirmDelete).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    expect(await screen.findByTestId('webhook-list-empty')).toBeInTheDocument();
  });
});

describe('DeadDeliveries', () => {
  it('says so when nothing failed', async () => {
    mockBff({ 'GET /bff/api/webhook-deliveries/dead': () => paged([]) });
    renderWithProviders(<DeadDeliveries webhooks={[erp]} />);
    expect(await screen.findByTestId('webhook-dead-list-empty')).toHaveTextContent('No failed deliveries');
  });

  it('lists failed deliveries with their destination and resends one', async () => {
    let dead = [delivery({ status: 'dead', attempts: 9, responseStatus: 503, error: 'the webhook answered 503' })];
    const resend = vi.fn(() => {
      dead = [];
      return { status: 202, body: { result: delivery({ status: 'pending', attempts: 0 }) } };
    });
    mockBff({ 'GET /bff/api/webhook-deliveries/dead': () => paged(dead), [`POST /bff/api/webhook-deliveries/${dead[0]!.deliveryId}/resend`]: resend });
    const user = userEvent.setup();
    renderWithProviders(<DeadDeliveries webhooks={[erp]} />);
    const row = await screen.findByTestId('webhook-dead-delivery');
    expect(row).toHaveTextContent('Product updated');
    expect(row).toHaveTextContent('https://erp.example.com/hooks/products');
    expect(row).toHaveTextContent('503');
    expect(row).toHaveTextContent('9');
    await user.click(within(row).getByTestId('webhook-resend'));
    await waitFor(() => expect(resend).toHaveBeenCalledTimes(1));
    expect(await screen.findByTestId('webhook-dead-list-empty')).toBeInTheDocument();
  });
});
