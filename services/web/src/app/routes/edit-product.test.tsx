import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_DESIGN,
  DEFAULT_TEXT_STYLE,
  previewChannelName,
  type ContentBlock,
  type Design,
  type LandingProductInfo,
  type ProductDetailsLanguage,
} from '@product-console/shared';
import { makeLink, makePlan, makeProductResponse, makeSession, projects } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';

const info: LandingProductInfo = {
  productId: 101,
  product_name: 'Trail jacket',
  product_number: 'TJ-01',
  description: 'A light jacket.',
  features: '',
  category_id: 1,
  service: 'DL',
  image: [],
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

const block = (content_id: number, type: ContentBlock['type'], text: string, order = content_id): ContentBlock => ({
  content_id,
  type,
  order,
  inputs: [{ languageCode: 'DEFAULT', inputData: text }],
  style: DEFAULT_TEXT_STYLE,
  label: '',
});

const details: ProductDetailsLanguage[] = [{ languageCode: 'DEFAULT', productName: 'Trail jacket', description: 'A light jacket.', features: '', details: '' }];

interface Setup {
  contents?: ContentBlock[];
  design?: Design;
  translation?: boolean;
  /** Registered languages besides DEFAULT. */
  languages?: string[];
  put?: (body: unknown) => { status?: number; body?: unknown };
  /** The answer to the editor's request for a machine translation. */
  translate?: (body: unknown) => { status?: number; body?: unknown };
}

/** The console's answers for a manager editing product 101; returns the fetch mock. */
function setup({ contents = [block(1, 'title', 'Hello'), block(2, 'text', 'Warm and light'), block(3, 'footer', 'Acme 2026')], design = DEFAULT_DESIGN, translation = false, languages = [], put, translate }: Setup = {}) {
  return mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan() } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/overview/total-count': { body: { result: { projects: 0, products: 0, dlProducts: 0, dppProducts: 0, nfcProducts: 0 } } },
    '/bff/api/overview/productList': { body: { result: [] } },
    '/bff/api/auth/me/company-info': { body: { result: {} } },
    '/bff/api/product/': { body: makeProductResponse() },
    '/bff/api/product/service': { body: { result: { productId: 101, service: 'DL', services: ['DL', 'DPP'] } } },
    '/bff/api/product/certifications': { body: { result: [] } },
    '/bff/api/product/available-gcps': { body: { result: ['8801234'] } },
    '/bff/api/entry/links/active': {
      body: { result: [makeLink({ linkId: 3, order: 2, linkType: 'gs1:dpp', title: 'Passport' }), makeLink({ linkId: 1, order: 1 })] },
    },
    'GET /bff/api/product/content': { body: { result: contents } },
    'PUT /bff/api/product/content': (init) => put?.(JSON.parse(String(init?.body))) ?? { body: { result: 'success', contents } },
    'GET /bff/api/product/languages': {
      body: {
        result: languages.map((value, index) => ({ id: index + 1, value })),
        productDetails: [...details, ...languages.map((languageCode) => ({ ...details[0]!, languageCode }))],
      },
    },
    'POST /bff/api/product/languages': {
      body: { result: [{ id: 7, value: 'ko' }], productDetails: [...details, { ...details[0]!, languageCode: 'ko' }] },
    },
    'PUT /bff/api/product/details': { body: { result: 'success' } },
    'GET /bff/api/product/design': { body: { result: design } },
    'PUT /bff/api/product/design': { body: { result: 'success' } },
    'POST /bff/api/service/translation': (init) => translate?.(JSON.parse(String(init?.body))) ?? { status: 409, body: { code: 'E409001', message: 'Automatic translation is not set up on this server' } },
    '/bff/api/service/translation': { body: { result: { available: translation, provider: translation ? 'libretranslate' : null } } },
    '/bff/api/product/landing-page/preview-productInfo': { body: { result: info } },
    '/bff/api/product/landing-page/preview-links': { body: { result: [] } },
  });
}

