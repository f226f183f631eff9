import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en.json';
import { landingData, languageHref, viewHref } from './landing-view.fixtures';
import { batteryPassport } from './dpp-view.fixtures';

/* The gateway renders the dpp view with renderToString, where there is no window or document. */
beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('window', undefined);
  vi.stubGlobal('document', undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the dpp view on the server', () => {
  it('renders the passport without a window, the verified mark hidden, headings in order', async () => {
    expect(typeof window).toBe('undefined');
    const [{ renderToString }, { ServerStyleSheet }, { IntlProvider }, { LandingView, landingMessages }] = await Promise.all([
      import('react-dom/server'),
      import('styled-components'),
      import('react-intl'),
      import('./landing-view'),
    ]);
    const sheet = new ServerStyleSheet();
    let html: string;
    try {
      html = renderToString(
        sheet.collectStyles(
          <IntlProvider locale="en" defaultLocale="en" messages={landingMessages(en)}>
            <LandingView
              data={landingData('dpp', { passport: batteryPassport() })}
              language="DEFAULT"
              uiLanguage="en"
              serial={null}
              digitalLink="https://id.acme.example/01/00614142000017"
              viewHref={viewHref}
              languageHref={languageHref}
            />
          </IntlProvider>,
        ),
      );
    } finally {
      sheet.seal();
    }
    expect(html).toContain('data-testid="landing-dpp"');
    expect(html).toMatch(/<p hidden="" data-dpp-verify=""[^>]*data-version="3"[^>]*data-digital-link="https:\/\/id.acme.example\/01\/00614142000017"/);
    expect(html).toContain('Verified by <span data-dpp-issuer="">Acme Footwear S.p.A.</span>');
    expect(html).not.toContain('style="');
    const headings = [...html.matchAll(/<h([1-6])[^>]*>/g)].map((match) => Number(match[1]));
    expect(headings[0]).toBe(1);
    // No heading skips a level.
    headings.forEach((level, index) => {
      if (index > 0) expect(level - (headings[index - 1] ?? 1)).toBeLessThanOrEqual(1);
    });
    expect(html).toContain('<a href="/bff/public/files/passports/7/doc.pdf" download="">EU declaration of conformity</a>');
    expect(html).toContain('Light means of transport');
  });
});
