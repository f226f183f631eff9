import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  CARE_GROUPS,
  perPortion,
  type FoodLabel,
  type LandingBatch,
  type LabelIngredient,
  type Nutrition,
  type ProductLabel,
  type TextileLabel,
  type WineLabel,
} from '@product-console/shared';
import type enMessages from '@/locales/en.json';
import { CareSymbolImage } from './care-symbol';
import { LandingSection, VisuallyHidden, muted } from './product-landing';

/*
 * The labels a brand is obliged to show (issue 29): food (Regulation 1169/2011), the wine e-label
 * (2021/2117) and textile (1007/2011), in the regulation's own words of the page's UI language
 * (`label.*`). Allergens are emphasised and named for screen readers; care symbols are images named
 * by their meaning, with the meaning written beside them.
 */

/** A word of the labels (`label.*`), named from its parts. */
type LabelWord = Extract<keyof typeof enMessages, `label.${string}`>;
const word = (id: string) => id as LabelWord;

export interface ProductLabelSectionsProps {
  label: ProductLabel;
  /** The scanned batch, whose best-before or expiry date a food label shows. */
  batch?: LandingBatch | null;
  fg: string;
}

const Table = styled.table<{ $fg: string }>`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th, td {
    padding: 6px 0;
    border-bottom: 1px solid ${({ $fg }) => muted($fg, 18)};
    text-align: right;
    vertical-align: top;
  }
  th:first-child, td:first-child { text-align: left; padding-right: 8px; }
  td + td, th + th { padding-left: 8px; }
  thead th { font-weight: 600; font-size: 13px; }
  tbody th { font-weight: 400; }
  tbody th[data-part] { padding-left: 14px; }
`;

const Facts = styled.dl<{ $fg: string }>`
  margin: 0;
  > div {
    display: grid;
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
    gap: 12px;
    padding: 8px 0;
    border-bottom: 1px solid ${({ $fg }) => muted($fg, 18)};
  }
  dt, dd { margin: 0; }
  dt { font-weight: 600; }
  dd { white-space: pre-line; overflow-wrap: anywhere; }
`;

const Note = styled.p<{ $fg: string }>`
  && { margin: 6px 0 0; font-size: 13px; color: ${({ $fg }) => muted($fg)}; }
`;

const Privacy = styled.p<{ $fg: string }>`
  && {
    margin: 0;
    padding: 10px 12px;
    border: 1px solid ${({ $fg }) => muted($fg, 30)};
    border-radius: 8px;
    font-weight: 600;
  }
`;

const Fibres = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { padding: 2px 0; }
`;

const CareList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 10px;
  li { display: grid; grid-template-columns: 40px minmax(0, 1fr); gap: 12px; align-items: center; }
  svg { display: block; }
  span { display: block; }
`;

/** A number and its unit stay on one line. */
const NBSP = '\u00a0';

function useNumber() {
  const intl = useIntl();
  return (value: number, digits = 1) => intl.formatNumber(value, { maximumFractionDigits: digits });
}

function Ingredients({ items }: { items: readonly LabelIngredient[] }) {
  const intl = useIntl();
  const number = useNumber();
  return (
    <p data-testid="label-ingredients">
      {items.map((item, index) => (
        <span key={`${item.name}-${index}`}>
          {index > 0 ? ', ' : null}
          {item.allergen ? (
            <strong data-allergen={item.allergen}>
              {item.name}
              <VisuallyHidden lang={intl.locale}>
                {' '}
                {intl.formatMessage({ id: 'label.allergenSr' }, { group: intl.formatMessage({ id: word(`label.allergen.${item.allergen}`) }) })}
              </VisuallyHidden>
            </strong>
          ) : (
            item.name
          )}
          {item.percent !== null ? ` (${number(item.percent)}${NBSP}%)` : null}
        </span>
      ))}
    </p>
  );
}

type Row = Exclude<keyof Nutrition, 'energyKj' | 'energyKcal'> | 'energy';
const ROWS: { key: Row; part?: boolean }[] = [
  { key: 'energy' },
  { key: 'fat' },
  { key: 'saturates', part: true },
  { key: 'carbohydrate' },
  { key: 'sugars', part: true },
  { key: 'protein' },
  { key: 'salt' },
];

