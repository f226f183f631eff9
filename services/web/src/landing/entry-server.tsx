import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { ServerStyleSheet, createGlobalStyle } from 'styled-components';
import { DEFAULT_LANGUAGE, inputFor, landingViewPath, orderBlocks, previewChannelName, type LandingManifestChunk, type LandingPageData, type LandingPageInput, type LandingProblemInput, type LandingRenderInput, type LandingRenderResult, type LandingViteManifest, type LandingReportInput, type LandingView as LandingViewName } from '@product-console/shared';
import { detailsFor } from '@/landing/components/product-landing';
import { LandingView } from '@/landing/components/landing-view';
import { ReportView } from '@/landing/components/report-view';
import { videoSource } from '@/landing/lib/media';
import { publicFileUrl, reportHref } from '@/landing/lib/urls';
import { languageNameFontFaceRules } from '@/lib/fonts';
import { isUiLanguage, landingMessages } from './messages';
import { LandingProblem } from './not-found';
import { PAGE_STATE_ID, serializePageState, type LandingPageState } from './page-state';

/*
 * The consumer landing, rendered to a whole HTML document by the gateway (decision 042): the same
 * components as the editor's phone frame, the styles they need inlined in the head, the page's
 * state as inert JSON, and one small module script (entry-client.ts) that only enhances the page.
 * Built by Vite in SSR mode into dist-ssr/landing.js with everything bundled (vite.ssr.config.ts).
 */

/** The landing build's manifest (dist/.vite/landing-manifest.json, vite.landing.config.ts). */
export type ViteManifest = LandingViteManifest;
export type ManifestChunk = LandingManifestChunk;
export type { LandingPageInput, LandingProblemInput, LandingRenderInput, LandingRenderResult };

export const CLIENT_ENTRY = 'src/landing/entry-client.ts';
export const DRAFT_ENTRY = 'src/landing/draft.tsx';
const FONT_ENTRIES: Record<string, string> = {
  ja: 'src/landing/fonts-ja.css',
  zh: 'src/landing/fonts-zh.css',
  ko: 'src/landing/fonts-ko.css',
};


const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const HEX = /^#[0-9a-fA-F]{3,8}$/;

const PageBase = createGlobalStyle<{ $bg: string; $fg: string }>`
  html { -webkit-text-size-adjust: 100%; }
  /* Boxes measured as the console's preview measures them: padding inside the size (a grid tile of
     height 100% stays within its row). */
  *, *::before, *::after { box-sizing: border-box; }
  body {
    margin: 0;
    background: ${({ $bg }) => $bg};
    color: ${({ $fg }) => $fg};
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  }
  /* Pages in a CJK language put its faces first (declared only where fonts-*.css is linked), as the views do. */
  html[lang='ko'] body {
    font-family: 'Pretendard Variable', Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', system-ui, sans-serif;
  }
  html[lang='ja'] body {
    font-family: 'Hiragino Sans', 'Yu Gothic', 'Noto Sans JP', system-ui, sans-serif;
  }
  html[lang='zh'] body {
    font-family: 'PingFang SC', 'Microsoft YaHei', 'Noto Sans SC', system-ui, sans-serif;
  }
  img { max-width: 100%; }
  /* The language chips' names in Korean, Chinese and Japanese, for phones without those faces. */
  ${languageNameFontFaceRules()}
  /* The gallery's position dots, added by the enhancement script (entry-client.ts). */
  .landing-dots {
    display: flex;
    justify-content: center;
    gap: 2px;
    padding: 4px 0;
  }
  .landing-dots button {
    box-sizing: content-box;
    width: 8px;
    height: 8px;
    padding: 6px;
    border: 0;
    border-radius: 50%;
    background: color-mix(in srgb, ${({ $fg }) => $fg} 30%, transparent);
    background-clip: content-box;
    cursor: pointer;
  }
  .landing-dots button[aria-current='true'] {
    background-color: ${({ $fg }) => $fg};
  }
`;

