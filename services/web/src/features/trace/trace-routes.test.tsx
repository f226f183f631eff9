import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Trace, TraceEvent } from '@product-console/shared';
import { makePlan, makeProductResponse, makeSession, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

const PRODUCT = 101;
const GTIN = '08801234000017';

function event(eventId: string, bizStep: string, eventTime: string): TraceEvent {
  return {
    eventId,
    eventType: 'ObjectEvent',
    action: bizStep === 'commissioning' ? 'ADD' : 'OBSERVE',
    eventTime,
    eventTimeZoneOffset: '+00:00',
    recordTime: eventTime,
    bizStep,
    disposition: null,
    readPoint: null,
    bizLocation: null,
    epcs: [`https://id.gs1.org/01/${GTIN}/21/S-1`],
    parentId: null,
    quantities: [],
    bizTransactions: [],
    sources: [],
    destinations: [],
    sensorReadings: [],
    errorDeclaration: null,
    origin: 'console',
  };
}

function trace(events: TraceEvent[]): Trace {
  return {
    productId: PRODUCT,
    productName: 'Trail jacket',
    gtin: GTIN,
    tracingSince: '2026-11-01T08:00:00.000Z',
    serial: null,
    parents: [],
    serials: [{ serial: 'S-1', eventCount: events.length, lastEventTime: events.at(-1)?.eventTime ?? null }],
    events,
  };
}

/** The console's answers for a manager of a DPP company looking at product 101. */
function setup(routes: Parameters<typeof mockBff>[0]) {
  return mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/auth/me/company-info': { body: { result: {} } },
    '/bff/api/product/': { body: makeProductResponse({ productId: PRODUCT, service: 'DPP', gtin: GTIN }) },
    ...routes,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the trace pages', () => {
  it('offer Start tracing for a DPP product that is not traced, then show its commissioning', async () => {
    let traced = false;
    const start = vi.fn(() => {
      traced = true;
      return { body: { result: trace([event('c', 'commissioning', '2026-11-24T08:00:00.000Z')]), pageInfo: { total: 1, page: 1, size: 10 } } };
    });
    setup({
      'GET /bff/api/trace': () =>
        traced
          ? { body: { result: trace([event('c', 'commissioning', '2026-11-24T08:00:00.000Z')]), pageInfo: { total: 1, page: 1, size: 10 } } }
          : { status: 404, body: { code: 'E404001', message: 'The requested item was not found.' } },
      'PUT /bff/api/trace/start': start,
    });
    const user = userEvent.setup();
    renderRoute(`/acme/epcis/${PRODUCT}`);

    expect(await screen.findByTestId('trace-not-traced')).toHaveTextContent('This product is not traced yet.');
    expect(screen.queryByTestId('trace-add-event')).toBeNull();
    await user.click(screen.getByTestId('trace-start'));
    await waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    expect(await screen.findByTestId('trace-event-title')).toHaveTextContent('Commissioned');
    expect(screen.getByTestId('trace-add-event')).toHaveAttribute('href', `/acme/epcis/${PRODUCT}/add-event`);
    expect(screen.getByTestId('trace-serial-link')).toHaveAttribute('href', `/acme/epcis/${PRODUCT}/serial/S-1`);
    // The first test loads the console shell and the route's chunks: slow on a busy machine.
  }, 60_000);

  it("say a serial is not one of a traced product's, rather than that the product is not traced", async () => {
    setup({
      'GET /bff/api/trace': { status: 404, body: { code: 'E404001', message: 'The requested item was not found.' } },
      '/bff/api/trace/status': { body: { result: { traced: true, tracingSince: '2026-11-24T08:00:00.000Z', events: 3 } } },
    });
    renderRoute(`/acme/epcis/${PRODUCT}/serial/NOPE-1`);
    expect(await screen.findByTestId('trace-unknown-subject')).toHaveTextContent('No serial NOPE-1 is registered for this product.');
    expect(screen.queryByTestId('trace-not-traced')).toBeNull();
    expect(screen.queryByTestId('trace-start')).toBeNull();
    expect(screen.getByTestId('trace-unknown-back')).toHaveAttribute('href', `/acme/epcis/${PRODUCT}`);
  });

  it('say a DL product cannot be traced, without a Start tracing button', async () => {
    setup({
      '/bff/api/product/': { body: makeProductResponse({ productId: PRODUCT, service: 'DL' }) },
      'GET /bff/api/trace': { status: 404, body: { code: 'E404001', message: 'The requested item was not found.' } },
    });
    renderRoute(`/acme/epcis/${PRODUCT}`);
    await waitFor(() => expect(screen.getByTestId('trace-not-traced')).toHaveTextContent('Only products on the digital product passport (DPP) service'));
    expect(screen.queryByTestId('trace-start')).toBeNull();
  });

  it('open the last page after an event was added, with the new event outlined', async () => {
    const asked: string[] = [];
    const page = (number: number) =>
      number === 1
        ? Array.from({ length: 10 }, (_, index) => event(`e${index}`, 'receiving', `2026-11-0${(index % 9) + 1}T08:00:00.000Z`))
        : [event('new', 'shipping', '2026-11-24T09:00:00.000Z')];
    setup({
      'GET /bff/api/trace': (_init, url) => {
        const number = Number(url.searchParams.get('page'));
        asked.push(String(number));
        return { body: { result: trace(page(number)), pageInfo: { total: 11, page: number, size: 10 } } };
      },
    });
    const { router } = renderRoute(`/acme/epcis/${PRODUCT}?page=last&added=new`);
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&added=new'));
    await waitFor(() => expect(screen.getAllByTestId('trace-event')).toHaveLength(1));
    expect(screen.getByTestId('trace-event')).toHaveAttribute('data-event-id', 'new');
    expect(screen.getByTestId('trace-event-title')).toHaveTextContent('Shipped');
    expect(screen.getByTestId('trace-total')).toHaveTextContent('11–11 of 11');
    expect(asked).toEqual(expect.arrayContaining(['1', '2']));
  });

  it("show a serial's events and the case holding it", async () => {
    const calls: URL[] = [];
    setup({
      'GET /bff/api/trace': (_init, url) => {
        calls.push(url);
        return {
          body: {
            result: { ...trace([event('p', 'packing', '2026-11-02T08:00:00.000Z')]), serial: 'S-1', parents: ['https://id.gs1.org/00/106141412345678908'] },
            pageInfo: { total: 1, page: 1, size: 10 },
          },
        };
      },
    });
    renderRoute(`/acme/epcis/${PRODUCT}/serial/S-1`);
    expect(await screen.findByTestId('serial-parent')).toHaveTextContent('Case or pallet, SSCC 106141412345678908');
    expect(screen.getByTestId('serial-trace-title')).toHaveTextContent('Serial S-1');
    expect(calls[0]!.searchParams.get('serial')).toBe('S-1');
    expect(calls[0]!.searchParams.get('productId')).toBe(String(PRODUCT));
  });
});
