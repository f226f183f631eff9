import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Project, ProductSummary } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { SearchBox } from '@/components/list-toolbar';
import { ProjectOptions } from '@/components/project-options';
import { Card } from '@/components/ui/card';
import { Input, Label, Select } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { RANGE_PRESETS, rangeProblems, type DayRange } from '@/features/analytics/model/date-range';
import type { AnalyticsViewState } from '@/features/analytics/model/url-state';
import type { MessageId } from '@/lib/i18n';

const Bar = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 8px 16px;
  padding: 16px 20px;
`;

const Control = styled.div`
  display: grid;
  gap: 6px;
  min-width: 0;
  select { min-width: 160px; max-width: 260px; }
`;

const CustomForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 12px;
  input { height: 36px; width: 170px; }
  button { margin-top: 25px; }
`;

const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  height: 36px;
  /* Level with the selects under their labels. */
  margin-top: 25px;
  font-size: 14px;
  cursor: pointer;
`;

const Hint = styled.p`
  margin: 0;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Zone = styled.p`
  margin-inline-start: auto;
  margin-top: 33px;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface AnalyticsFiltersProps {
  state: AnalyticsViewState;
  /** The days asked for now (a preset's, or the custom ones). */
  range: DayRange;
  timeZone: string;
  projects: Project[];
  products: ProductSummary[];
  /** How many products the list has in all (more than `products` when one page does not hold them). */
  productsTotal: number;
  /** The text narrowing the product list, and its change (the caller debounces the request). */
  productSearch: string;
  onProductSearch: (text: string) => void;
  onChange: (next: AnalyticsViewState) => void;
}

const PRESET_LABELS: Record<(typeof RANGE_PRESETS)[number] | 'custom', MessageId> = {
  last7: 'analytics.range.last7',
  last30: 'analytics.range.last30',
  last90: 'analytics.range.last90',
  thisMonth: 'analytics.range.thisMonth',
  lastMonth: 'analytics.range.lastMonth',
  custom: 'analytics.range.custom',
};

/** Range (presets or two days), comparison, project and product: every change goes to the address. */
export function AnalyticsFilters({ state, range, timeZone, projects, products, productsTotal, productSearch, onProductSearch, onChange }: AnalyticsFiltersProps) {
  const intl = useIntl();
  const ids = { range: useId(), from: useId(), to: useId(), project: useId(), product: useId() };
  const [custom, setCustom] = useState<DayRange>(range);
  const [showCustom, setShowCustom] = useState(state.preset === 'custom');
  const [errors, setErrors] = useState<Partial<Record<keyof DayRange, string>>>({});

  function pickPreset(value: string) {
    if (value === 'custom') {
      setCustom(range);
      setShowCustom(true);
      return;
    }
    setShowCustom(false);
    setErrors({});
    onChange({ ...state, preset: value as AnalyticsViewState['preset'], custom: null });
  }

  function applyCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = rangeProblems(custom);
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, `analytics.range.error.${problem}`])));
    if (Object.keys(problems).length > 0) return;
    onChange({ ...state, preset: 'custom', custom });
  }

  return (
    <Bar as="div" data-testid="analytics-filters">
      <Control>
        <Label htmlFor={ids.range}>
          <FormattedMessage id="analytics.range.label" />
        </Label>
        <Select id={ids.range} value={showCustom ? 'custom' : state.preset} onChange={(event) => pickPreset(event.target.value)} data-testid="analytics-range">
          {[...RANGE_PRESETS, 'custom' as const].map((preset) => (
            <option key={preset} value={preset}>
              {intl.formatMessage({ id: PRESET_LABELS[preset] })}
            </option>
          ))}
        </Select>
      </Control>
      {showCustom ? (
        <CustomForm onSubmit={applyCustom} noValidate data-testid="analytics-custom-range">
          <Control>
            <Label htmlFor={ids.from}>
              <FormattedMessage id="analytics.range.from" />
            </Label>
            <Input id={ids.from} type="date" value={custom.from} onChange={(event) => setCustom({ ...custom, from: event.target.value })} {...fieldErrorProps(ids.from, errors.from)} />
            <FieldErrorSlot inputId={ids.from} error={errors.from} />
          </Control>
          <Control>
            <Label htmlFor={ids.to}>
              <FormattedMessage id="analytics.range.to" />
            </Label>
            <Input id={ids.to} type="date" value={custom.to} onChange={(event) => setCustom({ ...custom, to: event.target.value })} {...fieldErrorProps(ids.to, errors.to)} />
            <FieldErrorSlot inputId={ids.to} error={errors.to} testId="analytics-range-error" />
          </Control>
          <Button type="submit" $size="sm" $variant="secondary">
            <FormattedMessage id="analytics.range.apply" />
          </Button>
        </CustomForm>
      ) : null}
      <Check>
        <input type="checkbox" checked={state.compare} onChange={(event) => onChange({ ...state, compare: event.target.checked })} data-testid="analytics-compare" />
        <FormattedMessage id="analytics.compare" />
      </Check>
      <Control>
        <Label htmlFor={ids.project}>
          <FormattedMessage id="analytics.project" />
        </Label>
        <Select
          id={ids.project}
          value={state.projectId ?? ''}
          onChange={(event) => onChange({ ...state, projectId: event.target.value ? Number(event.target.value) : null, productId: null })}
          data-testid="analytics-project"
        >
          <ProjectOptions projects={projects} />
        </Select>
      </Control>
      <Control>
        <Label htmlFor={ids.product}>
          <FormattedMessage id="analytics.product" />
        </Label>
        {/* More products than one list holds: a search narrows the list (name, number or GTIN). */}
        {productsTotal > products.length || productSearch ? (
          <>
            <SearchBox
              value={productSearch}
              onChange={onProductSearch}
              label={intl.formatMessage({ id: 'analytics.productSearch' })}
              testId="analytics-product-search"
            />
            <Hint data-testid="analytics-products-shown">
              <FormattedMessage id="analytics.productsShown" values={{ shown: products.length, total: productsTotal }} />
            </Hint>
          </>
        ) : null}
        <Select
          id={ids.product}
          value={state.productId ?? ''}
          onChange={(event) => onChange({ ...state, productId: event.target.value ? Number(event.target.value) : null })}
          data-testid="analytics-product"
        >
          <option value="">{intl.formatMessage({ id: 'analytics.productsAll' })}</option>
          {/* A product from the address that the list does not hold (yet): still the one filtered on. */}
          {state.productId !== null && !products.some((product) => product.productId === state.productId) ? (
            <option value={state.productId}>#{state.productId}</option>
          ) : null}
          {products.map((product) => (
            <option key={product.productId} value={product.productId}>
              {product.product_name}
            </option>
          ))}
        </Select>
      </Control>
      <Zone data-testid="analytics-time-zone">
        <FormattedMessage id="analytics.timeZone" values={{ timeZone }} />
      </Zone>
    </Bar>
  );
}