const blockTypes = () => within(screen.getByTestId('block-list')).getAllByRole('listitem').filter((item) => item.hasAttribute('data-block-type')).map((item) => item.getAttribute('data-block-type'));
const requestsTo = (fetchMock: ReturnType<typeof setup>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).startsWith(path) && (init?.method ?? 'GET') === method);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('edit product', () => {
  it('shows the active links read-only, with the way to manage them on the product page', async () => {
    setup();
    renderRoute('/acme/product-details/101/edit/basic');
    const overview = await screen.findByTestId('links-overview');
    expect(await within(overview).findByText('Passport')).toBeInTheDocument();
    const items = within(overview).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.slice(0, 1))).toEqual(['1', '2']);
    expect(within(overview).queryByRole('button')).not.toBeInTheDocument();
    expect(within(overview).getByRole('link', { name: 'Manage links' })).toHaveAttribute('href', '/acme/product-details/101#links');
  });

  it("lists the product's steps and the page's, each reached by its address", async () => {
    const user = userEvent.setup();
    setup();
    const { router } = renderRoute('/acme/product-details/101/edit/content');
    const steps = await screen.findByRole('navigation', { name: 'Steps' });
    expect(within(steps).getAllByRole('button').map((button) => button.textContent)).toEqual([
      '1. Basics',
      '2. Details',
      '3. Images',
      '4. QR code',
      '5. Content',
      '6. Languages',
      '7. Design',
    ]);
    expect(await screen.findByTestId('block-list')).toBeInTheDocument();
    expect(screen.getByTestId('product-wizard')).not.toBeVisible();
    expect(screen.getByTestId('open-preview')).toHaveAttribute('href', '/acme/product-details/101/preview');
    expect(screen.getByTestId('open-preview')).toHaveAttribute('target', '_blank');
    await user.click(within(steps).getByRole('button', { name: '7. Design' }));
    expect(router.state.location.pathname).toBe('/acme/product-details/101/edit/design');
    expect(await screen.findByRole('radiogroup', { name: 'Template' })).toBeInTheDocument();
  });

  it('adds blocks from the palette before the footer, and refuses a second footer with the reason', async () => {
    const user = userEvent.setup();
    setup();
    renderRoute('/acme/product-details/101/edit/content');
    await screen.findByTestId('block-list');
    expect(screen.getByTestId('content-status')).toHaveTextContent('All changes saved');
    const footer = screen.getByTestId('palette-footer');
    expect(footer).toBeDisabled();
    expect(footer).toHaveAccessibleDescription('The page already has a footer; a page has at most one.');

    await user.click(screen.getByTestId('palette-image'));
    expect(blockTypes()).toEqual(['title', 'text', 'image', 'footer']);
    await user.click(screen.getByTestId('palette-text'));
    // A new block's placeholder is marked as not written: shoppers never see it.
    expect(screen.getByTestId('block-3-untranslated')).toHaveTextContent('Not written yet: shoppers do not see this block until you write it.');
    await user.click(screen.getByRole('button', { name: 'Delete Block 4, Text' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(blockTypes()).toEqual(['title', 'text', 'image', 'footer']));
    expect(screen.getByTestId('content-status')).toHaveTextContent('Unsaved changes');

    // Without the footer, the palette offers one again, and it lands last.
    await user.click(screen.getByRole('button', { name: 'Delete Block 4, Footer' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(blockTypes()).toEqual(['title', 'text', 'image']));
    expect(screen.getByTestId('palette-footer')).toBeEnabled();
    await user.click(screen.getByTestId('palette-footer'));
    await user.click(screen.getByTestId('palette-title'));
    expect(blockTypes()).toEqual(['title', 'text', 'image', 'title', 'footer']);
  });

  it('moves a block from the keyboard and says so to screen readers; the footer has no handle', async () => {
    const user = userEvent.setup();
    setup();
    // jsdom lays nothing out: each block gets a 100 px slot in list order, as a browser would measure it.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const item = this.closest('[data-block-index]');
      const top = item ? Number(item.getAttribute('data-block-index')) * 100 : 0;
      return { x: 0, y: top, top, left: 0, right: 600, bottom: top + 90, width: 600, height: item ? 90 : 0, toJSON: () => ({}) } as DOMRect;
    });
    renderRoute('/acme/product-details/101/edit/content');
    await screen.findByTestId('block-list');
    expect(screen.queryByRole('button', { name: 'Move Block 3, Footer' })).not.toBeInTheDocument();

    const handle = screen.getByRole('button', { name: 'Move Block 1, Title' });
    handle.focus();
    await user.keyboard(' ');
    const announced = () => document.querySelector('[id^="DndLiveRegion"]');
    await waitFor(() => expect(announced()).toHaveTextContent('Block 1, Title is at position 1 of 3.'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(announced()).toHaveTextContent('Block 1, Title is at position 2 of 3.'));
    await user.keyboard(' ');
    await waitFor(() => expect(blockTypes()).toEqual(['text', 'title', 'footer']));
    expect(announced()).toHaveTextContent('Block 1, Title was dropped at position 2 of 3.');
    expect(screen.getByTestId('content-status')).toHaveTextContent('Unsaved changes');
  });

  it('saves the blocks in order and clears the changes; a fail result and field errors are shown', async () => {
    const user = userEvent.setup();
    let answer: { status?: number; body?: unknown } = { body: { result: 'fail' } };
    const fetchMock = setup({ put: () => answer });
    renderRoute('/acme/product-details/101/edit/content');
    await screen.findByTestId('block-list');
    await user.click(screen.getByTestId('palette-link'));
    await user.type(screen.getByTestId('block-2-url'), 'javascript:alert(1)');

    await user.click(screen.getByTestId('content-save'));
    expect(await screen.findByTestId('content-error')).toHaveTextContent('The page could not be saved. Please try again.');
    const [, init] = requestsTo(fetchMock, 'PUT', '/bff/api/product/content')[0]!;
    const sent = JSON.parse(String(init?.body)) as { productId: number; contents: { type: string; content_id?: number }[] };
    expect(sent.productId).toBe(101);
    expect(sent.contents.map((item) => item.type)).toEqual(['title', 'text', 'link', 'footer']);
    expect(sent.contents.map((item) => item.content_id)).toEqual([1, 2, undefined, 3]);
    expect(screen.getByTestId('content-status')).toHaveTextContent('Unsaved changes');

    answer = {
      status: 400,
      body: { code: 'E400001', message: 'Some fields are missing or invalid.', details: [{ path: 'contents.2.inputs.0.inputData', message: 'Only http(s) links', code: 'custom' }] },
    };
    await user.click(screen.getByTestId('content-save'));
    const url = screen.getByTestId('block-2-url');
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription('Only http(s) links');

    answer = { body: { result: 'success', contents: [block(1, 'title', 'Hello'), block(2, 'text', 'Warm and light'), block(3, 'footer', 'Acme 2026')] } };
    await user.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(screen.getByTestId('content-status')).toHaveTextContent('All changes saved'));
    expect(screen.queryByTestId('content-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('content-save')).toBeDisabled();
  });

  it("styles a text in place: alignment, emphasis, its own colour starting from the page's, with the contrast warning", async () => {
    const user = userEvent.setup();
    const fetchMock = setup({ put: (body) => ({ body: { result: 'success', contents: (body as { contents: ContentBlock[] }).contents.map((item, index) => ({ ...item, content_id: index + 1, order: index + 1 })) } }) });
    renderRoute('/acme/product-details/101/edit/content');
    await screen.findByTestId('block-list');
    const text = within(screen.getByTestId('block-1'));
    await user.click(text.getByRole('radio', { name: 'Centre' }));
    await user.click(text.getByRole('button', { name: 'Bold' }));
    expect(text.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(text.getByRole('radio', { name: 'Underline' }));
    await user.click(text.getByRole('checkbox', { name: 'Own text colour' }));
    const hex = text.getByRole('textbox', { name: 'Text colour, hex code' });
    expect(hex).toHaveValue(DEFAULT_DESIGN.page.textColor);
    expect(text.queryByText(/Contrast with/)).not.toBeInTheDocument();
    await user.clear(hex);
    await user.type(hex, '#eeeeee');
    expect(text.getByText(/Contrast with Background is 1\.\d+:1/)).toBeInTheDocument();

    await user.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT', '/bff/api/product/content')).toHaveLength(1));
    const [, init] = requestsTo(fetchMock, 'PUT', '/bff/api/product/content')[0]!;
    const sent = JSON.parse(String(init?.body)) as { contents: ContentBlock[] };
    expect(sent.contents[1]!.style).toEqual({ ...DEFAULT_TEXT_STYLE, align: 'center', fontWeight: 'bold', textDecoration: 'underline', color: '#eeeeee' });
  });

  it("writes a link's text per language: another language's tab shows DEFAULT's as its placeholder and sends its own", async () => {
    const user = userEvent.setup();
    const fetchMock = setup({
      contents: [{ ...block(1, 'link', 'https://acme.example/care'), label: 'Care guide' }],
      languages: ['ko'],
    });
    renderRoute('/acme/product-details/101/edit/content');
    await screen.findByTestId('block-list');
    expect(screen.getByTestId('block-0-label')).toHaveValue('Care guide');
    await user.click(screen.getByRole('tab', { name: 'Korean' }));
    const label = screen.getByTestId('block-0-label');
    expect(label).toHaveValue('');
    expect(label).toHaveAttribute('placeholder', 'Care guide');
    await user.type(label, '관리 안내');
    await user.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT', '/bff/api/product/content')).toHaveLength(1));
    const [, init] = requestsTo(fetchMock, 'PUT', '/bff/api/product/content')[0]!;
    const sent = JSON.parse(String(init?.body)) as { contents: { label: string; labels: unknown[] }[] };
    expect(sent.contents[0]).toMatchObject({ label: 'Care guide', labels: [{ languageCode: 'ko', inputData: '관리 안내' }] });
  });

  it("shows a refused text of another language under its field, in that language's tab", async () => {
    const user = userEvent.setup();
    setup({
      contents: [{ ...block(1, 'title', 'Hello'), inputs: [{ languageCode: 'DEFAULT', inputData: 'Hello' }, { languageCode: 'ko', inputData: '안녕' }] }],
      put: () => ({
        status: 400,
        body: { code: 'E400001', message: 'Some fields are missing or invalid.', details: [{ path: 'contents.0.inputs.1.inputData', message: 'Too long', code: 'custom' }] },
      }),
      languages: ['ko'],
    });
    renderRoute('/acme/product-details/101/edit/content');
    await screen.findByTestId('block-list');
    await user.type(screen.getByTestId('block-0-text'), '!');
    await user.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Korean' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByTestId('block-0-text')).toHaveValue('안녕');
    expect(screen.getByTestId('block-0-text')).toHaveAccessibleDescription('Too long');
  });

  it('asks before leaving unsaved changes: cancel keeps the draft, leave goes', async () => {
    const user = userEvent.setup();
    setup();
    const { router } = renderRoute('/acme/product-details/101/edit/content');
    await screen.findByTestId('block-list');

    // Without changes, moving between the steps and leaving ask nothing.
    await user.click(screen.getByTestId('wizard-step-languages'));
    expect(router.state.location.pathname).toBe('/acme/product-details/101/edit/languages');
    await user.click(screen.getByTestId('wizard-step-content'));

    await user.clear(screen.getByTestId('block-0-text'));
    await user.type(screen.getByTestId('block-0-text'), 'Hello winter');
    // The other steps keep the draft: no question.
    await user.click(screen.getByTestId('wizard-step-design'));
    expect(router.state.location.pathname).toBe('/acme/product-details/101/edit/design');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    act(() => void router.navigate('/acme/dashboard/main-overview'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Leave without saving?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/acme/product-details/101/edit/design');
    await user.click(screen.getByTestId('wizard-step-content'));
    expect(screen.getByTestId('block-0-text')).toHaveValue('Hello winter');

    // The browser asks too when the tab is closed or reloaded.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    act(() => void router.navigate('/acme/dashboard/main-overview'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/dashboard/main-overview'));
  });

  it('offers a machine translation of a copy not translated yet, to review before saving, and says when it fails', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    let failing = false;
    const fetchMock = setup({
      translation: true,
      languages: ['ko'],
      translate: (body) => {
        asked.push(body);
        return failing
          ? { status: 503, body: { code: 'E503001', message: 'The translation service did not answer; try again later' } }
          : { body: { result: { texts: ['따뜻하고 가벼운'] } } };
      },
    });
    renderRoute('/acme/product-details/101/edit/content');
    await screen.findByTestId('block-list');
    // In the default language there is nothing to translate from.
    expect(screen.queryByTestId('block-1-translate')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Korean' }));
    expect(screen.getByTestId('block-1-untranslated')).toBeInTheDocument();
    const translate = await screen.findByTestId('block-1-translate');
    expect(translate).toHaveAccessibleName('Translate from English');
    await user.click(translate);
    await waitFor(() => expect(screen.getByTestId('block-1-text')).toHaveValue('따뜻하고 가벼운'));
    expect(asked).toEqual([{ source: 'en', target: 'ko', format: 'text', texts: ['Warm and light'] }]);
    // Written now: no longer marked, nothing saved until the author saves.
    expect(screen.queryByTestId('block-1-untranslated')).toBeNull();
    expect(screen.getByTestId('content-status')).toHaveTextContent('Unsaved changes');
    expect(requestsTo(fetchMock, 'PUT', '/bff/api/product/content')).toHaveLength(0);

    failing = true;
    await user.click(screen.getByTestId('block-0-translate'));
    expect(await screen.findByTestId('block-0-translate-error')).toHaveTextContent(/translation service did not answer|Unable to connect/);
    expect(screen.getByTestId('block-0-text')).toHaveValue('');
  });

  it('adds a language on the server and to the unsaved draft, and names the language it asks to delete', async () => {
    const user = userEvent.setup();
    const fetchMock = setup();
    renderRoute('/acme/product-details/101/edit/content');
    await screen.findByTestId('block-list');
    await user.clear(screen.getByTestId('block-0-text'));
    await user.type(screen.getByTestId('block-0-text'), 'Unsaved title');

    await user.click(screen.getByTestId('wizard-step-languages'));
    expect(await screen.findByTestId('languages-empty')).toBeInTheDocument();
    // The most used languages first; every language by its name, none by its bare code.
    const select = screen.getByTestId('product-language-select') as HTMLSelectElement;
    const groups = [...select.querySelectorAll('optgroup')];
    expect(groups.map((group) => group.label)).toEqual(['Most used', 'All languages']);
    expect([...groups[0]!.querySelectorAll('option')].slice(0, 3).map((option) => option.textContent)).toEqual(['English (en)', 'Chinese (zh)', 'Spanish (es)']);
    const bare = [...select.options].filter((option) => option.value && option.textContent === `${option.value} (${option.value})`);
    expect(bare.map((option) => option.value)).toEqual([]);
    expect([...select.options].find((option) => option.value === 'aa')?.textContent).toBe('Afar (aa)');
    await user.selectOptions(screen.getByTestId('product-language-select'), 'ko');
    await user.click(screen.getByTestId('product-language-add'));
    expect(await screen.findByTestId('language-ko')).toHaveTextContent('Korean');
    const [, init] = requestsTo(fetchMock, 'POST', '/bff/api/product/languages')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ productId: 101, languageCode: 'ko' });

    // The draft got the language by the same rule: the Korean text starts from the unsaved default one.
    await user.click(screen.getByTestId('wizard-step-content'));
    await user.click(screen.getByRole('tab', { name: 'Korean' }));
    expect(screen.getByTestId('block-0-text')).toHaveValue('Unsaved title');
    expect(screen.getByTestId('content-status')).toHaveTextContent('Unsaved changes');
    // The copy is marked until somebody writes it in Korean.
    expect(screen.getByTestId('block-0-untranslated')).toHaveTextContent('Not translated yet: shoppers reading this language see the default text.');
    await user.clear(screen.getByTestId('block-0-text'));
    await user.type(screen.getByTestId('block-0-text'), '저장 안 된 제목');
    expect(screen.queryByTestId('block-0-untranslated')).toBeNull();

    // The Korean product texts; the default ones are the product's own, edited on its steps.
    await user.click(screen.getByTestId('wizard-step-languages'));
    expect(screen.getByTestId('details-productName')).toHaveAttribute('readonly');
    await user.click(screen.getByTestId('details-language-ko'));
    await user.clear(screen.getByTestId('details-productName'));
    await user.type(screen.getByTestId('details-productName'), '트레일 재킷');
    await user.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT', '/bff/api/product/details')).toHaveLength(1));
    const [, sentDetails] = requestsTo(fetchMock, 'PUT', '/bff/api/product/details')[0]!;
    expect(JSON.parse(String(sentDetails?.body))).toEqual({
      productId: 101,
      productDetails: [{ languageCode: 'ko', productName: '트레일 재킷', description: 'A light jacket.', features: '', details: '' }],
    });

    await user.click(screen.getByRole('button', { name: 'Delete Korean' }));
    expect(within(await screen.findByRole('alertdialog')).getByRole('heading')).toHaveTextContent('Delete Korean?');
  });

  it('sends the unsaved draft to open preview tabs and clears it after saving', async () => {
    const user = userEvent.setup();
    setup();
    const tab = new BroadcastChannel(previewChannelName(101));
    const received: { type: string; draft?: { contents: { inputs: { inputData: string }[] }[] } }[] = [];
    tab.onmessage = (event: MessageEvent) => received.push(event.data as (typeof received)[number]);
    try {
      renderRoute('/acme/product-details/101/edit/content');
      await screen.findByTestId('block-list');
      await user.clear(screen.getByTestId('block-0-text'));
      await user.type(screen.getByTestId('block-0-text'), 'Fresh');
      await waitFor(() => expect(received.at(-1)?.draft?.contents[0]?.inputs[0]?.inputData).toBe('Fresh'));
      // A tab opened later asks, and gets the draft.
      const before = received.length;
      tab.postMessage({ type: 'hello', productId: 101 });
      await waitFor(() => expect(received.length).toBeGreaterThan(before));
      expect(received.at(-1)?.type).toBe('draft');
      expect(JSON.stringify(received)).not.toMatch(/token|authorization/i);

      await user.click(screen.getByTestId('content-save'));
      await waitFor(() => expect(received.at(-1)?.type).toBe('clear'));
    } finally {
      tab.close();
    }
  });
});

describe('design step', () => {
  it('applies the black template, keeps the logo text, and explains why automatic translation is off', async () => {
    const user = userEvent.setup();
    const fetchMock = setup({ design: { ...DEFAULT_DESIGN, logo: { logoType: 'text', logoText: 'Acme', logoImage: null } } });
    renderRoute('/acme/product-details/101/edit/design');
    await user.click(await screen.findByRole('radio', { name: 'Basic black' }));
    expect(screen.getByTestId('logo-text')).toHaveValue('Acme');
    expect(screen.getByTestId('design-page-background-name')).toHaveTextContent('black');
    await waitFor(() => expect(screen.getByTestId('product-landing')).toHaveAttribute('data-template', 'basic_black_v1'));
    expect(await screen.findByTestId('design-auto-trans-hint')).toHaveTextContent('Automatic translation needs a translation provider');
    expect(screen.getByRole('switch', { name: 'Automatic translation' })).toBeDisabled();

    fireEvent.change(screen.getByTestId('design-page-text-hex'), { target: { value: '#111111' } });
    expect(screen.getByTestId('design-page-text-contrast')).toHaveTextContent('Contrast with Page background is 1.11:1');

    await user.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT', '/bff/api/product/design')).toHaveLength(1));
    const [, init] = requestsTo(fetchMock, 'PUT', '/bff/api/product/design')[0]!;
    const sent = JSON.parse(String(init?.body)) as { productId: number; design: Design };
    expect(sent.design).toMatchObject({ template: 'basic_black_v1', layoutStyle: 'header', logo: { logoText: 'Acme' }, page: { background: '#000000', textColor: '#111111' } });
  });
});
