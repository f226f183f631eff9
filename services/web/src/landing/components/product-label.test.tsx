import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { productLabelSchema, UI_LANGUAGES, type LandingPageData, type ProductLabelInput, type UiLanguage } from '@product-console/shared';
import en from '@/locales/en.json';
import it_ from '@/locales/it.json';
import ja from '@/locales/ja.json';
import ko from '@/locales/ko.json';
import zh from '@/locales/zh.json';
import { corePassport } from './dpp-view.fixtures';
import { LandingView, landingMessages } from './landing-view';
import { landingData, languageHref, viewHref } from './landing-view.fixtures';

/*
 * The food, wine and textile labels on the landing (issue 29): the regulation's words in the page's
 * language, allergens emphasised and named, the nutrition declaration in the Annex XV order, the
 * batch's date, the wine e-label's statement that nothing is collected, fibres and care symbols.
 */

const CATALOGUES: Record<UiLanguage, Record<string, string>> = { en, ko, ja, zh, it: it_ };

const nutrition = { energyKj: 1046, energyKcal: 250, fat: 10, saturates: 4, carbohydrate: 30, sugars: 5, protein: 8, salt: 1.2 };
const FOOD: ProductLabelInput = {
  kind: 'food',
  ingredients: [
    { name: 'Oat flakes', allergen: 'cereals', percent: 55 },
    { name: 'Honey', percent: 20 },
    { name: 'Hazelnuts', allergen: 'nuts' },
  ],
  nutrition,
  portionSize: 40,
  netQuantity: { amount: 200, unit: 'g' },
  dateMarking: 'bestBefore',
  storage: 'Keep dry.',
  origin: 'Oats from Sweden',
  operator: { name: 'Nordic Foods AB', address: 'Storgatan 1, Stockholm' },
};
const WINE: ProductLabelInput = {
  kind: 'wine',
  ingredients: [{ name: 'Grapes' }, { name: 'Sulphites', allergen: 'sulphites' }],
  nutrition: { energyKj: 301, energyKcal: 72, fat: 0, saturates: 0, carbohydrate: 2.6, sugars: 0.6, protein: 0, salt: 0 },
  alcohol: 12.5,
};
const TEXTILE: ProductLabelInput = {
  kind: 'textile',
  fibres: [
    { fibre: 'elastane', percent: 5 },
    { fibre: 'cotton', percent: 95 },
  ],
  care: { washing: 'wash40', bleaching: 'doNotBleach', ironing: 'ironLow' },
};

function show(label: ProductLabelInput, ui: UiLanguage = 'en', overrides: Partial<LandingPageData> = {}, view: 'smartLabel' | 'dpp' = 'smartLabel') {
  const base = landingData(view);
  const data: LandingPageData = { ...base, smartLabel: { ...base.smartLabel!, label: productLabelSchema.parse(label) }, ...overrides };
  return render(
    <IntlProvider locale={ui} defaultLocale="en" messages={landingMessages(CATALOGUES[ui], view)}>
      <LandingView data={data} language="DEFAULT" uiLanguage={ui} serial={null} digitalLink={data.product.digitalLink} viewHref={viewHref} languageHref={languageHref} />
    </IntlProvider>,
  );
}

