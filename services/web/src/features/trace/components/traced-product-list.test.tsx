import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Project, TracedProduct } from '@product-console/shared';
import { mockBff, renderWithProviders } from '@/testing/test-utils';
import { TracedProductList } from '@/features/trace/components/traced-product-list';

const projects = [
  { project_id: 1, project_name: 'Apparel' },
  { project_id: 2, project_name: 'Batteries' },
] as Project[];

function traced(productId: number, overrides: Partial<TracedProduct> = {}): TracedProduct {
  return {
    productId,
    productName: `Jacket ${productId}`,
    projectId: 1,
    projectName: 'Apparel',
    gtin: '09506000134352',
    thumbnail: null,
    tracingSince: '2026-11-01T08:00:00.000Z',
    eventCount: 5,
    lastEvent: { eventTime: '2026-11-20T10:00:00.000+01:00', eventType: 'ObjectEvent', bizStep: 'shipping', disposition: 'in_transit' },
    ...overrides,
  };
}

function renderList(path = '/acme/epcis') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <TracedProductList serviceName="acme" projects={projects} />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('TracedProductList', () => {
  it('explains how to start tracing when nothing is traced', async () => {
    mockBff({ 'GET /bff/api/trace/all': { body: { result: [], pageInfo: { total: 0, page: 1, size: 10 } } } });
    renderList();
    const empty = await screen.findByTestId('traced-products-empty');
    expect(empty).toHaveTextContent('No product is traced yet.');
    expect(empty).toHaveTextContent('Open a DPP product and choose Start tracing');
    expect(within(empty).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/acme/entry-list');
    expect(screen.queryByTestId('pager')).toBeNull();
  });

  it('shows each product with its events and last event in words, opening its trace, and pages through the list', async () => {
    const calls: URL[] = [];
    mockBff({
      'GET /bff/api/trace/all': (_init, url) => {
        calls.push(url);
        const page = Number(url.searchParams.get('page'));
        const items = page === 1 ? Array.from({ length: 10 }, (_, index) => traced(index + 1)) : [traced(11, { lastEvent: null, eventCount: 0 })];
        return { body: { result: items, pageInfo: { total: 11, page, size: 10 } } };
      },
    });
    const user = userEvent.setup();
    renderList();

    const rows = await screen.findAllByTestId('traced-product');
    expect(rows).toHaveLength(10);
    expect(within(rows[0]!).getByRole('link', { name: 'Jacket 1' })).toHaveAttribute('href', '/acme/epcis/1');
    expect(within(rows[0]!).getByTestId('traced-product-events')).toHaveTextContent('5');
    expect(within(rows[0]!).getByTestId('traced-product-last')).toHaveTextContent('Shipped');
    expect(screen.getByTestId('traced-products-total')).toHaveTextContent('1–10 of 11');
    expect(calls[0]!.searchParams.get('page')).toBe('1');
    expect(calls[0]!.searchParams.get('size')).toBe('10');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('traced-product')).toHaveLength(1));
    expect(screen.getByTestId('traced-products-total')).toHaveTextContent('11–11 of 11');
    expect(screen.getByTestId('traced-product-last')).toHaveTextContent('No events yet');
    expect(calls.at(-1)!.searchParams.get('page')).toBe('2');
  });

  it("asks for the chosen project's traced products only", async () => {
    const calls: URL[] = [];
    mockBff({
      'GET /bff/api/trace/all': (_init, url) => {
        calls.push(url);
        return { body: { result: [traced(1)], pageInfo: { total: 1, page: 1, size: 10 } } };
      },
    });
    const user = userEvent.setup();
    renderList();
    await screen.findByTestId('traced-product');
    expect(calls[0]!.searchParams.has('projectId')).toBe(false);
    await user.selectOptions(screen.getByLabelText('Project'), 'Batteries');
    await waitFor(() => expect(calls.at(-1)!.searchParams.get('projectId')).toBe('2'));
  });
});
