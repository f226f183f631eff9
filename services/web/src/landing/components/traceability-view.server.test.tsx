import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ko from '@/locales/ko.json';
import { landingData, languageHref, viewHref } from './landing-view.fixtures';
import { demoJourney, journeyWithPlaces, journeyWithWithdrawal } from './traceability-view.fixtures';

/* The gateway renders the traceability view with renderToString, where there is no window or document. */
beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('window', undefined);
  vi.stubGlobal('document', undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderOnServer(data: ReturnType<typeof landingData>): Promise<{ html: string; css: string }> {
  expect(typeof window).toBe('undefined');
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
        <IntlProvider locale="ko" defaultLocale="en" messages={landingMessages(ko, 'traceability')}>
          <LandingView
            data={data}
            language="DEFAULT"
            uiLanguage="ko"
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

describe('the traceability view on the server', () => {
  it('renders the whole journey as an ordered list in the HTML, with no script and no inline style', async () => {
    const { html, css } = await renderOnServer(landingData('traceability', { trace: demoJourney() }));
    expect(html).toMatch(/<ol[^>]*aria-label="이력 단계"/);
    expect(html.match(/data-testid="trace-step"/g)).toHaveLength(6);
    expect(html).toContain('<time dateTime="2026-03-09T14:30:00.000+09:00">');
    expect(html).toContain('온도 2.1~5.8\u00a0°C 유지');
    expect(html).toContain('장소: GLN 4012345000009');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('style="');
    // Styles come from the collected sheet (inlined in the page's head by the gateway).
    expect(css).toContain('line-through');
    const headings = [...html.matchAll(/<h([1-6])[^>]*>/g)].map((match) => Number(match[1]));
    expect(headings[0]).toBe(1);
    expect(headings.slice(1).every((level) => level === 2)).toBe(true);
    // The only anchor goes back to the product view, keeping lang and serial.
    expect([...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1])).toEqual(['/acme/product-details/7/preview?lang=ko&amp;serial=SN-1']);
  });

  it("names the brand's places and draws the journey as an SVG map in the HTML, small and without script or inline style", async () => {
    const { html } = await renderOnServer(landingData('traceability', { trace: journeyWithPlaces() }));
    // Places by name, town and country in the UI language; a place the brand does not keep stays a GLN.
    expect(html).toContain('장소: Seoul distribution centre, Seoul, 대한민국');
    expect(html).toContain('장소: Acme factory, Milan, 이탈리아');
    expect(html).not.toContain('GLN 4012345000009');
    const map = /<figure[^>]*data-testid="trace-map"[^>]*>([\s\S]*?)<\/figure>/.exec(html)?.[1] ?? '';
    expect(map).toMatch(/<svg[^>]*role="img"/);
    expect(map).toContain('<title');
    expect(map.match(/data-testid="trace-map-point"/g)).toHaveLength(2);
    // The shop has no coordinates: listed, without a point.
    expect(map).toMatch(/data-located="false"[^>]*>.*Gangnam shop/);
    // Outlines clipped to the journey, whole pixels: the map stays a few kilobytes.
    expect(map.length).toBeGreaterThan(1_000);
    expect(map.length).toBeLessThan(25_000);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('style="');
  });

  it('strikes a withdrawn step through in the markup itself', async () => {
    const { html } = await renderOnServer(landingData('traceability', { trace: journeyWithWithdrawal() }));
    expect(html).toMatch(/<h2><s>검사 완료<\/s><\/h2>/);
    expect(html).toContain('브랜드가 철회함 — 발생하지 않음');
  });
});
