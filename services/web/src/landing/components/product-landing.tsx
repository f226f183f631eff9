import { useEffect, useMemo, useState, type ReactNode } from 'react';
import DOMPurify from 'dompurify';
import styled, { css } from 'styled-components';
import { FormattedMessage, IntlProvider, useIntl } from 'react-intl';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_LOGO_TEXT,
  activeLanguage,
  blockLanguages,
  inputFor,
  labelFor,
  orderBlocks,
  type ContentBlock,
  type Design,
  type LandingContent,
  type LandingLink,
  type LandingProductInfo,
  type LandingView,
  type ProductDetailsLanguage,
  type TextStyle,
} from '@product-console/shared';
import en from '@/locales/en.json';
import { LANGUAGE_NAMES_FAMILY, loadLanguageFonts } from '@/lib/fonts';
import { previewLinkTitle, publicFileUrl } from '@/landing/lib/urls';
import { httpUrl, imageSource, videoSource, type VideoSource } from '@/landing/lib/media';
import { linkHref, responsiveImage } from '@/landing/lib/landing';
import { ChevronRightIcon, PlayIcon, linkTypeIcon } from './landing-icons';

/*
 * The consumer product view (spec points 1, 3, 4): the page a scan opens, and the editor's phone
 * frame. It draws in the product's design (never the console's theme) and imports nothing of the
 * console's shell or session, so that it can later move into the landing page's own bundle.
 *
 * Layout styles: `header` puts the logo in a top bar above the images, like a site header;
 * `horizon` puts no bar on top: the images start the page and the logo sits centred on a
 * horizontal line between the images and the product's name.
 */

export interface ProductLandingProps {
  product: LandingProductInfo;
  links: LandingLink[];
  content: LandingContent;
  design: Design;
  /** DEFAULT or a registered language code; with auto-translation, the language texts were translated to. */
  language: string;
  /** Chips as buttons (the editor's frame, the draft tab). */
  onLanguageChange?: (code: string) => void;
  /** Chips as plain anchors to this address (the server-rendered landing: works without JavaScript). */
  languageHref?: (code: string) => string;
  /** The address of another view of this product; a link button whose target is one of them goes there, keeping lang and serial. */
  viewHref?: (view: LandingView) => string;
  /** The scanned `/21/{serial}` value, shown under the product number. */
  serial?: string | null;
  /** The Digital Link shown in the footer (with `/21/{serial}` when scanned). */
  digitalLink?: string;
  /** An unsaved draft from the editor: shows the 'Unpublished preview' banner. */
  draft?: boolean;
  /** A recall notice, shown first (decision 079). */
  notice?: ReactNode;
  /** The scanned batch's lot and dates, under the product's name (decision 076). */
  facts?: ReactNode;
  /** Inside the editor's 400 px phone frame: no full-viewport heights. */
  frame?: boolean;
}

type Colours = { $bg: string; $fg: string };

const muted = (colour: string, percent = 65) => `color-mix(in srgb, ${colour} ${percent}%, transparent)`;

const Root = styled.div<Colours & { $frame: boolean }>`
  width: 100%;
  background: ${({ $bg }) => $bg};
  color: ${({ $fg }) => $fg};
  ${({ $frame }) =>
    $frame
      ? css`
          min-height: 100%;
        `
      : css`
          min-height: 100vh;
          min-height: 100dvh;
        `}
`;

const Column = styled.article<{ $frame: boolean }>`
  max-width: 400px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  overflow-wrap: anywhere;
  font-size: 16px;
  line-height: 1.5;
  /* Texts follow their own language's faces, whatever the UI language (chips name each language in
     itself; where the phone has no such face, the chip's name is drawn from a subset of its glyphs). */
  &[lang='ko'],
  [lang='ko'] {
    font-family: 'Pretendard Variable', Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', '${LANGUAGE_NAMES_FAMILY}', system-ui, sans-serif;
  }
  &[lang='ja'],
  [lang='ja'] {
    font-family: 'Hiragino Sans', 'Yu Gothic', 'Noto Sans JP', '${LANGUAGE_NAMES_FAMILY}', system-ui, sans-serif;
  }
  &[lang='zh'],
  [lang='zh'] {
    font-family: 'PingFang SC', 'Microsoft YaHei', 'Noto Sans SC', '${LANGUAGE_NAMES_FAMILY}', system-ui, sans-serif;
  }
  ${({ $frame }) =>
    !$frame &&
    css`
      min-height: 100vh;
      min-height: 100dvh;
    `}
`;