function withQuery(path: string, params: Record<string, string | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Paths of the chunks an entry loads before it runs (itself first), and their styles. */
function entryFiles(manifest: ViteManifest, key: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.push(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts, styles };
}

/** The font stylesheets the page's languages need: CJK faces for ja, zh and ko only; system faces otherwise. */
export function fontStylesheets(manifest: ViteManifest, languages: readonly string[]): string[] {
  const files = new Set<string>();
  for (const code of languages) {
    const key = FONT_ENTRIES[code];
    const chunk = key ? manifest[key] : undefined;
    if (!chunk) continue;
    for (const css of chunk.file.endsWith('.css') ? [chunk.file] : (chunk.css ?? [])) files.add(`/${css}`);
  }
  return [...files];
}

/** The players of the page's YouTube and Vimeo blocks, in the order the page draws their facades. */
function embedUrls(data: LandingPageData, language: string): string[] {
  if (data.view !== 'index') return [];
  return orderBlocks(data.content.contents)
    .filter((block) => block.type === 'video')
    .map((block) => videoSource(inputFor(block.inputs, language)))
    .flatMap((source) => (source && source.kind !== 'file' ? [source.embedUrl] : []));
}

/** The tab's icon: the company's logo on its product's pages, the product's own icon elsewhere (never a 404). */
const iconLink = (logoPath: string | null | undefined) =>
  logoPath ? `<link rel="icon" href="${escapeHtml(publicFileUrl(logoPath))}">` : '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';

function documentHtml(parts: { lang: string; head: string; body: string; logo?: string | null }): string {
  return `<!doctype html><html lang="${escapeHtml(parts.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${iconLink(parts.logo)}${parts.head}</head><body>${parts.body}</body></html>`;
}

function render(element: ReactElement): { markup: string; styles: string } {
  const sheet = new ServerStyleSheet();
  try {
    const markup = renderToString(sheet.collectStyles(element));
    return { markup, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

function renderProblem(input: LandingProblemInput): LandingRenderResult {
  const messages = landingMessages(input.uiLanguage);
  const locale = isUiLanguage(input.uiLanguage) ? input.uiLanguage : 'en';
  const { markup, styles } = render(
    <IntlProvider locale={locale} defaultLocale="en" messages={messages}>
      <PageBase $bg="#ffffff" $fg="#1f2328" />
      <LandingProblem kind={input.kind} retryHref={input.retryHref} />
    </IntlProvider>,
  );
  const title = messages[`landing.${input.kind}.title`] ?? '';
  // No script on these pages: the faces of a CJK UI language are linked directly.
  const fonts = input.manifest ? fontStylesheets(input.manifest, [locale]) : [];
  const head = `<title>${escapeHtml(title)}</title><meta name="robots" content="noindex"><meta name="theme-color" content="#ffffff">${fonts
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('')}${styles}`;
  return { status: input.kind === 'notFound' ? 404 : 503, html: documentHtml({ lang: locale, head, body: markup }) };
}

function renderPage(input: LandingPageInput): LandingRenderResult {
  const { data, language, uiLanguage, serial, origin, basePath, manifest } = input;
  const messages = landingMessages(uiLanguage, data.view);
  const design = data.design;
  const bg = HEX.test(design.page.background) ? design.page.background : '#ffffff';
  const fg = HEX.test(design.page.textColor) ? design.page.textColor : '#111111';
  const langParam = input.langInUrl && language !== DEFAULT_LANGUAGE ? language : null;
  const viewHref = (view: LandingViewName) => withQuery(`${basePath}${landingViewPath(view)}`, { lang: langParam, serial });
  const ownPath = `${basePath}${landingViewPath(data.view)}`;
  const languageHref = (code: string) => withQuery(ownPath, { lang: code === DEFAULT_LANGUAGE ? DEFAULT_LANGUAGE : code, serial });
  // The views add the scanned `/21/{serial}` themselves.
  const digitalLink = data.product.digitalLink;

  const page = (
    <LandingView
      data={data}
      language={language}
      uiLanguage={uiLanguage}
      serial={serial}
      digitalLink={digitalLink}
      languageHref={languageHref}
      viewHref={viewHref}
    />
  );
  const { markup, styles } = render(
    <IntlProvider locale={uiLanguage} defaultLocale="en" messages={messages}>
      <PageBase $bg={bg} $fg={fg} />
      <div id="landing-root">{page}</div>
    </IntlProvider>,
  );

  const name = detailsFor(data.product, data.content.productDetails, language).productName || data.product.product_name;
  const company = data.product.companyName;
  const title = company ? `${name} – ${company}` : name;
  const description = (detailsFor(data.product, data.content.productDetails, language).description || name).slice(0, 200);
  const image = data.product.thumbnails[0] ?? data.product.image[0];
  const imageUrl = image ? new URL(publicFileUrl(image), origin).href : null;
  const pageUrl = new URL(withQuery(ownPath, { lang: langParam, serial }), origin).href;
  const readingLanguage = language === DEFAULT_LANGUAGE ? design.defaultLang : language;
  const fonts = fontStylesheets(manifest, [...new Set([readingLanguage, uiLanguage])]);
  const client = entryFiles(manifest, CLIENT_ENTRY);
  const [script, ...preloads] = client.scripts;

  const state: LandingPageState = {
    productId: data.product.productId,
    view: data.view,
    language,
    uiLanguage,
    serial,
    digitalLink,
    basePath,
    ...(input.editor ? { data, messages } : {}),
    fonts,
    draftScript: input.editor && manifest[DRAFT_ENTRY] ? `/${manifest[DRAFT_ENTRY].file}` : null,
    channel: previewChannelName(data.product.productId),
    videos: embedUrls(data, language),
  };

  const meta = (property: string, content: string, attribute = 'property') =>
    `<meta ${attribute}="${property}" content="${escapeHtml(content)}">`;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    meta('description', description, 'name'),
    meta('theme-color', bg, 'name'),
    meta('og:type', 'product'),
    meta('og:title', title),
    meta('og:description', description),
    meta('og:url', pageUrl),
    ...(imageUrl ? [meta('og:image', imageUrl), meta('og:image:alt', name)] : []),
    meta('twitter:card', imageUrl ? 'summary_large_image' : 'summary', 'name'),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
    ...client.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    styles,
    script ? `<script type="module" src="${escapeHtml(script)}"></script>` : '',
  ].join('');
  const body = `${markup}<script type="application/json" id="${PAGE_STATE_ID}">${serializePageState(state)}</script>`;
  return { status: 200, html: documentHtml({ lang: uiLanguage, head, body, logo: data.product.primaryLogo }) };
}

/**
 * The report page of a product (decision 071): the product's design, the form, no script (it works
 * without one); never indexed. With automatic translation the page's words are English, as the views'.
 */
export function renderReportPage(input: LandingReportInput): LandingRenderResult {
  const { data, language, serial, basePath, report } = input;
  const uiLanguage = data.design.isAutoTrans ? 'en' : input.uiLanguage;
  const messages = landingMessages(uiLanguage);
  const design = data.design;
  const bg = HEX.test(design.page.background) ? design.page.background : '#ffffff';
  const fg = HEX.test(design.page.textColor) ? design.page.textColor : '#111111';
  const langParam = input.langInUrl && language !== DEFAULT_LANGUAGE ? language : null;
  const action = withQuery(reportHref(basePath, null), { lang: langParam });
  const backHref = withQuery(`${basePath}${landingViewPath(serial ? 'verification' : 'index')}`, { lang: langParam, serial });
  const { markup, styles } = render(
    <IntlProvider locale={uiLanguage} defaultLocale="en" messages={messages}>
      <PageBase $bg={bg} $fg={fg} />
      <ReportView
        product={data.product}
        content={data.content}
        design={design}
        language={language}
        serial={serial}
        action={action}
        backHref={backHref}
        uiLanguage={uiLanguage}
        report={report}
      />
    </IntlProvider>,
  );
  const name = detailsFor(data.product, data.content.productDetails, language).productName || data.product.product_name;
  const title = `${messages['landing.report.title'] ?? ''} – ${name}`;
  const readingLanguage = language === DEFAULT_LANGUAGE ? design.defaultLang : language;
  const fonts = fontStylesheets(input.manifest, [...new Set([readingLanguage, uiLanguage])]);
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    '<meta name="robots" content="noindex">',
    `<meta name="theme-color" content="${escapeHtml(bg)}">`,
    ...fonts.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    styles,
  ].join('');
  return { status: 200, html: documentHtml({ lang: uiLanguage, head, body: markup, logo: data.product.primaryLogo }) };
}

/** The whole HTML document of a landing view, or of its 404 / 503 page. */
export function renderLandingPage(input: LandingRenderInput): LandingRenderResult {
  return input.kind === 'page' ? renderPage(input) : renderProblem(input);
}
