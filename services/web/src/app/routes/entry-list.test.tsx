import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductSummary } from '@product-console/shared';
import { makePlan, makeSession, products, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';
import { callsTo, type Routes } from '@/testing/product-page';

const product = (productId: number, product_name: string): ProductSummary => ({ ...products[0], productId, product_name, product_number: `N-${productId}` });

/** Page 1 holds two products of 12, page 2 the rest; a search finds only the jacket. */
function listAnswer(url: URL) {
  const page = Number(url.searchParams.get('page'));
  const search = url.searchParams.get('search');
  const result = search ? [product(101, 'Trail jacket')] : page === 1 ? [product(101, 'Trail jacket'), product(102, 'Rain hood')] : [product(111, 'Wool cap')];
  return { body: { result, pageInfo: { total: search ? 1 : 12, page, size: 10 } } };
}

function entryListApi(extra: Routes = {}, session = makeSession({ roleId: 2 })) {
  return mockBff({
    '/bff/auth/me': { body: session },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/product/all': (_init, url) => listAnswer(url),
    ...extra,
  });
}

const productCalls = (fetchMock: ReturnType<typeof mockBff>) => callsTo(fetchMock, 'GET', '/bff/api/product/all').map(({ url }) => url.searchParams);

describe('entry list', () => {
  it("lists a project's products with their total and pages through them", async () => {
    const fetchMock = entryListApi();
    const { router } = renderRoute('/acme/entry-list/11');
    expect(await screen.findByTestId('entry-list-title')).toHaveTextContent('Spring line');
    const table = await screen.findByTestId('product-list');
    expect(within(table).getByRole('link', { name: 'Rain hood' })).toHaveAttribute('href', '/acme/product-details/102');
    expect(screen.getByTestId('product-total')).toHaveTextContent('1–10 of 12');
    expect(productCalls(fetchMock)[0].get('projectId')).toBe('11');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Wool cap' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('searches by name or number and says when nothing matches', async () => {
    const fetchMock = entryListApi();
    renderRoute('/acme/entry-list');
    expect(await screen.findByTestId('entry-list-title')).toHaveTextContent('All products');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Search by name or number'), 'jacket');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Rain hood' })).not.toBeInTheDocument());
    expect(productCalls(fetchMock).at(-1)?.get('search')).toBe('jacket');
    expect(screen.getByRole('link', { name: 'Trail jacket' })).toBeInTheDocument();

    entryListApi({ '/bff/api/product/all': { body: { result: [], pageInfo: { total: 0, page: 1, size: 10 } } } });
    await user.clear(screen.getByLabelText('Search by name or number'));
    await user.type(screen.getByLabelText('Search by name or number'), 'nothing');
    expect(await screen.findByTestId('product-list-empty')).toHaveTextContent('No product matches your search.');
  });

  it('offers to add the first product of an empty project', async () => {
    entryListApi({ '/bff/api/product/all': { body: { result: [], pageInfo: { total: 0, page: 1, size: 10 } } } });
    renderRoute('/acme/entry-list/12');
    const empty = await screen.findByTestId('product-list-empty');
    expect(empty).toHaveTextContent('There are no products here yet.');
    expect(within(empty).getByRole('link', { name: 'Add Products' })).toHaveAttribute('href', '/acme/project/12/add-product');
  });

  it('shows why the list failed and loads it again', async () => {
    let fail = true;
    entryListApi({
      '/bff/api/product/all': (_init, url) => (fail ? { status: 500, body: { code: 'E500001', message: 'boom' } } : listAnswer(url)),
    });
    renderRoute('/acme/entry-list');
    const failure = await screen.findByTestId('product-list-error');
    fail = false;
    await userEvent.setup().click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Trail jacket' })).toBeInTheDocument();
  });

  it('deletes a product after confirmation', async () => {
    const fetchMock = entryListApi({ 'PUT /bff/api/product/bulk': { body: { result: true, count: 1 } } });
    renderRoute('/acme/entry-list');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('product-delete-102'));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'PUT', '/bff/api/product/bulk')).toHaveLength(0);

    await user.click(screen.getByTestId('product-delete-102'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/bff/api/product/bulk')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/bff/api/product/bulk')[0].init?.body))).toEqual({ productIds: [102] });
    expect(await screen.findByText('The product was deleted.')).toBeInTheDocument();
  });

  it('moves the selected products to another project', async () => {
    const fetchMock = entryListApi({ 'PUT /bff/api/product/move/bulk': { body: { result: true, count: 2 } } });
    renderRoute('/acme/entry-list/11');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Select all products on this page'));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('2 selected');
    await user.click(screen.getByRole('button', { name: 'Move selected' }));
    const dialog = await screen.findByTestId('move-dialog');
    // The project the products are in is not offered.
    expect(within(dialog).getAllByRole('option').map((option) => option.textContent)).toEqual(['Outdoor']);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/bff/api/product/move/bulk')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/bff/api/product/move/bulk')[0].init?.body))).toEqual({ productIds: [101, 102], targetProjectId: 12 });
    expect(await screen.findByText('2 products were moved.')).toBeInTheDocument();
  });

  // A refusal the screen handles itself (a 403 would take the console to its forbidden page).
  it("shows the API's refusal of a bulk delete and keeps the products", async () => {
    entryListApi({ 'PUT /bff/api/product/bulk': { status: 409, body: { code: 'E409001', message: 'Conflicts with the current state' } } });
    renderRoute('/acme/entry-list');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('product-select-101'));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Trail jacket' })).toBeInTheDocument();
    expect(screen.getByTestId('selected-count')).toHaveTextContent('1 selected');
  });

  it('lets an admin create a project and opens its list', async () => {
    const fetchMock = entryListApi({ 'POST /bff/api/project': { body: { result: { ...projects[0], project_id: 13, project_name: 'Winter' } } } });
    const { router } = renderRoute('/acme/entry-list');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('project-create'));
    await user.type(await screen.findByLabelText('Project name'), 'Winter');
    await user.click(screen.getByTestId('project-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/entry-list/13'));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/bff/api/project')[0].init?.body))).toMatchObject({ project_name: 'Winter' });
    expect(await screen.findByText('The project was saved.')).toBeInTheDocument();
  });

  it('does not offer a sub-admin to create or delete projects', async () => {
    entryListApi({}, makeSession({ roleId: 3 }));
    renderRoute('/acme/entry-list/11');
    expect(await screen.findByRole('link', { name: 'Trail jacket' })).toBeInTheDocument();
    expect(screen.queryByTestId('project-create')).not.toBeInTheDocument();
    expect(screen.queryByTestId('project-delete')).not.toBeInTheDocument();
    expect(screen.getByTestId('project-edit')).toBeInTheDocument();
  });
});
