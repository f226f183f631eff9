import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { LandingLink, LandingProductInfo } from '@product-console/shared';
import { mockBff, renderRoute } from '@/testing/test-utils';

const info: LandingProductInfo = {
  productId: 101,
  product_name: 'Trail jacket',
  product_number: 'TJ-01',
  description: 'A light jacket.',
  features: 'Windproof',
  category_id: 1,
  service: 'DL',
  image: ['/files/products/1/a.png'],
  thumbnails: ['/files/products/1/a-thumb.webp'],
  careInfo: { type: 'text', text: 'Wash at 30°C', image: null },
  product_website: '',
  companyName: 'Acme Corp',
  primaryLogo: null,
  serviceName: 'acme',
  company: { description: '', website: '', contactPhone: '', contactHour: '', contactEmail: '', sns: [] },
  entryPath: '/01/08801234000017',
  digitalLink: 'https://id.acme.test/01/08801234000017',
};

const link = (linkId: number, order: number, title: string, extra: Partial<LandingLink> = {}): LandingLink => ({
  linkId,
  linkType: 'gs1:pip',
  title,
  title_eng: title,
  modifiedTitle: [],
  targetUrl: `https://acme.test/${linkId}`,
  lang: null,
  isDefault: false,
  order,
  ...extra,
});

const signedOut = { status: 401, body: { code: 'E401005', message: 'Please sign in to continue.' } };

describe('consumer product view', () => {
  it('shows the product and its links in order to a visitor without a session', async () => {
    const fetchMock = mockBff({
      '/bff/auth/me': signedOut,
      '/bff/public/product/landing-page/preview-productInfo': { body: { result: info } },
      '/bff/public/product/landing-page/preview-links': {
        body: { result: [link(2, 2, 'Brand'), link(1, 1, 'Product Information', { modifiedTitle: [{ languageCode: 'ko', inputData: '제품 정보' }] })] },
      },
    });
    const { router } = renderRoute('/acme/product-details/101/preview');
    expect(await screen.findByRole('heading', { name: 'Trail jacket' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/acme/product-details/101/preview');
    expect(screen.getByText('TJ-01')).toBeInTheDocument();
    expect(screen.getByText('Windproof')).toBeInTheDocument();
    expect(screen.getByText('Wash at 30°C')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Trail jacket, image 1 of 1' })).toHaveAttribute('src', '/bff/public/files/products/1/a.png');
    const links = within(await screen.findByTestId('preview-links')).getAllByRole('link');
    expect(links.map((item) => item.textContent)).toEqual(['Product Information', 'Brand']);
    expect(links[0]).toHaveAttribute('href', 'https://acme.test/1');
    // No console shell and no sign-in call for a visitor.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    const paths = (fetchMock.mock.calls as unknown as [string][]).map(([input]) => new URL(input, 'http://localhost').pathname);
    expect(paths.every((path) => path.startsWith('/bff/public/'))).toBe(true);
  });

  it('says so when the product does not exist', async () => {
    mockBff({
      '/bff/auth/me': signedOut,
      '/bff/public/product/landing-page/preview-productInfo': { status: 404, body: { code: 'E404001', message: 'Not found' } },
      '/bff/public/product/landing-page/preview-links': { status: 404, body: { code: 'E404001', message: 'Not found' } },
    });
    renderRoute('/acme/product-details/999/preview');
    expect(await screen.findByTestId('preview-not-found')).toHaveTextContent('This product could not be found.');
  });

  it('shows the 404 page for preview screens that do not exist yet', async () => {
    mockBff({ '/bff/auth/me': signedOut });
    renderRoute('/acme/product-details/101/preview/nothing');
    expect(await screen.findByRole('heading', { name: "Error 404 - This page doesn't exist!" })).toBeInTheDocument();
  });
});
