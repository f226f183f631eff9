import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { DEFAULT_DESIGN, LANDING_VIEWS, type LandingPageData, type LandingVerification } from '@product-console/shared';
import en from '@/locales/en.json';
import ko from '@/locales/ko.json';
import { LandingView, landingMessages, type LandingViewProps } from './landing-view';
import { landingData, languageHref, viewHref } from './landing-view.fixtures';
import { applyStyleRules } from '@/testing/style-rules';

// These tests look at what the style rules do.
applyStyleRules();

function show(data: LandingPageData, props: Partial<LandingViewProps> = {}, ui: 'en' | 'ko' = 'en') {
  const messages = landingMessages(ui === 'ko' ? ko : en);
  const element: ReactElement = (
    <IntlProvider locale={ui} defaultLocale="en" messages={messages}>
      <LandingView data={data} language="DEFAULT" uiLanguage={ui} serial="SN-1" digitalLink={data.product.digitalLink} viewHref={viewHref} languageHref={languageHref} {...props} />
    </IntlProvider>
  );
  return render(element);
}

const back = () => screen.getByRole('link', { name: /Back to the product/ });

describe('LandingView: index', () => {
  it('draws the language chips as plain anchors, the current one marked', () => {
    show(landingData('index'));
    const chips = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.includes('lang='));
    const korean = chips.find((chip) => chip.textContent === '한국어')!;
    expect(korean).toHaveAttribute('href', '/acme/product-details/7/preview?lang=ko&serial=SN-1');
    expect(korean).toHaveAttribute('lang', 'ko');
    expect(korean).not.toHaveAttribute('aria-current');
    const english = chips.find((chip) => chip.textContent === 'English')!;
    expect(english).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('button', { name: '한국어' })).toBeNull();
  });

  it('keeps the chips as buttons for the editor frame and the draft tab', () => {
    show(landingData('index'), { languageHref: undefined, onLanguageChange: () => undefined });
    expect(screen.getByRole('button', { name: '한국어' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('serves the product images at responsive sizes from the thumbnails, the first at once, the rest lazily, each named', () => {
    show(landingData('index'));
    const images = within(screen.getByRole('list', { name: 'Product images' })).getAllByRole('img');
    expect(images).toHaveLength(2);
    expect(images[0]).toHaveAttribute('srcset', '/bff/public/files/products/7/a.thumb.webp 320w, /bff/public/files/products/7/a.png 800w');
    expect(images[0]).toHaveAttribute('sizes', '(max-width: 400px) 100vw, 400px');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[0]).toHaveAttribute('width', '400');
    expect(images[0]).toHaveAttribute('height', '400');
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    expect(images[1]).not.toHaveAttribute('fetchpriority');
    expect(images[1]).toHaveAttribute('alt', 'Trail jacket, image 2 of 2');
  });

  it("leads each link button to this product's view, keeping lang and serial; other addresses stay as they are", () => {
    show(landingData('index'));
    const nav = within(screen.getByRole('navigation', { name: 'Product links' }));
    expect(nav.getByRole('link', { name: /Open verification/ })).toHaveAttribute('href', '/acme/product-details/7/preview/verification?lang=ko&serial=SN-1');
    expect(nav.getByRole('link', { name: /Open homepage/ })).toHaveAttribute('href', '/acme/product-details/7/preview/homepage?lang=ko&serial=SN-1');
    expect(nav.getByRole('link', { name: /Open smartLabel/ })).toHaveAttribute('href', '/acme/product-details/7/preview/smartLabel?lang=ko&serial=SN-1');
    expect(nav.getByRole('link', { name: /Open traceability/ })).toHaveAttribute('href', '/acme/product-details/7/preview/traceability?lang=ko&serial=SN-1');
    expect(nav.getByRole('link', { name: /Open index/ })).toHaveAttribute('href', '/acme/product-details/7/preview?lang=ko&serial=SN-1');
    expect(nav.getByRole('link', { name: /Shop/ })).toHaveAttribute('href', 'https://shop.example/jacket');
  });

  it('does not take a link to another product or company for one of its own views', () => {
    const data = landingData('index');
    data.links = [
      { ...data.links[0], linkId: 1, title: 'Other product', targetUrl: 'https://id.acme.example/acme/product-details/8/preview/homepage' },
      { ...data.links[0], linkId: 2, title: 'Other company', targetUrl: 'https://id.acme.example/nordic/product-details/7/preview/homepage' },
    ];
    show(data);
    expect(screen.getByRole('link', { name: /Other product/ })).toHaveAttribute('href', 'https://id.acme.example/acme/product-details/8/preview/homepage');
    expect(screen.getByRole('link', { name: /Other company/ })).toHaveAttribute('href', 'https://id.acme.example/nordic/product-details/7/preview/homepage');
  });

  it('shows the scanned serial and the Digital Link with it in the footer', () => {
    show(landingData('index'));
    expect(screen.getByTestId('preview-serial')).toHaveTextContent('Serial number SN-1');
    expect(screen.getByRole('link', { name: 'https://id.acme.example/01/00614142000017/21/SN-1' })).toHaveAttribute(
      'href',
      'https://id.acme.example/01/00614142000017/21/SN-1',
    );
  });

  it('shows no serial and the plain Digital Link without a scanned serial', () => {
    show(landingData('index'), { serial: null });
    expect(screen.queryByTestId('preview-serial')).toBeNull();
    expect(screen.getByTestId('preview-digital-link')).toHaveTextContent('Digital Link https://id.acme.example/01/00614142000017');
  });
});

describe('LandingView: homepage (About us)', () => {
  it("shows the company, its hours, phone and email to tap, its website and each social network, and a way back", () => {
    show(landingData('homepage'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Acme Outdoor');
    expect(screen.getByText('About us')).toBeInTheDocument();
    expect(screen.getByText('Outdoor gear built to last.')).toBeInTheDocument();
    expect(screen.getByText(/Mon-Fri 9:00-17:00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call +1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
    expect(screen.getByRole('link', { name: 'Write to hello@acme.example' })).toHaveAttribute('href', 'mailto:hello@acme.example');
    expect(screen.getByRole('link', { name: 'acme.example' })).toHaveAttribute('href', 'https://acme.example/');
    const sns = within(screen.getByTestId('landing-sns'));
    expect(sns.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.com/acme.example');
    expect(sns.getByRole('link', { name: 'YouTube' })).toHaveAttribute('href', 'https://youtube.com/@acme.example');
    expect(back()).toHaveAttribute('href', '/acme/product-details/7/preview?lang=ko&serial=SN-1');
  });

  it('says so when the brand has added nothing, and leaves no dead link', () => {
    const data = landingData('homepage');
    data.product.company = { description: '', website: 'javascript:alert(1)', contactPhone: '', contactHour: '', contactEmail: 'not an email', sns: [{ type: 'x', url: 'ftp://x' }] };
    show(data);
    expect(screen.getByTestId('landing-empty')).toHaveTextContent('The brand has not added its contact details yet.');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/acme/product-details/7/preview?lang=ko&serial=SN-1']);
  });
});

const checked = (fields: Partial<LandingVerification>): LandingVerification => ({
  status: 'registered',
  serial: 'SN-1',
  checkedAt: '2026-11-24T06:00:00.000Z',
  warnings: [],
  reason: null,
  history: null,
  tapCounter: null,
  country: null,
  ...fields,
});

describe('LandingView: verification', () => {
  it('shows the Genuine badge and the statement only for a proven tap', () => {
    show(landingData('verification', { verification: checked({ status: 'genuine', tapCounter: 12 }) }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Authenticity check');
    expect(screen.getByRole('img', { name: 'Trail jacket' })).toBeInTheDocument();
    expect(screen.getByText('TJ-01')).toBeInTheDocument();
    expect(screen.getByTestId('landing-serial')).toHaveTextContent('Serial number SN-1');
    const badge = screen.getByTestId('landing-genuine');
    expect(badge).toHaveTextContent('Genuine product');
    expect(badge).toHaveTextContent("which only Acme Outdoor's original tags hold");
    expect(screen.queryByRole('link', { name: 'Report a suspected fake' })).toBeNull();
    expect(screen.queryByTestId('landing-registered')).toBeNull();
    expect(back()).toHaveAttribute('href', '/acme/product-details/7/preview?lang=ko&serial=SN-1');
  });

  it('says a registered item is registered, never genuine, and tells its history honestly', () => {
    const { unmount } = show(landingData('verification', { verification: checked({}) }));
    expect(screen.queryByTestId('landing-genuine')).toBeNull();
    expect(screen.queryByText('Genuine product')).toBeNull();
    expect(screen.getByRole('heading', { name: /Registered item/ })).toBeInTheDocument();
    expect(screen.getByText(/A printed code can be copied/)).toBeInTheDocument();
    expect(screen.getByTestId('landing-history')).toHaveTextContent('You are the first to check this item.');
    unmount();
    show(landingData('verification', { verification: checked({ history: { firstCheckedAt: '2026-03-02T10:00:00.000Z', firstCountry: 'KR', checks: 3 } }) }));
    expect(screen.getByTestId('landing-history')).toHaveTextContent('First checked on March 2, 2026 in South Korea.');
    expect(screen.getByTestId('landing-history')).toHaveTextContent('Checked 3 times before you.');
  });

  it('warns with what was seen and what to do, and no badge', () => {
    show(landingData('verification', { verification: checked({ status: 'warning', warnings: ['copied', 'outsideMarket', 'reported'], country: 'JP' }) }));
    const warning = screen.getByTestId('landing-warning');
    expect(warning).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { name: /Be careful with this item/ })).toBeInTheDocument();
    expect(warning).toHaveTextContent('it may have been copied');
    expect(warning).toHaveTextContent('This product is not sold in Japan');
    expect(warning).toHaveTextContent('Acme Outdoor has confirmed reports of fakes carrying this serial number.');
    expect(warning).toHaveTextContent('Check that the seller is authorised');
    expect(screen.queryByText('Genuine product')).toBeNull();
    expect(screen.getByRole('link', { name: 'Call +1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
    expect(screen.getByRole('link', { name: 'Report a suspected fake' })).toHaveAttribute('href', '/acme/product-details/7/preview/report?serial=SN-1');
  });

  it.each([
    ['unknown', 'This serial number is not registered for this product.'],
    ['otherProduct', 'This serial number belongs to another product'],
    ['deactivated', 'Acme Outdoor has taken this serial number out of use'],
    ['blacklisted', 'Acme Outdoor has identified this serial number as a copy.'],
    ['tapReplayed', 'This tap was already used — tap the tag itself again.'],
    ['tapInvalid', "The tag's signature does not match"],
    ['tagOfOtherSerial', 'This tag belongs to another item'],
  ] as const)('says not genuine, and why, for %s, with the contact', (reason, words) => {
    show(landingData('verification', { verification: checked({ status: 'notGenuine', reason, serial: 'FAKE-9' }) }), { serial: 'FAKE-9' });
    expect(screen.queryByTestId('landing-genuine')).toBeNull();
    expect(screen.getByRole('heading', { name: /Not genuine/ })).toBeInTheDocument();
    expect(screen.getByTestId('landing-not-genuine')).toHaveTextContent(words);
    expect(screen.getByTestId('landing-serial')).toHaveTextContent('FAKE-9');
    expect(screen.getByRole('link', { name: 'Write to hello@acme.example' })).toHaveAttribute('href', 'mailto:hello@acme.example');
  });

  it('says the code carries no serial to check, with the contact', () => {
    show(landingData('verification', { verification: checked({ status: 'noSerial', serial: null }) }), { serial: null });
    expect(screen.queryByTestId('landing-genuine')).toBeNull();
    expect(screen.getByRole('heading', { name: /No serial number to check/ })).toBeInTheDocument();
    expect(screen.getByText(/carries no serial number/)).toBeInTheDocument();
    expect(screen.getByTestId('landing-contact')).toBeInTheDocument();
  });

  it('never shows the badge when nothing was checked (a draft)', () => {
    show(landingData('verification'), { draft: true });
    expect(screen.queryByTestId('landing-genuine')).toBeNull();
    expect(screen.getByTestId('landing-not-genuine')).toBeInTheDocument();
    expect(screen.getByTestId('preview-draft-banner')).toBeInTheDocument();
  });
});

describe('LandingView: smartLabel', () => {
  it('shows the label information of a category 2 product', () => {
    show(landingData('smartLabel'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Trail jacket');
    expect(screen.getByTestId('landing-label-details')).toHaveTextContent('Recycled nylon shell');
    const dynamic = within(screen.getByTestId('landing-label-dynamic'));
    expect(dynamic.getByText('Batch')).toBeInTheDocument();
    expect(dynamic.getByText('B-2026-11')).toBeInTheDocument();
    expect(screen.getByText('Windproof')).toBeInTheDocument();
    expect(screen.getByTestId('landing-label-care')).toHaveTextContent('Wash at 30 °C');
    const options = within(screen.getByTestId('landing-label-options'));
    expect(options.getByRole('img', { name: 'Colour: Red' })).toHaveAttribute('src', '/bff/public/files/products/7/red.png');
    expect(options.getByText('M')).toBeInTheDocument();
    const certifications = within(screen.getByTestId('landing-label-certifications'));
    expect(certifications.getByRole('heading', { level: 3, name: 'bluesign' })).toBeInTheDocument();
    expect(certifications.getByText('Bluesign Technologies')).toBeInTheDocument();
    expect(back()).toBeInTheDocument();
  });

  it('reads the details in the chosen language and shows a care image with a text alternative', () => {
    const data = landingData('smartLabel');
    data.product.careInfo = { type: 'image', text: '', image: '/files/products/7/care.png' };
    show(data, { language: 'ko' });
    expect(screen.getByTestId('landing-label-details')).toHaveTextContent('재활용 나일론');
    expect(screen.getByRole('img', { name: 'Care information for 트레일 재킷' })).toHaveAttribute('src', '/bff/public/files/products/7/care.png');
  });

  it('says plainly that a product of another category has no label information', () => {
    show(landingData('smartLabel', { smartLabel: null }));
    expect(screen.getByTestId('landing-empty')).toHaveTextContent('There is no label information for this product.');
    expect(screen.queryByTestId('landing-label-details')).toBeNull();
  });
});

describe('LandingView: dpp and traceability', () => {
  it.each(['dpp', 'traceability'] as const)('%s says nothing has been published yet, with a way back', (view) => {
    show(landingData(view));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(view === 'dpp' ? 'Digital product passport' : 'Product journey');
    expect(screen.getByRole('heading', { level: 2, name: 'Nothing has been published yet' })).toBeInTheDocument();
    expect(back()).toHaveAttribute('href', '/acme/product-details/7/preview?lang=ko&serial=SN-1');
  });
});

describe('LandingView: every view', () => {
  it.each(LANDING_VIEWS)('%s: one h1 first, headings in order, every image with a text alternative, in the design colours', (view) => {
    const design = { ...DEFAULT_DESIGN, page: { background: '#102030', textColor: '#f0f0f0' } };
    const { container } = show(landingData(view, { design, verification: view === 'verification' ? checked({ status: 'genuine' }) : null }));
    const levels = [...container.querySelectorAll('h1, h2, h3, h4')].map((heading) => Number(heading.tagName[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    for (let index = 1; index < levels.length; index++) expect(levels[index] - levels[index - 1]).toBeLessThanOrEqual(1);
    for (const image of container.querySelectorAll('img')) expect(image.getAttribute('alt')?.trim()).toBeTruthy();
    expect(container.firstElementChild).toHaveStyle({ backgroundColor: '#102030', color: '#f0f0f0' });
  });

  it('speaks Korean when the UI language is Korean', () => {
    show(landingData('verification', { verification: checked({ status: 'notGenuine', reason: 'unknown', serial: 'X' }) }), {}, 'ko');
    expect(screen.getByRole('heading', { name: /정품이 아닙니다/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /제품으로 돌아가기/ })).toBeInTheDocument();
  });

  it("uses English words with the design's automatic translation", () => {
    show(landingData('dpp', { design: { ...DEFAULT_DESIGN, isAutoTrans: true } }), {}, 'ko');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Digital product passport');
  });
});
