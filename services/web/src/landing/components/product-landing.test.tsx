import { useState, type ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import {
  DEFAULT_DESIGN,
  DEFAULT_TEXT_STYLE,
  TEMPLATE_DEFAULTS,
  type ContentBlock,
  type Design,
  type LandingContent,
  type LandingLink,
  type LandingProductInfo,
  type TextStyle,
} from '@product-console/shared';
import { renderWithProviders } from '@/testing/test-utils';
import en from '@/locales/en.json';
import ko from '@/locales/ko.json';
import { ProductLanding, type ProductLandingProps } from './product-landing';
import { applyStyleRules } from '@/testing/style-rules';

// These tests look at what the style rules do.
applyStyleRules();

const product: LandingProductInfo = {
  productId: 101,
  product_name: 'Trail jacket',
  product_number: 'TJ-01',
  description: 'A light jacket.',
  features: '',
  category_id: 2,
  service: 'DL',
  image: ['/files/products/1/a.png'],
  thumbnails: [],
  careInfo: { type: 'text', text: '', image: null },
  product_website: '',
  companyName: 'Acme Corp',
  primaryLogo: null,
  serviceName: 'acme',
  company: { description: '', website: '', contactPhone: '', contactHour: '', contactEmail: '', sns: [] },
  entryPath: '/01/08801234000017',
  digitalLink: 'https://id.acme.test/01/08801234000017',
};

let nextId = 1;
function block(type: ContentBlock['type'], inputs: Record<string, string>, extra: { style?: Partial<TextStyle>; label?: string } = {}): ContentBlock {
  const id = nextId++;
  return {
    content_id: id,
    type,
    order: id,
    inputs: Object.entries(inputs).map(([languageCode, inputData]) => ({ languageCode, inputData })),
    style: { ...DEFAULT_TEXT_STYLE, ...extra.style },
    label: extra.label ?? '',
  };
}

const link = (linkId: number, linkType: string, title: string): LandingLink => ({
  linkId,
  linkType,
  title,
  title_eng: title,
  modifiedTitle: [{ languageCode: 'ko', inputData: `${title} (ko)` }],
  targetUrl: `https://acme.test/${linkId}`,
  lang: null,
  isDefault: false,
  order: linkId,
});

const content = (contents: ContentBlock[], languages: string[] = []): LandingContent => ({
  contents,
  languages,
  productDetails: [
    { languageCode: 'DEFAULT', productName: 'Trail jacket', description: 'A light jacket.', features: '', details: '' },
    { languageCode: 'ko', productName: '트레일 재킷', description: '가벼운 재킷.', features: '', details: '' },
  ],
  translatedTo: null,
});

function renderLanding(props: Partial<ProductLandingProps> = {}) {
  const onLanguageChange = vi.fn();
  const view = renderWithProviders(
    <ProductLanding
      product={product}
      links={[]}
      content={content([])}
      design={DEFAULT_DESIGN}
      language="DEFAULT"
      onLanguageChange={onLanguageChange}
      {...props}
    />,
  );
  return { ...view, onLanguageChange };
}

/** A page whose chips really switch its language, as the preview route does. */
function Switching(props: { content: LandingContent; design?: Design; links?: LandingLink[] }) {
  const [language, setLanguage] = useState('DEFAULT');
  return (
    <ProductLanding
      product={product}
      links={props.links ?? []}
      content={props.content}
      design={props.design ?? DEFAULT_DESIGN}
      language={language}
      onLanguageChange={setLanguage}
    />
  );
}

const blockTypes = () => Array.from(document.querySelectorAll('[data-block-type]')).map((node) => node.getAttribute('data-block-type'));

describe('ProductLanding', () => {
  it('shows the blocks in their order with the footer last, whatever its place in the list', () => {
    renderLanding({
      content: content([
        block('title', { DEFAULT: 'Made to last' }, { style: { isTitle: true } }),
        block('footer', { DEFAULT: '© Acme 2026' }),
        block('text', { DEFAULT: 'Recycled nylon.' }),
        block('image', { DEFAULT: '/files/content/1/photo.webp' }, { label: 'The jacket on a trail' }),
        block('link', { DEFAULT: 'https://acme.test/care' }, { label: 'Care guide' }),
      ]),
    });
    expect(blockTypes()).toEqual(['title', 'text', 'image', 'link', 'footer']);
    expect(screen.getByRole('heading', { level: 2, name: 'Made to last' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Trail jacket' })).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'The jacket on a trail' });
    expect(image).toHaveAttribute('src', '/bff/public/files/content/1/photo.webp');
    expect(image).toHaveAttribute('loading', 'lazy');
    const footer = screen.getByTestId('preview-footer');
    expect(footer).toHaveTextContent('© Acme 2026');
    // Nothing of the page comes after the footer.
    expect(footer.nextElementSibling).toBeNull();
    expect(screen.queryByTestId('preview-empty')).not.toBeInTheDocument();
  });

  it('applies a text block style and the page colours of the design', () => {
    renderLanding({
      design: { ...DEFAULT_DESIGN, page: { background: '#102030', textColor: '#fafafa' } },
      content: content([
        block(
          'text',
          { DEFAULT: 'Styled words' },
          {
            style: {
              align: 'center',
              fontSize: 'large',
              fontWeight: 'bold',
              fontStyle: 'italic',
              textDecoration: 'underline',
              color: '#ff0000',
              backgroundColor: '#00ff00',
            },
          },
        ),
        block('text', { DEFAULT: 'Plain words' }),
      ]),
    });
    expect(screen.getByText('Styled words')).toHaveStyle({
      textAlign: 'center',
      fontSize: '20px',
      fontWeight: '700',
      fontStyle: 'italic',
      textDecoration: 'underline',
      color: 'rgb(255, 0, 0)',
      backgroundColor: 'rgb(0, 255, 0)',
    });
    expect(screen.getByText('Plain words')).toHaveStyle({ textAlign: 'left', fontSize: '16px', fontWeight: '400', fontStyle: 'normal' });
    expect(screen.getByTestId('product-landing')).toHaveStyle({ backgroundColor: 'rgb(16, 32, 48)', color: 'rgb(250, 250, 250)' });
  });

  it('cleans HTML blocks: no script, no event handler, no javascript: link, no author style', () => {
    renderLanding({
      content: content([
        block('html', {
          DEFAULT:
            '<p>Hello <strong>world</strong></p><script>window.hacked = true</script><img src="/x.png" onerror="window.hacked = true" alt="x"><a href="javascript:alert(1)">bad</a><a href="https://acme.test">good</a><span data-block-type="footer" style="position: fixed; inset: 0">cover</span>',
        }),
      ]),
    });
    const html = screen.getAllByTestId('preview-block')[0]!;
    expect(within(html).getByText('world').tagName).toBe('STRONG');
    expect(html.querySelector('script')).toBeNull();
    expect(html.querySelector('img')).not.toHaveAttribute('onerror');
    expect(within(html).getByText('bad')).not.toHaveAttribute('href');
    expect(within(html).getByText('good')).toHaveAttribute('href', 'https://acme.test');
    // A brand's link leaves in a new tab without the opener.
    expect(within(html).getByText('good')).toHaveAttribute('target', '_blank');
    expect(within(html).getByText('good')).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    // No author styles (a page-covering overlay) and no data- attributes that pose as the page's own.
    expect(within(html).getByText('cover')).not.toHaveAttribute('style');
    expect(within(html).getByText('cover')).not.toHaveAttribute('data-block-type');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('loads no video player until the viewer presses play, then the privacy-friendly one', () => {
    renderLanding({
      content: content([
        block('video', { DEFAULT: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, { label: 'How it is made' }),
        block('video', { DEFAULT: 'https://vimeo.com/76979871' }),
        block('video', { DEFAULT: '/files/content/1/clip.mp4' }, { label: 'Clip' }),
      ]),
    });
    expect(document.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play video: How it is made' }));
    const youtube = screen.getByTitle('How it is made');
    expect(youtube.tagName).toBe('IFRAME');
    expect(youtube.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play video' }));
    const vimeo = document.querySelectorAll('iframe')[1]!;
    expect(vimeo.getAttribute('src')).toMatch(/^https:\/\/player\.vimeo\.com\/video\/76979871\?dnt=1/);
    const file = document.querySelector('video')!;
    expect(file).toHaveAttribute('preload', 'none');
    expect(file).toHaveAttribute('src', '/bff/public/files/content/1/clip.mp4');
    expect(file).toHaveAttribute('controls');
  });

  it('shows link blocks as buttons to http(s) addresses only, in a new tab without the opener', () => {
    renderLanding({
      content: content([
        block('link', { DEFAULT: 'https://acme.test/care' }, { label: 'Care guide' }),
        block('link', { DEFAULT: 'javascript:alert(1)' }, { label: 'Evil' }),
        block('link', { DEFAULT: 'https://shop.acme.test/buy' }),
      ]),
    });
    const care = screen.getByRole('link', { name: /Care guide/ });
    expect(care).toHaveAttribute('href', 'https://acme.test/care');
    expect(care).toHaveAttribute('target', '_blank');
    expect(care).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: /shop\.acme\.test/ })).toHaveAttribute('href', 'https://shop.acme.test/buy');
    expect(screen.queryByRole('link', { name: /Evil/ })).not.toBeInTheDocument();
  });

  it('switches the texts with the language chips; DEFAULT is named in the design language', () => {
    renderWithProviders(
      <Switching
        content={content([block('text', { DEFAULT: 'Hello', ko: '안녕하세요' }), block('footer', { DEFAULT: 'Footer', ko: '' })], ['ko'])}
        links={[link(1, 'gs1:pip', 'Product Information')]}
      />,
    );
    const chips = within(screen.getByRole('group', { name: 'Language' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['English', '한국어']);
    expect(chips[0]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Hello')).toBeInTheDocument();
    fireEvent.click(chips[1]!);
    expect(chips[1]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('안녕하세요')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '트레일 재킷' })).toBeInTheDocument();
    expect(screen.getByText('가벼운 재킷.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Product Information (ko)' })).toBeInTheDocument();
    // An empty input in the language falls back to DEFAULT's text.
    expect(screen.getByTestId('preview-footer')).toHaveTextContent('Footer');
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  it('falls back to DEFAULT when the chosen language was removed', () => {
    renderLanding({
      language: 'ja',
      design: { ...DEFAULT_DESIGN, defaultLang: 'ko' },
      content: content([block('text', { DEFAULT: '기본 문장', ko: 'unused' })], ['ko']),
    });
    const chips = within(screen.getByRole('group', { name: 'Language' })).getAllByRole('button');
    // DEFAULT is written in Korean here, so it is named 한국어 too; it is the pressed one.
    expect(chips[0]).toHaveTextContent('한국어');
    expect(chips[0]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('기본 문장')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Trail jacket' })).toBeInTheDocument();
  });

  it('shows the automatic translation chip instead of the language chips, in English whatever the console language', () => {
    // The page draws nothing of the console's theme: a bare IntlProvider in Korean is all it needs.
    const korean = (ui: ReactElement) => (
      <IntlProvider locale="ko" messages={{ ...en, ...ko }}>
        {ui}
      </IntlProvider>
    );
    const { rerender } = render(
      korean(
        <ProductLanding
          product={product}
          links={[]}
          content={content([block('text', { DEFAULT: 'Hello', ko: '안녕' })], ['ko'])}
          design={DEFAULT_DESIGN}
          language="DEFAULT"
          onLanguageChange={() => undefined}
          draft
        />,
      ),
    );
    expect(screen.getByRole('group', { name: '언어' })).toBeInTheDocument();
    expect(screen.getByTestId('preview-draft-banner')).toHaveTextContent('게시되지 않은 미리보기');
    rerender(
      korean(
      <ProductLanding
        product={product}
        links={[]}
        content={{ ...content([block('text', { DEFAULT: 'Hallo' })], ['ko']), translatedTo: 'de' }}
        design={{ ...DEFAULT_DESIGN, isAutoTrans: true }}
        language="de"
        onLanguageChange={() => undefined}
        draft
      />,
      ),
    );
    expect(screen.getByTestId('preview-auto-translation')).toHaveTextContent('Automatic Translation');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByTestId('preview-draft-banner')).toHaveTextContent('Unpublished preview');
    expect(screen.getByText('Hallo')).toBeInTheDocument();
    // The texts are marked as German, the page's own words as English.
    expect(screen.getByTestId('product-preview')).toHaveAttribute('lang', 'de');
    expect(screen.getByTestId('preview-auto-translation')).toHaveAttribute('lang', 'en');
    rerender(
      korean(
        <ProductLanding
          product={product}
          links={[]}
          content={content([block('text', { DEFAULT: 'Hello' })], ['ko'])}
          design={{ ...DEFAULT_DESIGN, isAutoTrans: true }}
          language="de"
          onLanguageChange={() => undefined}
        />,
      ),
    );
    // No translation came back: the texts are DEFAULT's, in the design's language.
    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(screen.getByTestId('product-preview')).toHaveAttribute('lang', 'en');
  });

  it('lays the link buttons out in a row list or a grid, with icons only when the design shows them', () => {
    const links = [link(1, 'gs1:dpp', 'Passport'), link(2, 'gs1:homepage', 'Brand'), link(3, 'gs1:pip', 'Info')];
    const { rerender } = renderLanding({ links });
    const list = screen.getByTestId('preview-links');
    expect(list).toHaveStyle({ gridTemplateColumns: 'minmax(0, 1fr)' });
    expect(screen.queryAllByTestId('preview-link-icon')).toHaveLength(0);
    expect(within(list).getAllByRole('link').map((item) => item.textContent)).toEqual(['Passport', 'Brand', 'Info']);
    const black: Design = { ...DEFAULT_DESIGN, ...TEMPLATE_DEFAULTS.basic_black_v1 };
    rerender(
      <ProductLanding product={product} links={links} content={content([])} design={black} language="DEFAULT" onLanguageChange={() => undefined} />,
    );
    expect(screen.getByTestId('preview-links')).toHaveStyle({ gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' });
    expect(screen.getAllByTestId('preview-link-icon')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Passport' })).toHaveStyle({ backgroundColor: 'rgb(255, 255, 255)', color: 'rgb(0, 0, 0)' });
  });

  it('puts the logo in a top bar for the header layout and on a line below the images for the horizon layout', () => {
    const { rerender } = renderLanding({ design: { ...DEFAULT_DESIGN, layoutStyle: 'header' } });
    const gallery = screen.getByRole('list', { name: 'Product images' });
    const bar = screen.getByTestId('preview-logo-bar');
    // The editor's "Logo Here", never changed, is never shown: the company's name (or logo) is.
    expect(bar).toHaveTextContent('Acme Corp');
    expect(bar).not.toHaveTextContent('Logo Here');
    expect(bar.compareDocumentPosition(gallery) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByTestId('preview-logo-horizon')).not.toBeInTheDocument();
    rerender(
      <ProductLanding
        product={product}
        links={[]}
        content={content([])}
        design={{ ...DEFAULT_DESIGN, layoutStyle: 'horizon', logo: { logoType: 'image', logoText: 'Acme', logoImage: '/files/logos/acme.png' } }}
        language="DEFAULT"
        onLanguageChange={() => undefined}
      />,
    );
    const horizon = screen.getByTestId('preview-logo-horizon');
    expect(within(horizon).getByRole('img', { name: 'Acme' })).toHaveAttribute('src', '/bff/public/files/logos/acme.png');
    expect(horizon.compareDocumentPosition(screen.getByRole('list', { name: 'Product images' })) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(screen.queryByTestId('preview-logo-bar')).not.toBeInTheDocument();
  });

  it("gives a link's text and an image's alt text in the reader's language, DEFAULT's where it has none", () => {
    const link = { ...block('link', { DEFAULT: 'https://acme.example/care' }, { label: 'Care guide' }), labels: [{ languageCode: 'ko', inputData: '관리 안내' }] };
    const image = block('image', { DEFAULT: 'https://acme.example/jacket.jpg' }, { label: 'The jacket on a hiker' });
    renderLanding({ content: content([link, image], ['ko']), language: 'ko' });
    expect(screen.getByRole('link', { name: /관리 안내/ })).toHaveAttribute('href', 'https://acme.example/care');
    expect(screen.getByRole('img', { name: 'The jacket on a hiker' })).toBeInTheDocument();
  });

  it("shows the company's logo where the design's logo text was never changed", () => {
    renderLanding({ product: { ...product, primaryLogo: '/files/logos/company.png' }, design: { ...DEFAULT_DESIGN, layoutStyle: 'header' } });
    expect(within(screen.getByTestId('preview-logo-bar')).getByRole('img', { name: 'Acme Corp' })).toHaveAttribute('src', '/bff/public/files/logos/company.png');
  });

  it('says so when the page has nothing to show yet', () => {
    renderLanding({ product: { ...product, description: '' }, content: { ...content([]), productDetails: [] } });
    expect(screen.getByTestId('preview-empty')).toHaveTextContent('Nothing has been added to this page yet.');
  });
});
