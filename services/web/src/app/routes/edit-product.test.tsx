import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeLink, makePlan, makeProductResponse, makeSession, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

describe('edit product', () => {
  it('shows the active links read-only, with the way to manage them on the product page', async () => {
    mockBff({
      '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
      '/bff/api/project/all': { body: { result: projects } },
      '/bff/api/service/plan/info': { body: { result: makePlan() } },
      '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
      '/bff/api/product/': { body: makeProductResponse() },
      '/bff/api/product/service': { body: { result: { productId: 101, service: 'DL', services: ['DL', 'DPP'] } } },
      '/bff/api/product/certifications': { body: { result: [] } },
      '/bff/api/product/available-gcps': { body: { result: ['8801234'] } },
      '/bff/api/entry/links/active': {
        body: { result: [makeLink({ linkId: 3, order: 2, linkType: 'gs1:dpp', title: 'Passport' }), makeLink({ linkId: 1, order: 1 })] },
      },
    });
    renderRoute('/acme/product-details/101/edit/basic');
    const overview = await screen.findByTestId('links-overview');
    expect(await within(overview).findByText('Passport')).toBeInTheDocument();
    const items = within(overview).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.slice(0, 1))).toEqual(['1', '2']);
    expect(within(overview).queryByRole('button')).not.toBeInTheDocument();
    expect(within(overview).getByRole('link', { name: 'Manage links' })).toHaveAttribute('href', '/acme/product-details/101#links');
  });
});
