import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TEXT_STYLE, LANDING_VIEWS, type LandingView as LandingViewName } from '@product-console/shared';
import en from '@/locales/en.json';
import { landingData, languageHref, viewHref } from './landing-view.fixtures';

/*
 * The gateway renders the landing with renderToString, where there is no window or document. These tests
 * take both away and load the views afresh (so styled-components and DOMPurify see a server too).
 */
beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('window', undefined);
  vi.stubGlobal('document', undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderOnServer(view: LandingViewName, overrides: Parameters<typeof landingData>[1] = {}) {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
  const [{ renderToString }, { ServerStyleSheet }, { IntlProvider }, { LandingView, landingMessages }] = await Promise.all([
    import('react-dom/server'),
    import('styled-components'),
    import('react-intl'),
    import('./landing-view'),
  ]);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <IntlProvider locale="en" defaultLocale="en" messages={landingMessages(en)}>
          <LandingView
            data={landingData(view, overrides)}
            language="DEFAULT"
            uiLanguage="en"
            serial="SN-1"
            digitalLink="https://id.acme.example/01/00614142000017"
            viewHref={viewHref}
            languageHref={languageHref}
          />
        </IntlProvider>,
      ),
    );
    return { html, css: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

describe('LandingView on the server (renderToString, no window)', () => {
  it('index: the product, chips as anchors, responsive images, the links to its views and an HTML block', async () => {
    const data = landingData('index');
    const { html, css } = await renderOnServer('index', {
      content: { ...data.content, contents: [{ content_id: 1, type: 'html', order: 1, inputs: [{ languageCode: 'DEFAULT', inputData: '<p>Cared for</p>' }], style: DEFAULT_TEXT_STYLE, label: '' }] },
    });
    expect(html).toContain('<h1');
    expect(html).toContain('Trail jacket');
    expect(html).toContain('href="/acme/product-details/7/preview?lang=ko&amp;serial=SN-1"');
    expect(html).toContain('srcSet="/bff/public/files/products/7/a.thumb.webp 320w, /bff/public/files/products/7/a.png 800w"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('href="/acme/product-details/7/preview/verification?lang=ko&amp;serial=SN-1"');
    expect(html).toContain('<p>Cared for</p>');
    expect(html).toContain('https://id.acme.example/01/00614142000017/21/SN-1');
    expect(css).toContain('max-width:400px');
  });

  it('homepage: the company and its contacts as plain anchors', async () => {
    const { html } = await renderOnServer('homepage');
    expect(html).toContain('Acme Outdoor');
    expect(html).toContain('href="tel:+15550100"');
    expect(html).toContain('href="mailto:hello@acme.example"');
    expect(html).toContain('href="https://instagram.com/acme.example"');
  });

  it('verification: the Genuine badge for a proven tap only; registered, warning and not genuine otherwise', async () => {
    const base = { serial: 'SN-1', checkedAt: '2026-11-24T06:00:00.000Z', warnings: [], reason: null, history: null, tapCounter: null, country: null };
    const genuine = await renderOnServer('verification', { verification: { ...base, status: 'genuine', tapCounter: 4 } });
    expect(genuine.html).toContain('Genuine product');
    const registered = await renderOnServer('verification', { verification: { ...base, status: 'registered' } });
    expect(registered.html).toContain('Registered item');
    expect(registered.html).toContain('You are the first to check this item.');
    expect(registered.html).not.toContain('Genuine product');
    const warning = await renderOnServer('verification', { verification: { ...base, status: 'warning', warnings: ['outsideMarket'], country: 'JP' } });
    expect(warning.html).toContain('This product is not sold in Japan');
    const notGenuine = await renderOnServer('verification', { verification: { ...base, status: 'notGenuine', reason: 'tapReplayed' } });
    expect(notGenuine.html).toContain('This tap was already used');
    expect(notGenuine.html).not.toContain('Genuine product');
  });

  it('smartLabel: the label information', async () => {
    const { html } = await renderOnServer('smartLabel');
    expect(html).toContain('Recycled nylon shell');
    expect(html).toContain('alt="Colour: Red"');
    expect(html).toContain('bluesign');
  });

  it.each(['dpp', 'traceability'] as const)('%s: nothing published yet', async (view) => {
    const { html } = await renderOnServer(view);
    expect(html).toContain('Nothing has been published yet');
    expect(html).toContain('Back to the product');
  });

  it('renders every view', async () => {
    for (const view of LANDING_VIEWS) expect((await renderOnServer(view)).html).toContain(`data-testid="${view === 'index' ? 'product-landing' : 'landing-view'}"`);
  });
});
