import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductSummary } from '@product-console/shared';
import { makePlan, makeSession, products, projects } from '@/testing/fixtures';
import { callsTo } from '@/testing/product-page';
import { mockBff, renderRoute } from '@/testing/test-utils';

const product = (productId: number, product_name: string): ProductSummary => ({ ...products[0], productId, product_name });

function api() {
  return mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/product/all': { body: { result: [product(101, 'Cotton T-shirt'), product(102, 'Rain hood')], pageInfo: { total: 2, page: 1, size: 10 } } },
    'PUT /bff/api/product/bulk': { body: { result: true, count: 1 } },
  });
}

describe('product list deletes', () => {
  it('offers each row a quiet trash button naming the product, and the dialog names it too', async () => {
    const fetchMock = api();
    renderRoute('/acme/entry-list');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Delete Cotton T-shirt' });
    expect(button).toHaveAttribute('title', 'Delete Cotton T-shirt');
    expect(button).not.toHaveTextContent(/\S/); // an icon, no word

    await user.click(button);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Delete "Cotton T-shirt"?');
    expect(dialog).toHaveTextContent('Are you sure you want to delete? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT', '/bff/api/product/bulk')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Rain hood' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/bff/api/product/bulk')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/bff/api/product/bulk')[0].init?.body))).toEqual({ productIds: [102] });
  });

  it('counts the products of a bulk delete in the question', async () => {
    api();
    renderRoute('/acme/entry-list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Cotton T-shirt' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Rain hood' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Delete 2 products?');
    expect(dialog).toHaveTextContent('Are you sure you want to delete?');
  });
});