describe('the food label', () => {
  it('lists the ingredients in order with each allergen in bold and named for screen readers', () => {
    show(FOOD);
    const list = screen.getByTestId('label-ingredients');
    expect(list).toHaveTextContent('Oat flakes (allergen: cereals containing gluten) (55 %), Honey (20 %), Hazelnuts (allergen: nuts)');
    const strong = list.querySelectorAll('strong');
    expect([...strong].map((node) => node.getAttribute('data-allergen'))).toEqual(['cereals', 'nuts']);
    expect(strong[0]).toHaveTextContent('Oat flakes');
    expect(screen.getByText('Allergens are shown in bold.')).toBeInTheDocument();
  });

  it('declares nutrition per 100 g and per portion in the order and words of the regulation', () => {
    show(FOOD);
    const table = screen.getByRole('table', { name: 'Nutrition declaration' });
    const rows = within(table).getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent?.replace(/\u00a0/g, ' ')));
    expect(rows).toEqual([
      ['Average values', 'Per 100 g', 'Per portion (40 g)'],
      ['Energy', '1,046 kJ / 250 kcal', '418 kJ / 100 kcal'],
      ['Fat', '10 g', '4 g'],
      ['of which saturates', '4 g', '1.6 g'],
      ['Carbohydrate', '30 g', '12 g'],
      ['of which sugars', '5 g', '2 g'],
      ['Protein', '8 g', '3.2 g'],
      ['Salt', '1.2 g', '0.5 g'],
    ]);
  });

  it('uses the Italian wording of Regulation 1169/2011 on an Italian page', () => {
    show(FOOD, 'it');
    const table = screen.getByRole('table', { name: 'Dichiarazione nutrizionale' });
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Energia',
      'Grassi',
      'di cui acidi grassi saturi',
      'Carboidrati',
      'di cui zuccheri',
      'Proteine',
      'Sale',
    ]);
    expect(screen.getByText('Da consumarsi preferibilmente entro')).toBeInTheDocument();
  });

  it("shows the scanned batch's best-before date, or sends the shopper to the package without one, with quantity, storage, origin and operator", () => {
    const batch = { lot: 'L-7', productionDate: null, expiryDate: '2027-03-01', bestBeforeDate: '2027-02-14', expired: false };
    const { unmount } = show(FOOD, 'en', { batch });
    expect(screen.getByTestId('label-date')).toHaveTextContent('February 14, 2027');
    const facts = screen.getByTestId('label-food-facts');
    expect(facts).toHaveTextContent('Net quantity200 g');
    expect(facts).toHaveTextContent('Storage conditionsKeep dry.');
    expect(facts).toHaveTextContent('OriginOats from Sweden');
    expect(facts).toHaveTextContent('Food business operatorNordic Foods AB');
    unmount();
    show({ ...FOOD, dateMarking: 'useBy' } as ProductLabelInput, 'en', { batch });
    expect(screen.getByText('Use by')).toBeInTheDocument();
    expect(screen.getByTestId('label-date')).toHaveTextContent('March 1, 2027');
  });

  it('without a batch says where the date is', () => {
    show(FOOD);
    expect(screen.getByTestId('label-date')).toHaveTextContent('see the date on the package');
  });
});

describe('the wine e-label', () => {
  it.each(UI_LANGUAGES)('says in %s that the page collects no data', (ui) => {
    show(WINE, ui);
    expect(screen.getByTestId('label-no-data')).toHaveTextContent(CATALOGUES[ui]['label.noData']!);
  });

  it('declares ingredients with sulphites emphasised, nutrition per 100 ml and the alcoholic strength', () => {
    show(WINE);
    expect(screen.getByTestId('label-ingredients').querySelector('strong')).toHaveTextContent('Sulphites (allergen: sulphur dioxide and sulphites)');
    const table = screen.getByRole('table', { name: 'Nutrition declaration' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Average values', 'Per 100 ml']);
    expect(screen.getByText('12.5 % vol')).toBeInTheDocument();
  });
});

describe('the textile label', () => {
  it('lists the fibres by share with the regulation names in the page language', () => {
    show(TEXTILE, 'ja');
    expect(within(screen.getByTestId('label-fibres')).getAllByRole('listitem').map((item) => item.textContent?.replace(/\u00a0/g, ' '))).toEqual(['95 % 綿', '5 % ポリウレタン']);
  });

  it('draws each care symbol as an image named by its meaning, with the meaning written beside it', () => {
    show(TEXTILE);
    const care = screen.getByTestId('label-care');
    const images = within(care).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('aria-label'))).toEqual(['Machine wash, max. 40 °C', 'Do not bleach', 'Iron at low temperature, max. 110 °C']);
    expect(images[0].tagName.toLowerCase()).toBe('svg');
    expect(images[0].querySelector('title')).toHaveTextContent('Machine wash, max. 40 °C');
    expect(within(care).getAllByRole('listitem')[0]).toHaveTextContent('Washing: Machine wash, max. 40 °C');
  });
});

describe('where the label is shown', () => {
  it('on the passport view after its fields, and the label words ride with the smartLabel and dpp views only', () => {
    show(TEXTILE, 'en', { passport: corePassport() }, 'dpp');
    expect(screen.getByTestId('landing-dpp')).toBeInTheDocument();
    expect(screen.getByTestId('label-fibres')).toHaveTextContent('95 % cotton');
    expect(Object.keys(landingMessages(en, 'index')).some((id) => id.startsWith('label.'))).toBe(false);
    expect(landingMessages(en, 'smartLabel')['label.noData']).toBe('This page collects no data about you.');
  });

  it('a smart label with only a label is not empty', () => {
    const base = landingData('smartLabel');
    show(TEXTILE, 'en', { smartLabel: { details: '', dynamicInfo: [], options: [], certifications: [], label: productLabelSchema.parse(TEXTILE) }, product: { ...base.product, features: '', careInfo: { type: 'text', text: '', image: null } }, content: { ...base.content, productDetails: [] } });
    expect(screen.queryByTestId('landing-empty')).toBeNull();
    expect(screen.getByTestId('label-care')).toBeInTheDocument();
  });
});
