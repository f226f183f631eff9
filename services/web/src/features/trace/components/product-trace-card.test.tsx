import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import useSWR from 'swr';
import { makePlan, makeSession } from '@/testing/fixtures';
import { mockBff, renderWithProviders } from '@/testing/test-utils';
import { ProductTraceCard } from '@/features/trace/components/product-trace-card';

/** Reads the product's links as the links section does (its own key). */
function LinksReader() {
  useSWR('/bff/api/entry/links/active?productId=7');
  return null;
}

function renderCard(service: 'DL' | 'DPP') {
  return renderWithProviders(
    <MemoryRouter>
      <ProductTraceCard serviceName="acme" product={{ productId: 7, service }} />
      <LinksReader />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ProductTraceCard', () => {
  it('starts tracing a DPP product and then says since when, reading its links again', async () => {
    let traced = false;
    const linkReads = vi.fn(() => ({ body: { result: [] } }));
    mockBff({
      '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
      '/bff/api/service/plan/info': { body: { result: makePlan() } },
      // An untraced product is an answer, not an error.
      '/bff/api/trace/status': () => ({ body: { result: traced ? { traced: true, tracingSince: '2026-11-24T08:00:00.000Z', events: 1 } : { traced: false, tracingSince: null, events: 0 } } }),
      'PUT /bff/api/trace/start': () => {
        traced = true;
        return { body: {} };
      },
      '/bff/api/entry/links/active': linkReads,
    });
    const user = userEvent.setup();
    renderCard('DPP');
    await waitFor(() => expect(linkReads).toHaveBeenCalledTimes(1));
    await user.click(await screen.findByTestId('product-trace-start'));
    await waitFor(() => expect(screen.getByTestId('product-trace-status')).toHaveTextContent('Traced since Nov 24, 2026 · 1 event'));
    expect(screen.getByTestId('product-trace-open')).toHaveAttribute('href', '/acme/epcis/7');
    // The API added the Traceability link: the links are read again.
    await waitFor(() => expect(linkReads).toHaveBeenCalledTimes(2));
  });

  it('is not there for a DL product, a sub-admin or a plan without DPP, and asks nothing', async () => {
    for (const [service, roleId, services] of [
      ['DL', 2, ['DL', 'DPP']],
      ['DPP', 3, ['DL', 'DPP']],
      ['DPP', 2, ['DL']],
    ] as const) {
      const fetchMock = mockBff({
        '/bff/auth/me': { body: makeSession({ roleId }) },
        '/bff/api/service/plan/info': { body: { result: makePlan({ services: [...services] }) } },
      });
      const view = renderCard(service);
      await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/plan/info'))).toBe(true));
      expect(screen.queryByTestId('product-trace-card')).toBeNull();
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/bff/api/trace'))).toBe(false);
      view.unmount();
      vi.unstubAllGlobals();
    }
  });
});
