import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { makeProductResponse } from '@/testing/fixtures';
import { callsTo, productApi } from '@/testing/product-page';
import { renderRoute } from '@/testing/test-utils';

configure({ asyncUtilTimeout: 5000 });

const trail = () => screen.getByRole('navigation', { name: 'Breadcrumb' });
const crumbs = () => within(trail()).getAllByRole('listitem').map((item) => item.textContent);

describe('breadcrumbs', { timeout: 20_000 }, () => {
  it("show a product page's project and product, each a link, the page last", async () => {
    const fetchMock = productApi({ '/bff/api/product/': { body: makeProductResponse({ product_name: 'Cotton T-shirt', project_id: 12, project_name: 'Outdoor' }) } });
    renderRoute('/acme/product-details/101/new-link');
    expect(await within(await screen.findByRole('navigation', { name: 'Breadcrumb' })).findByRole('link', { name: 'Cotton T-shirt' })).toHaveAttribute('href', '/acme/product-details/101');
    expect(crumbs()).toEqual(['', 'Products', 'Outdoor', 'Cotton T-shirt', 'New link']);
    expect(within(trail()).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/acme/dashboard/main-overview');
    expect(within(trail()).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/acme/entry-list');
    expect(within(trail()).getByRole('link', { name: 'Outdoor' })).toHaveAttribute('href', '/acme/entry-list/12');
    const current = within(trail()).getByText('New link').closest('[aria-current]');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(within(trail()).queryByRole('link', { name: 'New link' })).not.toBeInTheDocument();
    // The page's own read of the product serves the trail too: one call, not two.
    expect(callsTo(fetchMock, 'GET', '/bff/api/product/')).toHaveLength(1);
  });

  it("name the product itself as the current page of its details", async () => {
    productApi({ '/bff/api/product/': { body: makeProductResponse({ product_name: 'Cotton T-shirt' }) } });
    renderRoute('/acme/product-details/101');
    expect(await within(await screen.findByRole('navigation', { name: 'Breadcrumb' })).findByText('Cotton T-shirt')).toBeInTheDocument();
    expect(crumbs()).toEqual(['', 'Products', 'Spring line', 'Cotton T-shirt']);
    expect(within(trail()).getByText('Cotton T-shirt').closest('[aria-current]')).toHaveAttribute('aria-current', 'page');
  });

  it("show a project's list under Products, and no project when adding from the sidebar", async () => {
    productApi({
      '/bff/api/product/all': { body: { result: [], pageInfo: { total: 0, page: 1, size: 10 } } },
      '/bff/plan/check/product': { body: { isLimit: false } },
    });
    const { router } = renderRoute('/acme/entry-list/12');
    expect(await within(await screen.findByRole('navigation', { name: 'Breadcrumb' })).findByText('Outdoor')).toBeInTheDocument();
    expect(crumbs()).toEqual(['', 'Products', 'Outdoor']);

    await router.navigate('/acme/project/11/add-product');
    expect(await within(await screen.findByRole('navigation', { name: 'Breadcrumb' })).findByRole('link', { name: 'Spring line' })).toHaveAttribute('href', '/acme/entry-list/11');
    expect(crumbs()).toEqual(['', 'Products', 'Spring line', 'Add Products']);

    await router.navigate('/acme/project/none/add-product');
    await waitFor(() => expect(crumbs()).toEqual(['', 'Products', 'Add Products']));
    expect(router.state.location.pathname).toBe('/acme/project/none/add-product');
  });

  it('link a grouping crumb to its first page', async () => {
    productApi({ '/bff/api/overview/total-count': { body: { result: { projects: 0, products: 0, dlProducts: 0, dppProducts: 0, nfcProducts: 0 } } } });
    renderRoute('/acme/dashboard/DL-analytics');
    const dashboard = await within(await screen.findByRole('navigation', { name: 'Breadcrumb' })).findByRole('link', { name: 'Dashboard' });
    expect(dashboard).toHaveAttribute('href', '/acme/dashboard/main-overview');
    expect(crumbs()).toEqual(['', 'Dashboard', 'Analytics']);
  });
});