function NutritionTable({ nutrition, basis, portionSize, fg, id }: { nutrition: Nutrition; basis: 'g' | 'ml'; portionSize: number | null; fg: string; id: string }) {
  const intl = useIntl();
  const number = useNumber();
  const portion = portionSize ? perPortion(nutrition, portionSize) : null;
  const cell = (values: Nutrition, key: Row) =>
    key === 'energy' ? `${number(values.energyKj, 0)}${NBSP}kJ / ${number(values.energyKcal, 0)}${NBSP}kcal` : `${number(values[key])}${NBSP}g`;
  return (
    <Table $fg={fg} aria-labelledby={id} data-testid="label-nutrition">
      <thead lang={intl.locale}>
        <tr>
          <th scope="col">
            <FormattedMessage id="label.nutrientHead" />
          </th>
          <th scope="col">
            <FormattedMessage id={basis === 'ml' ? 'label.per100ml' : 'label.per100g'} />
          </th>
          {portion ? (
            <th scope="col">
              <FormattedMessage id="label.perPortion" values={{ size: `${number(portionSize!)} ${basis}` }} />
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {ROWS.map(({ key, part }) => (
          <tr key={key}>
            <th scope="row" lang={intl.locale} data-part={part ? '' : undefined}>
              <FormattedMessage id={word(`label.nutrient.${key}`)} />
            </th>
            <td>{cell(nutrition, key)}</td>
            {portion ? <td>{cell(portion, key)}</td> : null}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function Heading({ id, message }: { id: string; message: LabelWord }) {
  const intl = useIntl();
  return (
    <h2 id={id} lang={intl.locale}>
      <FormattedMessage id={message} />
    </h2>
  );
}

function AllergenNote({ items, fg }: { items: readonly LabelIngredient[]; fg: string }) {
  const intl = useIntl();
  return items.some((item) => item.allergen) ? (
    <Note $fg={fg} lang={intl.locale}>
      <FormattedMessage id="label.allergenNote" />
    </Note>
  ) : null;
}

function FoodSections({ label, batch, fg }: { label: FoodLabel; batch?: LandingBatch | null; fg: string }) {
  const intl = useIntl();
  const number = useNumber();
  const day = label.dateMarking === 'useBy' ? (batch?.expiryDate ?? batch?.bestBeforeDate) : (batch?.bestBeforeDate ?? batch?.expiryDate);
  const dateText = day ? intl.formatDate(day, { dateStyle: 'long', timeZone: 'UTC' }) : intl.formatMessage({ id: 'label.dateOnPack' });
  return (
    <>
      <LandingSection $fg={fg} data-testid="label-food-ingredients">
        <Heading id="label-ingredients" message="label.ingredients" />
        <Ingredients items={label.ingredients} />
        <AllergenNote items={label.ingredients} fg={fg} />
      </LandingSection>
      <LandingSection $fg={fg}>
        <Heading id="label-nutrition" message="label.nutrition" />
        <NutritionTable nutrition={label.nutrition} basis={label.nutritionBasis} portionSize={label.portionSize} fg={fg} id="label-nutrition" />
      </LandingSection>
      <LandingSection $fg={fg} data-testid="label-food-facts">
        <Heading id="label-food-facts" message="label.food.title" />
        <Facts $fg={fg}>
          <div>
            <dt lang={intl.locale}>
              <FormattedMessage id="label.netQuantity" />
            </dt>
            <dd>{`${number(label.netQuantity.amount, 2)}${NBSP}${label.netQuantity.unit}`}</dd>
          </div>
          <div>
            <dt lang={intl.locale}>
              <FormattedMessage id={label.dateMarking === 'useBy' ? 'label.useBy' : 'label.bestBefore'} />
            </dt>
            <dd data-testid="label-date">{dateText}</dd>
          </div>
          {label.storage ? (
            <div>
              <dt lang={intl.locale}>
                <FormattedMessage id="label.storage" />
              </dt>
              <dd>{label.storage}</dd>
            </div>
          ) : null}
          {label.origin ? (
            <div>
              <dt lang={intl.locale}>
                <FormattedMessage id="label.origin" />
              </dt>
              <dd>{label.origin}</dd>
            </div>
          ) : null}
          <div>
            <dt lang={intl.locale}>
              <FormattedMessage id="label.operator" />
            </dt>
            <dd>
              {label.operator.name}
              {'\n'}
              {label.operator.address}
            </dd>
          </div>
        </Facts>
      </LandingSection>
    </>
  );
}

function WineSections({ label, fg }: { label: WineLabel; fg: string }) {
  const intl = useIntl();
  const number = useNumber();
  return (
    <>
      <LandingSection $fg={fg}>
        <Privacy $fg={fg} lang={intl.locale} data-testid="label-no-data">
          <FormattedMessage id="label.noData" />
        </Privacy>
      </LandingSection>
      <LandingSection $fg={fg} data-testid="label-wine-ingredients">
        <Heading id="label-ingredients" message="label.ingredients" />
        <Ingredients items={label.ingredients} />
        <AllergenNote items={label.ingredients} fg={fg} />
      </LandingSection>
      <LandingSection $fg={fg}>
        <Heading id="label-nutrition" message="label.nutrition" />
        <NutritionTable nutrition={label.nutrition} basis="ml" portionSize={null} fg={fg} id="label-nutrition" />
      </LandingSection>
      {label.alcohol !== null || label.netQuantity ? (
        <LandingSection $fg={fg}>
          <Heading id="label-wine-facts" message="label.wine.title" />
          <Facts $fg={fg}>
            {label.alcohol !== null ? (
              <div>
                <dt lang={intl.locale}>
                  <FormattedMessage id="label.alcohol" />
                </dt>
                <dd>
                  <FormattedMessage id="label.alcoholValue" values={{ value: number(label.alcohol) }} />
                </dd>
              </div>
            ) : null}
            {label.netQuantity ? (
              <div>
                <dt lang={intl.locale}>
                  <FormattedMessage id="label.netQuantity" />
                </dt>
                <dd>{`${number(label.netQuantity.amount, 2)}${NBSP}${label.netQuantity.unit}`}</dd>
              </div>
            ) : null}
          </Facts>
        </LandingSection>
      ) : null}
    </>
  );
}

function TextileSections({ label, fg }: { label: TextileLabel; fg: string }) {
  const intl = useIntl();
  const number = useNumber();
  const symbols = CARE_GROUPS.flatMap((group) => {
    const symbol = label.care[group];
    return symbol ? [{ group, symbol }] : [];
  });
  return (
    <>
      <LandingSection $fg={fg} data-testid="label-fibres">
        <Heading id="label-fibres" message="label.fibres" />
        <Fibres>
          {[...label.fibres]
            .sort((a, b) => b.percent - a.percent)
            .map((item) => (
              <li key={item.fibre} lang={intl.locale}>
                {`${number(item.percent)}${NBSP}% `}
                <FormattedMessage id={word(`label.fibre.${item.fibre}`)} />
              </li>
            ))}
        </Fibres>
      </LandingSection>
      {symbols.length > 0 ? (
        <LandingSection $fg={fg} data-testid="label-care">
          <Heading id="label-care" message="label.care" />
          <CareList>
            {symbols.map(({ group, symbol }) => {
              const meaning = intl.formatMessage({ id: word(`label.careSymbol.${symbol}`) });
              return (
                <li key={group} lang={intl.locale}>
                  <CareSymbolImage symbol={symbol} meaning={meaning} />
                  <span>
                    <VisuallyHidden>{`${intl.formatMessage({ id: word(`label.careGroup.${group}`) })}: `}</VisuallyHidden>
                    {meaning}
                  </span>
                </li>
              );
            })}
          </CareList>
        </LandingSection>
      ) : null}
    </>
  );
}

/** The sections of a product's label, in the order the regulation lists its particulars. */
export function ProductLabelSections({ label, batch, fg }: ProductLabelSectionsProps) {
  switch (label.kind) {
    case 'food':
      return <FoodSections label={label} batch={batch} fg={fg} />;
    case 'wine':
      return <WineSections label={label} fg={fg} />;
    case 'textile':
      return <TextileSections label={label} fg={fg} />;
  }
}
