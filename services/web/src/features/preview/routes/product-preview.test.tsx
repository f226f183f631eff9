import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_DESIGN,
  DEFAULT_TEXT_STYLE,
  TEMPLATE_DEFAULTS,
  previewChannelName,
  type ContentBlock,
  type LandingContent,
  type LandingLink,
  type LandingProductInfo,
  type PreviewDraftMessage,
} from '@product-console/shared';
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

  it("says so when the address names another company than the product's", async () => {
    mockBff({
      '/bff/auth/me': signedOut,
      '/bff/public/product/landing-page/preview-productInfo': { body: { result: info } },
      '/bff/public/product/landing-page/preview-links': { body: { result: [link(1, 1, 'Product Information')] } },
    });
    renderRoute('/nordic/product-details/101/preview');
    expect(await screen.findByTestId('preview-not-found')).toHaveTextContent('This product could not be found.');
    expect(screen.queryByText('Trail jacket')).toBeNull();
  });

  it('shows the 404 page for preview screens that do not exist yet', async () => {
    mockBff({ '/bff/auth/me': signedOut });
    renderRoute('/acme/product-details/101/preview/nothing');
    expect(await screen.findByRole('heading', { name: "Error 404 - This page doesn't exist!" })).toBeInTheDocument();
  });

  it('reads the content and the design, and keeps the chosen language in the URL', async () => {
    mockBff(pageRoutes());
    const { router } = renderRoute('/acme/product-details/101/preview?lang=ko');
    expect(await screen.findByRole('heading', { level: 1, name: '트레일 재킷' })).toBeInTheDocument();
    expect(screen.getByText('안녕하세요')).toBeInTheDocument();
    expect(screen.getByTestId('product-landing')).toHaveAttribute('data-template', 'basic_black_v1');
    expect(document.title).toBe('트레일 재킷');
    const chips = within(screen.getByRole('group', { name: 'Language' })).getAllByRole('button');
    fireEvent.click(chips[0]!);
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    fireEvent.click(chips[1]!);
    await waitFor(() => expect(router.state.location.search).toBe('?lang=ko'));
    expect(screen.getByText('안녕하세요')).toBeInTheDocument();
  });

  it("opens in the first of the browser's languages the product has, else in DEFAULT", async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'ko-KR', 'en']);
    mockBff(pageRoutes());
    renderRoute('/acme/product-details/101/preview');
    expect(await screen.findByText('안녕하세요')).toBeInTheDocument();
  });

  it('falls back to DEFAULT for a language the product no longer has', async () => {
    mockBff(pageRoutes());
    renderRoute('/acme/product-details/101/preview?lang=ja');
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Language' })).getAllByRole('button')[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it("asks for the texts in the browser's language when automatic translation is on", async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['ja-JP', 'en']);
    const fetchMock = mockBff(pageRoutes({ design: { ...DEFAULT_DESIGN, isAutoTrans: true } }));
    renderRoute('/acme/product-details/101/preview');
    expect(await screen.findByTestId('preview-auto-translation')).toHaveTextContent('Automatic Translation');
    expect(screen.queryByRole('group', { name: 'Language' })).not.toBeInTheDocument();
    const asked = requests(fetchMock).filter((url) => /preview-(contents|links)/.test(url.pathname));
    expect(asked.map((url) => url.searchParams.get('lang'))).toEqual(['ja', 'ja']);
  });

  it("shows the editor's draft from the preview channel until it is cleared, and ignores anything else", async () => {
    const fetchMock = mockBff(pageRoutes());
    const editor = new BroadcastChannel(previewChannelName(101));
    const received: unknown[] = [];
    editor.onmessage = (event: MessageEvent) => received.push(event.data);
    try {
      renderRoute('/acme/product-details/101/preview');
      expect(await screen.findByText('Hello')).toBeInTheDocument();
      // The tab asks for the current draft as it opens.
      await waitFor(() => expect(received).toContainEqual({ type: 'hello', productId: 101 }));
      expect(screen.queryByTestId('preview-draft-banner')).not.toBeInTheDocument();

      editor.postMessage(draftMessage('Draft words'));
      expect(await screen.findByText('Draft words')).toBeInTheDocument();
      expect(screen.getByTestId('preview-draft-banner')).toHaveTextContent('Unpublished preview');
      // The draft's design is shown, not the published one.
      expect(screen.getByTestId('product-landing')).toHaveAttribute('data-template', 'basic_white_v1');
      expect(screen.queryByText('Hello')).not.toBeInTheDocument();

      const contentReads = () => requests(fetchMock).filter((url) => url.pathname.endsWith('/preview-contents')).length;
      const readsBefore = contentReads();
      // Malformed messages, another product's and a clear without a product: none of them changes the page.
      editor.postMessage({ type: 'clear' });
      editor.postMessage({ type: 'clear', productId: 102 });
      editor.postMessage('clear');
      editor.postMessage({ ...draftMessage('Broken'), draft: { contents: [] } });
      editor.postMessage({ ...draftMessage('Other product'), productId: 102 });
      editor.postMessage({ type: 'draft', productId: 101, sentAt: 1, draft: null });
      editor.postMessage(draftMessage('Second draft'));
      expect(await screen.findByText('Second draft')).toBeInTheDocument();
      expect(screen.queryByText('Broken')).not.toBeInTheDocument();
      expect(screen.queryByText('Other product')).not.toBeInTheDocument();
      expect(contentReads()).toBe(readsBefore);

      editor.postMessage({ type: 'clear', productId: 101 });
      expect(await screen.findByText('Hello')).toBeInTheDocument();
      expect(screen.queryByTestId('preview-draft-banner')).not.toBeInTheDocument();
      expect(screen.queryByText('Second draft')).not.toBeInTheDocument();
      // The published page is read again.
      await waitFor(() => expect(contentReads()).toBeGreaterThan(readsBefore));
    } finally {
      editor.close();
    }
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function requests(fetchMock: ReturnType<typeof mockBff>): URL[] {
  return (fetchMock.mock.calls as unknown as [string][]).map(([input]) => new URL(input, 'http://localhost'));
}

const textBlock = (id: number, inputs: Record<string, string>): ContentBlock => ({
  content_id: id,
  type: 'text',
  order: id,
  inputs: Object.entries(inputs).map(([languageCode, inputData]) => ({ languageCode, inputData })),
  style: DEFAULT_TEXT_STYLE,
  label: '',
});

const published: LandingContent = {
  contents: [textBlock(1, { DEFAULT: 'Hello', ko: '안녕하세요' })],
  languages: ['ko'],
  productDetails: [
    { languageCode: 'DEFAULT', productName: 'Trail jacket', description: 'A light jacket.', features: 'Windproof', details: '' },
    { languageCode: 'ko', productName: '트레일 재킷', description: '가벼운 재킷.', features: '방풍', details: '' },
  ],
  translatedTo: null,
};

function pageRoutes({ design = { ...DEFAULT_DESIGN, ...TEMPLATE_DEFAULTS.basic_black_v1 } } = {}) {
  return {
    '/bff/auth/me': signedOut,
    '/bff/public/product/landing-page/preview-productInfo': { body: { result: info } },
    '/bff/public/product/landing-page/preview-links': { body: { result: [link(1, 1, 'Product Information')] } },
    '/bff/public/product/landing-page/preview-contents': { body: { result: published } },
    '/bff/public/product/landing-page/design': { body: { result: design } },
  };
}

function draftMessage(words: string): PreviewDraftMessage {
  return {
    type: 'draft',
    productId: 101,
    sentAt: Date.now(),
    draft: {
      contents: [textBlock(7, { DEFAULT: words })],
      design: DEFAULT_DESIGN,
      languages: [],
      productDetails: [{ languageCode: 'DEFAULT', productName: 'Trail jacket', description: '', features: '', details: '' }],
    },
  };
}
