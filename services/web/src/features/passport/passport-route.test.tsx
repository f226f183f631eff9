import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_DESIGN } from '@product-console/shared';
import { makePlan, makeProductResponse, makeSession, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

/** The console's answers for a manager editing product 101 on the given service. */
function setup(service: 'DL' | 'DPP') {
  return mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/auth/me/company-info': { body: { result: {} } },
    '/bff/api/product/': { body: makeProductResponse() },
    '/bff/api/product/service': { body: { result: { productId: 101, service, services: ['DL', 'DPP'] } } },
    '/bff/api/product/certifications': { body: { result: [] } },
    '/bff/api/product/available-gcps': { body: { result: ['8801234'] } },
    '/bff/api/entry/links/active': { body: { result: [] } },
    'GET /bff/api/product/content': { body: { result: [] } },
    'GET /bff/api/product/languages': { body: { result: [], productDetails: [{ languageCode: 'DEFAULT', productName: 'Trail jacket', description: '', features: '', details: '' }] } },
    'GET /bff/api/product/design': { body: { result: DEFAULT_DESIGN } },
    '/bff/api/service/translation': { body: { result: { available: false, provider: null } } },
    '/bff/api/product/landing-page/preview-links': { body: { result: [] } },
    'GET /bff/api/product/passport': { body: { result: { productId: 101, template: 'battery', draft: null, versions: [] } } },
    'GET /bff/api/product/cert-info': { body: { result: [], certificates: [] } },
    'GET /bff/api/product/passport/access-links': { body: { result: [] } },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the passport step of the edit wizard', () => {
  it('is listed for a DPP product and shows the battery groups and empty states', async () => {
    const user = userEvent.setup();
    setup('DPP');
    const { router } = renderRoute('/acme/product-details/101/edit/basic');
    const steps = await screen.findByRole('navigation', { name: 'Steps' });
    await waitFor(() => expect(within(steps).getAllByRole('button').at(-1)).toHaveTextContent('8. Passport'));
    await user.click(within(steps).getByRole('button', { name: '8. Passport' }));
    expect(router.state.location.pathname).toBe('/acme/product-details/101/edit/passport');
    expect(await screen.findByTestId('passport-step')).toBeInTheDocument();
    expect(screen.getByLabelText('Template')).toHaveValue('battery');
    expect(screen.getByTestId('passport-group-batteryGeneral')).toBeInTheDocument();
    expect(screen.getByTestId('passport-versions-empty')).toBeInTheDocument();
    expect(screen.getByTestId('certificates-empty')).toBeInTheDocument();
    expect(screen.getByTestId('access-links-empty')).toBeInTheDocument();
    expect(screen.getByTestId('product-wizard')).not.toBeVisible();
    // The whole edit wizard with the page editor and the long passport form: slow on a busy machine.
  }, 60_000);

  it('is not offered for a DL product, whose passport address goes back to Basics', async () => {
    setup('DL');
    const { router } = renderRoute('/acme/product-details/101/edit/passport');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/product-details/101/edit/basic'));
    const steps = await screen.findByRole('navigation', { name: 'Steps' });
    expect(within(steps).queryByRole('button', { name: /Passport/ })).toBeNull();
    expect(screen.queryByTestId('passport-step')).toBeNull();
  });
});