const DraftBanner = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: 8px 16px;
  background: #fff4ce;
  color: #4a3a00;
  border-bottom: 1px solid #e0c65c;
  font-size: 13px;
  strong { font-size: 14px; }
`;

/** The marker of a draft the editor sent over the preview channel: not what shoppers see yet. */
export function DraftNotice({ lang }: { lang: string }) {
  return (
    <DraftBanner role="status" lang={lang} data-testid="preview-draft-banner">
      <strong>
        <FormattedMessage id="preview.draft" />
      </strong>
      <span>
        <FormattedMessage id="preview.draftHint" />
      </span>
    </DraftBanner>
  );
}

const TopBar = styled.header<{ $fg: string }>`
  display: flex;
  align-items: center;
  min-height: 56px;
  padding: 10px 16px;
  border-bottom: 1px solid ${({ $fg }) => muted($fg, 18)};
`;

const Horizon = styled.div<{ $fg: string }>`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 16px 16px 0;
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ $fg }) => muted($fg, 35)};
  }
`;

const LogoText = styled.span`
  font-size: 18px;
  font-weight: 700;
  letter-spacing: 0.02em;
`;

const LogoImage = styled.img`
  display: block;
  max-height: 36px;
  max-width: 180px;
  object-fit: contain;
`;

const Gallery = styled.ul<{ $fg: string }>`
  display: flex;
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  list-style: none;
  margin: 0;
  padding: 0;
  background: ${({ $fg }) => muted($fg, 6)};
  li { flex: 0 0 100%; scroll-snap-align: center; }
  li[hidden] { display: none; }
  img { display: block; width: 100%; height: auto; aspect-ratio: 1; object-fit: cover; }
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
  padding: 20px 16px 24px;
  flex: 1;
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Chip = styled.button<Colours>`
  min-height: 32px;
  padding: 4px 12px;
  border-radius: 999px;
  border: 1px solid ${({ $fg }) => muted($fg, 35)};
  background: transparent;
  color: inherit;
  font: inherit;
  font-size: 13px;
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${({ $fg }) => $fg};
    color: ${({ $bg }) => $bg};
    border-color: ${({ $fg }) => $fg};
    font-weight: 600;
  }
  &:focus-visible { outline: 2px solid ${({ $fg }) => $fg}; outline-offset: 2px; }
`;

/** A chip as a plain anchor (server-rendered page): the current language is marked with aria-current. */
const ChipLink = styled.a<Colours>`
  display: inline-flex;
  align-items: center;
  min-height: 32px;
  padding: 4px 12px;
  border-radius: 999px;
  border: 1px solid ${({ $fg }) => muted($fg, 35)};
  color: inherit;
  font-size: 13px;
  text-decoration: none;
  &[aria-current='true'] {
    background: ${({ $fg }) => $fg};
    color: ${({ $bg }) => $bg};
    border-color: ${({ $fg }) => $fg};
    font-weight: 600;
  }
  &:focus-visible { outline: 2px solid ${({ $fg }) => $fg}; outline-offset: 2px; }
`;

const AutoChip = styled.span<{ $fg: string }>`
  display: inline-flex;
  align-items: center;
  min-height: 32px;
  padding: 4px 12px;
  border-radius: 999px;
  border: 1px solid ${({ $fg }) => muted($fg, 35)};
  font-size: 13px;
  font-weight: 600;
`;

const Name = styled.h1`
  margin: 0;
  font-size: 24px;
  line-height: 1.25;
`;

const SubtleText = styled.p<{ $fg: string }>`
  margin: 4px 0 0;
  font-size: 14px;
  color: ${({ $fg }) => muted($fg)};
`;

const Section = styled.section<{ $fg: string }>`
  h2 {
    margin: 0 0 6px;
    font-size: 13px;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: ${({ $fg }) => muted($fg)};
  }
  p { margin: 0; white-space: pre-line; }
  img { max-width: 100%; }
`;

const ButtonList = styled.ul<{ $grid: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  grid-template-columns: ${({ $grid }) => ($grid ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)')};
`;

const buttonColours = css<{ $button: Design['button'] }>`
  background: ${({ $button }) => $button.color};
  color: ${({ $button }) => $button.textColor};
  border-radius: 12px;
  text-decoration: none;
  font-weight: 600;
  &:hover { filter: brightness(0.94); }
  &:focus-visible { outline: 3px solid ${({ $button }) => muted($button.color, 50)}; outline-offset: 2px; }
`;

const RowButton = styled.a<{ $button: Design['button'] }>`
  ${buttonColours}
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 52px;
  padding: 8px 16px;
  span.title { flex: 1; min-width: 0; }
`;

const GridButton = styled.a<{ $button: Design['button'] }>`
  ${buttonColours}
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 104px;
  height: 100%;
  padding: 14px 10px;
  text-align: center;
  font-size: 14px;
`;

const IconBadge = styled.span<{ $button: Design['button'] }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  background: ${({ $button }) => $button.iconBgColor};
  color: ${({ $button }) => $button.iconColor};
`;

const FONT_SIZES: Record<TextStyle['fontSize'], string> = { small: '14px', medium: '16px', large: '20px' };
const TITLE_SIZES: Record<TextStyle['fontSize'], string> = { small: '18px', medium: '22px', large: '26px' };

const styledText = css<{ $text: TextStyle; $title: boolean }>`
  margin: 0;
  white-space: pre-line;
  text-align: ${({ $text }) => $text.align};
  font-size: ${({ $text, $title }) => ($title ? TITLE_SIZES : FONT_SIZES)[$text.fontSize]};
  font-weight: ${({ $text }) => ($text.fontWeight === 'bold' ? 700 : 400)};
  font-style: ${({ $text }) => $text.fontStyle};
  text-decoration: ${({ $text }) => $text.textDecoration};
  line-height: ${({ $title }) => ($title ? 1.3 : 1.55)};
  ${({ $text }) =>
    $text.color &&
    css`
      color: ${$text.color};
    `}
  ${({ $text }) =>
    $text.backgroundColor &&
    css`
      background: ${$text.backgroundColor};
      padding: 8px 12px;
      border-radius: 8px;
    `}
`;

const TextBlock = styled.p<{ $text: TextStyle; $title: boolean }>`
  ${styledText}
`;

const TitleBlock = styled.h2<{ $text: TextStyle; $title: boolean }>`
  ${styledText}
`;

const Footer = styled.footer<{ $text: TextStyle; $title: boolean; $fg: string }>`
  ${styledText}
  margin-top: auto;
  padding: 16px;
  border-top: 1px solid ${({ $fg }) => muted($fg, 18)};
  ${({ $text, $fg }) =>
    !$text.color &&
    css`
      color: ${muted($fg)};
    `}
`;

const HtmlBlock = styled.div`
  overflow-x: auto;
  img, video { max-width: 100%; height: auto; }
  a { color: inherit; }
  p { margin: 0 0 0.75em; }
  table { border-collapse: collapse; max-width: 100%; }
`;

const ImageBlock = styled.img`
  display: block;
  width: 100%;
  height: auto;
  border-radius: 8px;
`;

const VideoFrame = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  border-radius: 8px;
  overflow: hidden;
  background: #000;
  iframe, video { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; }
`;

const Facade = styled.button`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 10px;
  width: 100%;
  border: 0;
  background: linear-gradient(135deg, #1d1d1f, #3a3a3c);
  color: #fff;
  font: inherit;
  font-size: 14px;
  cursor: pointer;
  span.play {
    display: grid;
    place-items: center;
    width: 64px;
    height: 64px;
    border-radius: 50%;
    background: rgba(255, 255, 255, 0.18);
  }
  &:focus-visible { outline: 3px solid #fff; outline-offset: -6px; }
`;

const Empty = styled.p<{ $fg: string }>`
  margin: 0;
  padding: 24px 0;
  text-align: center;
  color: ${({ $fg }) => muted($fg)};
`;

const DigitalLinkLine = styled.p<{ $fg: string }>`
  margin: 0;
  padding: 12px 16px 16px;
  font-size: 12px;
  color: ${({ $fg }) => muted($fg)};
  a { color: inherit; }
`;

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

/** A language named in its own language (`ko` -> 한국어); the code when the browser cannot name it. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    if (name && name !== code) return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    // An unknown code: named by itself below.
  }
  return code.toUpperCase();
}

/** The product's texts in a language, field by field: that language's, else DEFAULT's, else the product's own. */
export function detailsFor(product: LandingProductInfo, details: readonly ProductDetailsLanguage[], language: string) {
  const own = details.find((item) => item.languageCode === language);
  const base = details.find((item) => item.languageCode === DEFAULT_LANGUAGE);
  const pick = (field: 'productName' | 'description' | 'features', fallback: string) => own?.[field] || base?.[field] || fallback;
  return {
    productName: pick('productName', product.product_name),
    description: pick('description', product.description),
    features: pick('features', product.features),
  };
}

/** A purifier of the page's own, so that its hook touches no other caller of DOMPurify. */
let purifier: ReturnType<typeof DOMPurify> | null = null;
function pagePurifier() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // Links of a brand's markup leave the page in a new tab, without the opener or a referrer.
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    } else if (node.tagName === 'A') {
      node.removeAttribute('target');
    }
  });
  return purifier;
}

/**
 * HTML blocks: the API cleans them on save, and the page cleans them again since a draft from the
 * editor is unsaved. No scripts, handlers, frames, forms or author styles (which could cover the page).
 */
export function sanitizeHtml(html: string): string {
  // On the server (the landing's first HTML) only published blocks are drawn, which the API cleaned on save
  // and after translation; a draft from the editor exists only in a browser, where it is cleaned here.
  if (typeof window === 'undefined') return html;
  return pagePurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    // No data- attributes: the page's own markers (data-testid, data-block-type) stay the page's.
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/|#)/i,
  });
}

export function ProductLanding(props: ProductLandingProps) {
  // Spec point 4: with automatic translation the page's own words are English.
  if (props.design.isAutoTrans) {
    return (
      <IntlProvider locale="en" defaultLocale="en" messages={en}>
        <Landing {...props} />
      </IntlProvider>
    );
  }
  return <Landing {...props} />;
}

function Landing({
  product,
  links,
  content,
  design,
  language,
  onLanguageChange,
  languageHref,
  viewHref,
  serial = null,
  digitalLink,
  draft = false,
  frame = false,
  notice = null,
  facts = null,
}: ProductLandingProps) {
  const intl = useIntl();
  const fg = design.page.textColor;
  const bg = design.page.background;
  const auto = design.isAutoTrans;
  // Without auto-translation the viewer reads DEFAULT or a language the product still has.
  const lang = auto ? language : activeLanguage(language, content.languages);
  const texts = detailsFor(product, content.productDetails, lang);
  const blocks = useMemo(() => orderBlocks(content.contents), [content.contents]);
  const body = blocks.filter((block) => block.type !== 'footer');
  const footer = blocks.find((block) => block.type === 'footer');
  const footerText = footer ? inputFor(footer.inputs, lang) : '';
  // What the texts are written in: DEFAULT's language, also when a translation was asked for and not given.
  const untranslated = auto && lang !== content.translatedTo && !content.languages.includes(lang);
  const readingLanguage = lang === DEFAULT_LANGUAGE || untranslated ? design.defaultLang : lang;
  // The page's own words (headings, banner, chips) are in the UI language, marked so for screen readers.
  const uiLanguage = intl.locale;
  const empty = body.length === 0 && links.length === 0 && !texts.description && !texts.features;

  const logo = <Logo design={design} product={product} />;

  // Chinese and Japanese faces are declared on demand (lib/fonts): the page may read in them, or name them
  // on a chip, under any UI language. Their unicode-range subsets fetch only the characters shown.
  const cjk = [readingLanguage, design.defaultLang, ...(auto ? [] : content.languages)].filter((code) => code === 'ja' || code === 'zh');
  const cjkKey = [...new Set(cjk)].sort().join(',');
  useEffect(() => {
    for (const code of cjkKey.split(',')) if (code === 'ja' || code === 'zh') void loadLanguageFonts(code);
  }, [cjkKey]);

  return (
    <Root $bg={bg} $fg={fg} $frame={frame} data-testid="product-landing" data-template={design.template}>
      <Column $frame={frame} lang={readingLanguage} data-testid="product-preview" data-layout={design.layoutStyle}>
        {draft ? <DraftNotice lang={uiLanguage} /> : null}
        {notice}
        {design.layoutStyle === 'header' ? (
          <TopBar $fg={fg} data-testid="preview-logo-bar">
            {logo}
          </TopBar>
        ) : null}
        {product.image.length > 0 ? (
          <Gallery $fg={fg} aria-label={intl.formatMessage({ id: 'preview.images' })} tabIndex={0}>
            {product.image.map((path, index) => (
              <li key={path}>
                <img
                  {...responsiveImage(product, index)}
                  alt={intl.formatMessage({ id: 'preview.imageAlt' }, { name: texts.productName, index: index + 1, count: product.image.length })}
                  // A shopper sees no broken image: an image that does not load leaves the gallery.
                  onError={(event) => {
                    const item = event.currentTarget.closest('li');
                    if (item) item.hidden = true;
                  }}
                />
              </li>
            ))}
          </Gallery>
        ) : null}
        {design.layoutStyle === 'horizon' ? (
          <Horizon $fg={fg} data-testid="preview-logo-horizon">
            {logo}
          </Horizon>
        ) : null}
        <Body>
          {auto ? (
            <div>
              <AutoChip $fg={fg} lang={uiLanguage} data-testid="preview-auto-translation">
                <FormattedMessage id="preview.autoTranslation" />
              </AutoChip>
            </div>
          ) : content.languages.length > 0 ? (
            <Chips role="group" aria-label={intl.formatMessage({ id: 'preview.languages' })} data-testid="preview-language-chips">
              {blockLanguages(content.languages).map((code) => {
                const spoken = code === DEFAULT_LANGUAGE ? design.defaultLang : code;
                if (languageHref) {
                  return (
                    <ChipLink key={code} href={languageHref(code)} hrefLang={spoken} lang={spoken} $bg={bg} $fg={fg} aria-current={code === lang ? 'true' : undefined}>
                      {languageName(spoken)}
                    </ChipLink>
                  );
                }
                return (
                  <Chip
                    key={code}
                    type="button"
                    lang={spoken}
                    $bg={bg}
                    $fg={fg}
                    aria-pressed={code === lang}
                    onClick={() => onLanguageChange?.(code)}
                  >
                    {languageName(spoken)}
                  </Chip>
                );
              })}
            </Chips>
          ) : null}
          <div>
            <Name data-testid="preview-product-name">{texts.productName}</Name>
            {product.product_number ? <SubtleText $fg={fg}>{product.product_number}</SubtleText> : null}
            {serial ? (
              <SubtleText $fg={fg} data-testid="preview-serial">
                <span lang={uiLanguage}>
                  <FormattedMessage id="landing.serial" />
                </span>{' '}
                {serial}
              </SubtleText>
            ) : null}
            {facts}
          </div>
          {texts.description ? <TextSection fg={fg} uiLanguage={uiLanguage} titleId="products.field.description" text={texts.description} /> : null}
          {links.length > 0 ? (
            <nav aria-label={intl.formatMessage({ id: 'preview.links' })}>
              <ProductLinks links={links} design={design} language={lang} frame={frame} hrefOf={(link) => linkHref(link, product, viewHref)} />
            </nav>
          ) : null}
          {body.map((block) => (
            <Block key={`${block.content_id}-${block.order}`} block={block} language={lang} design={design} />
          ))}
          {texts.features ? <TextSection fg={fg} uiLanguage={uiLanguage} titleId="products.field.features" text={texts.features} /> : null}
          {product.category_id === 1 && (product.careInfo.text || product.careInfo.image) ? (
            <Section $fg={fg} data-testid="preview-care-info">
              <h2 lang={uiLanguage}>
                <FormattedMessage id="products.field.careInfo" />
              </h2>
              {product.careInfo.type === 'image' && product.careInfo.image ? (
                <img src={publicFileUrl(product.careInfo.image)} alt={intl.formatMessage({ id: 'products.field.careInfo' })} />
              ) : (
                <p>{product.careInfo.text}</p>
              )}
            </Section>
          ) : null}
          {empty ? (
            <Empty $fg={fg} lang={uiLanguage} data-testid="preview-empty">
              <FormattedMessage id="preview.empty" />
            </Empty>
          ) : null}
        </Body>
        {footer && footerText ? (
          <Footer $text={footer.style} $title={false} $fg={fg} data-testid="preview-footer" data-block-type="footer">
            {footerText}
          </Footer>
        ) : null}
        {digitalLink ? (
          <DigitalLinkLine $fg={fg} data-testid="preview-digital-link">
            <span lang={uiLanguage}>
              <FormattedMessage id="landing.digitalLink" />
            </span>{' '}
            <a href={digitalLink}>{digitalLink}</a>
          </DigitalLinkLine>
        ) : null}
      </Column>
    </Root>
  );
}

/** A headed paragraph of the product's own text (description, features), its heading in the UI language. */
function TextSection({ fg, uiLanguage, titleId, text }: { fg: string; uiLanguage: string; titleId: 'products.field.description' | 'products.field.features'; text: string }) {
  return (
    <Section $fg={fg}>
      <h2 lang={uiLanguage}>
        <FormattedMessage id={titleId} />
      </h2>
      <p>{text}</p>
    </Section>
  );
}

/**
 * The page's logo: the design's image or text; a text never changed from the editor's "Logo Here"
 * shows the company's logo, else its name, so a shopper never reads a placeholder.
 */
export function Logo({ design, product }: { design: Design; product: LandingProductInfo }) {
  const { logo } = design;
  const text = logo.logoText && logo.logoText !== DEFAULT_LOGO_TEXT ? logo.logoText : '';
  if (logo.logoType === 'image' && logo.logoImage) {
    return <LogoImage src={publicFileUrl(logo.logoImage)} alt={text || product.companyName} data-testid="preview-logo" />;
  }
  if (!text && product.primaryLogo) return <LogoImage src={publicFileUrl(product.primaryLogo)} alt={product.companyName} data-testid="preview-logo" />;
  return <LogoText data-testid="preview-logo">{text || product.companyName || DEFAULT_LOGO_TEXT}</LogoText>;
}

function ProductLinks({
  links,
  design,
  language,
  frame,
  hrefOf,
}: {
  links: LandingLink[];
  design: Design;
  language: string;
  frame: boolean;
  hrefOf: (link: LandingLink) => string;
}) {
  const { button } = design;
  const grid = button.layout === 'grid';
  // In the editor's frame a link must not take the console away.
  const newTab = frame ? { target: '_blank', rel: 'noopener noreferrer' } : { rel: 'noopener' };
  const hint = frame ? (
    <VisuallyHidden>
      <FormattedMessage id="preview.newTab" />
    </VisuallyHidden>
  ) : null;
  return (
    <ButtonList $grid={grid} data-testid="preview-links" data-layout={button.layout}>
      {links.map((link) => {
        const Icon = linkTypeIcon(link.linkType);
        const title = previewLinkTitle(link, language);
        const icon = button.showIcon ? (
          <IconBadge $button={button} data-testid="preview-link-icon">
            <Icon size={20} />
          </IconBadge>
        ) : null;
        return (
          <li key={link.linkId}>
            {grid ? (
              <GridButton href={hrefOf(link)} $button={button} {...newTab}>
                {icon}
                <span className="title">{title}</span>
                {hint}
              </GridButton>
            ) : (
              <RowButton href={hrefOf(link)} $button={button} {...newTab}>
                {icon}
                <span className="title">{title}</span>
                {hint}
                <ChevronRightIcon size={18} />
              </RowButton>
            )}
          </li>
        );
      })}
    </ButtonList>
  );
}

function Block({ block, language, design }: { block: ContentBlock; language: string; design: Design }) {
  const value = inputFor(block.inputs, language);
  const common = { 'data-testid': 'preview-block', 'data-block-type': block.type } as const;
  switch (block.type) {
    case 'title':
    case 'text': {
      if (!value) return null;
      const title = block.type === 'title' || block.style.isTitle;
      return title ? (
        <TitleBlock $text={block.style} $title {...common}>
          {value}
        </TitleBlock>
      ) : (
        <TextBlock $text={block.style} $title={false} {...common}>
          {value}
        </TextBlock>
      );
    }
    case 'html':
      return value ? <HtmlBlock {...common} dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }} /> : null;
    case 'image': {
      const src = imageSource(value);
      return src ? <ImageBlock {...common} src={publicFileUrl(src)} alt={labelFor(block, language)} loading="lazy" decoding="async" /> : null;
    }
    case 'video': {
      const source = videoSource(value);
      return source ? (
        <div {...common}>
          <Video source={source} label={labelFor(block, language)} />
        </div>
      ) : null;
    }
    case 'link': {
      const url = httpUrl(value);
      if (!url) return null;
      return (
        <div {...common}>
          <RowButton href={url.href} target="_blank" rel="noopener noreferrer" $button={design.button}>
            <span className="title">{labelFor(block, language) || url.host}</span>
            <VisuallyHidden>
              <FormattedMessage id="preview.newTab" />
            </VisuallyHidden>
            <ChevronRightIcon size={18} />
          </RowButton>
        </div>
      );
    }
    default:
      return null;
  }
}

/** A video loads nothing from its host until the viewer asks for it (privacy): a facade first. */
function Video({ source, label }: { source: VideoSource; label: string }) {
  const intl = useIntl();
  const [playing, setPlaying] = useState(false);
  const name = label ? intl.formatMessage({ id: 'preview.playVideoNamed' }, { label }) : intl.formatMessage({ id: 'preview.playVideo' });
  if (source.kind === 'file') {
    return (
      <VideoFrame>
        <video controls preload="none" src={publicFileUrl(source.src)} aria-label={label || intl.formatMessage({ id: 'preview.video' })} />
      </VideoFrame>
    );
  }
  let player: ReactNode;
  if (playing) {
    player = (
      <iframe
        src={source.embedUrl}
        title={label || intl.formatMessage({ id: 'preview.video' })}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  } else {
    player = (
      <Facade type="button" onClick={() => setPlaying(true)} aria-label={name} data-testid="preview-video-facade">
        <span className="play">
          <PlayIcon />
        </span>
        <span>{label || intl.formatMessage({ id: 'preview.playVideo' })}</span>
      </Facade>
    );
  }
  return <VideoFrame>{player}</VideoFrame>;
}

/** The page's frame and type, shared by the landing's other views (landing-frame.tsx) so that every view reads alike. */
export {
  Root as LandingRoot,
  Column as LandingColumn,
  TopBar as LandingTopBar,
  Horizon as LandingHorizon,
  Body as LandingBody,
  Name as LandingName,
  SubtleText as LandingSubtleText,
  Section as LandingSection,
  RowButton as LandingRowButton,
  Empty as LandingEmpty,
  muted,
};
