import { useState } from 'react';
import styled from 'styled-components';
import { useFieldArray, useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import {
  ALLERGEN_GROUPS,
  CARE_GROUPS,
  CARE_SYMBOLS,
  LABEL_ISSUES,
  NET_QUANTITY_UNITS,
  NUTRIENTS,
  TEXTILE_FIBRES,
  productLabelSchema,
  type CareGroup,
  type FieldErrorDetail,
  type LabelIssue,
  type LabelKind,
  type Nutrient,
  type ProductLabel,
} from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button, IconButton } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { Fieldset, FormSelect, Hint, Legend, TextArea } from '@/components/ui/form-controls';
import { isApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { encodeFieldError, fieldErrorMessage, type IssueLike } from '@/lib/field-errors';
import type { MessageId } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';
import { CareSymbolImage } from '@/landing/components/care-symbol';
import { saveProductLabel } from '@/features/labels/api/label-api';

/*
 * The edit wizard's label step (issue 29): a smart-label product's food, wine or textile label.
 * Every field is checked by the shared schema before sending, and the API's 400 lands on the same
 * fields; each error is written under its field and the first one gets the keyboard.
 */

type Kind = LabelKind | 'none';

interface FormValues {
  ingredients: { name: string; allergen: string; percent: number | null }[];
  nutritionBasis: 'g' | 'ml';
  nutrition: Record<Nutrient, number | null>;
  portionSize: number | null;
  netQuantity: { amount: number | null; unit: string };
  dateMarking: 'bestBefore' | 'useBy';
  storage: string;
  origin: string;
  operator: { name: string; address: string };
  alcohol: number | null;
  fibres: { fibre: string; percent: number | null }[];
  care: Record<CareGroup, string>;
}

const EMPTY_NUTRITION = Object.fromEntries(NUTRIENTS.map((key) => [key, null])) as Record<Nutrient, number | null>;

/** The form's values of a stored label (or empty ones). */
function formOf(label: ProductLabel | null): FormValues {
  const values: FormValues = {
    ingredients: [{ name: '', allergen: '', percent: null }],
    nutritionBasis: 'g',
    nutrition: { ...EMPTY_NUTRITION },
    portionSize: null,
    netQuantity: { amount: null, unit: 'g' },
    dateMarking: 'bestBefore',
    storage: '',
    origin: '',
    operator: { name: '', address: '' },
    alcohol: null,
    fibres: [{ fibre: '', percent: null }],
    care: { washing: '', bleaching: '', drying: '', ironing: '', professional: '' },
  };
  if (!label) return values;
  if (label.kind === 'textile') {
    return {
      ...values,
      fibres: label.fibres.map((item) => ({ ...item })),
      care: Object.fromEntries(CARE_GROUPS.map((group) => [group, label.care[group] ?? ''])) as Record<CareGroup, string>,
    };
  }
  const ingredients = label.ingredients.map((item) => ({ name: item.name, allergen: item.allergen ?? '', percent: item.percent }));
  if (label.kind === 'wine') {
    return { ...values, ingredients, nutrition: { ...label.nutrition }, alcohol: label.alcohol, netQuantity: label.netQuantity ?? { amount: null, unit: 'ml' } };
  }
  return {
    ...values,
    ingredients,
    nutritionBasis: label.nutritionBasis,
    nutrition: { ...label.nutrition },
    portionSize: label.portionSize,
    netQuantity: { ...label.netQuantity },
    dateMarking: label.dateMarking,
    storage: label.storage,
    origin: label.origin,
    operator: { ...label.operator },
  };
}

/** What the form sends for a kind: the shared schema checks it as the API will. */
function labelOf(kind: LabelKind, values: FormValues): unknown {
  const ingredients = values.ingredients.map((item) => ({ name: item.name, allergen: item.allergen || null, percent: item.percent }));
  switch (kind) {
    case 'food':
      return {
        kind,
        ingredients,
        nutritionBasis: values.nutritionBasis,
        nutrition: values.nutrition,
        portionSize: values.portionSize,
        netQuantity: values.netQuantity,
        dateMarking: values.dateMarking,
        storage: values.storage,
        origin: values.origin,
        operator: values.operator,
      };
    case 'wine':
      return {
        kind,
        ingredients,
        nutrition: values.nutrition,
        alcohol: values.alcohol,
        netQuantity: values.netQuantity.amount === null ? null : values.netQuantity,
      };
    case 'textile':
      return {
        kind,
        fibres: values.fibres,
        care: Object.fromEntries(CARE_GROUPS.map((group) => [group, values.care[group] || null])),
      };
  }
}

const ISSUE_KEYS = new Map<string, LabelIssue>(Object.entries(LABEL_ISSUES).map(([key, text]) => [text, key as LabelIssue]));

/** A template check's message in the UI language (`labels.error.{key}`), or the usual words of a field error. */
function encodedMessage(issue: IssueLike): string {
  const key = issue.code === 'custom' && issue.message ? ISSUE_KEYS.get(issue.message) : undefined;
  return encodeFieldError(key ? { id: `labels.error.${key}` as MessageId } : fieldErrorMessage(issue));
}

/** A number input's value: null when empty. */
const numberValue = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

const Stack = styled.div`
  display: grid;
  gap: 16px;
  min-width: 0;
`;

const Panel = styled(Card)`
  padding: 16px;
  display: grid;
  gap: 12px;
  min-width: 0;
  @media (max-width: 480px) {
    padding: 12px;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
  gap: 4px 16px;
  min-width: 0;
`;

const RowCard = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  padding: 8px 12px;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 160px), 1fr));
  gap: 4px 12px;
  align-items: start;
`;

const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px;
  padding-top: 20px;
  @media (max-width: 480px) {
    padding-top: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const CareRow = styled.div`
  display: grid;
  grid-template-columns: 40px minmax(0, 1fr);
  gap: 12px;
  align-items: center;
`;

const Notice = styled.p`
  margin: 0;
  padding: 10px 12px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.primarySoft};
`;

type Form = UseFormReturn<FormValues>;

function useErrorOf(form: Form) {
  return (path: FieldPath<FormValues>): string | undefined => {
    let node: unknown = form.formState.errors;
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return (node as { message?: string } | undefined)?.message;
  };
}

function TextField({ form, path, label, multiline, maxLength = 500 }: { form: Form; path: FieldPath<FormValues>; label: string; multiline?: boolean; maxLength?: number }) {
  const id = `label-${path.replace(/\./g, '-')}`;
  const error = useErrorOf(form)(path);
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      {multiline ? (
        <TextArea id={id} rows={2} maxLength={maxLength} {...fieldErrorProps(id, error)} {...form.register(path)} />
      ) : (
        <Input id={id} maxLength={maxLength} {...fieldErrorProps(id, error)} {...form.register(path)} />
      )}
      <FieldErrorSlot inputId={id} error={error} />
    </Field>
  );
}

function NumberField({ form, path, label, step = '0.01' }: { form: Form; path: FieldPath<FormValues>; label: string; step?: string }) {
  const id = `label-${path.replace(/\./g, '-')}`;
  const error = useErrorOf(form)(path);
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="number" inputMode="decimal" min={0} step={step} {...fieldErrorProps(id, error)} {...form.register(path, { setValueAs: numberValue })} />
      <FieldErrorSlot inputId={id} error={error} />
    </Field>
  );
}

function SelectField({ form, path, label, options }: { form: Form; path: FieldPath<FormValues>; label: string; options: { value: string; label: string }[] }) {
  const id = `label-${path.replace(/\./g, '-')}`;
  const error = useErrorOf(form)(path);
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <FormSelect id={id} {...fieldErrorProps(id, error)} {...form.register(path)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </FormSelect>
      <FieldErrorSlot inputId={id} error={error} />
    </Field>
  );
}

function Ingredients({ form }: { form: Form }) {
  const intl = useIntl();
  const rows = useFieldArray({ control: form.control, name: 'ingredients' });
  const listError = useErrorOf(form)('ingredients');
  const allergens = [
    { value: '', label: intl.formatMessage({ id: 'labels.ingredient.notAllergen' }) },
    ...ALLERGEN_GROUPS.map((group) => ({ value: group, label: intl.formatMessage({ id: `label.allergen.${group}` as MessageId }) })),
  ];
  return (
    <Fieldset data-testid="label-ingredients-editor">
      <Legend>
        <FormattedMessage id="label.ingredients" />
      </Legend>
      <Hint>
        <FormattedMessage id="labels.ingredientsHint" />
      </Hint>
      {rows.fields.map((row, index) => {
        const number = index + 1;
        return (
          <RowCard key={row.id}>
            <TextField form={form} path={`ingredients.${index}.name`} label={intl.formatMessage({ id: 'labels.ingredient.name' }, { number })} maxLength={120} />
            <SelectField form={form} path={`ingredients.${index}.allergen`} label={intl.formatMessage({ id: 'labels.ingredient.allergen' }, { number })} options={allergens} />
            <NumberField form={form} path={`ingredients.${index}.percent`} label={intl.formatMessage({ id: 'labels.ingredient.percent' }, { number })} />
            <RowActions>
              <IconButton
                type="button"
                aria-label={intl.formatMessage({ id: 'labels.ingredient.up' }, { number })}
                title={intl.formatMessage({ id: 'labels.ingredient.up' }, { number })}
                disabled={index === 0}
                onClick={() => rows.move(index, index - 1)}
              >
                ↑
              </IconButton>
              <IconButton
                type="button"
                aria-label={intl.formatMessage({ id: 'labels.ingredient.down' }, { number })}
                title={intl.formatMessage({ id: 'labels.ingredient.down' }, { number })}
                disabled={index === rows.fields.length - 1}
                onClick={() => rows.move(index, index + 1)}
              >
                ↓
              </IconButton>
              <Button $variant="ghost" $size="sm" disabled={rows.fields.length === 1} onClick={() => rows.remove(index)}>
                <FormattedMessage id="labels.ingredient.remove" values={{ number }} />
              </Button>
            </RowActions>
          </RowCard>
        );
      })}
      {listError ? <FieldErrorSlot inputId="label-ingredients" error={listError} /> : null}
      <Actions>
        <Button $variant="outline" $size="sm" onClick={() => rows.append({ name: '', allergen: '', percent: null })} disabled={rows.fields.length >= 60}>
          <FormattedMessage id="labels.ingredient.add" />
        </Button>
      </Actions>
    </Fieldset>
  );
}

function NutritionFields({ form, kind }: { form: Form; kind: 'food' | 'wine' }) {
  const intl = useIntl();
  const grams = (nutrient: string) => intl.formatMessage({ id: 'labels.grams' }, { nutrient: intl.formatMessage({ id: `label.nutrient.${nutrient}` as MessageId }) });
  return (
    <Fieldset>
      <Legend>
        <FormattedMessage id="label.nutrition" />
      </Legend>
      <Grid>
        {kind === 'food' ? (
          <SelectField
            form={form}
            path="nutritionBasis"
            label={intl.formatMessage({ id: 'labels.nutritionBasis' })}
            options={[
              { value: 'g', label: intl.formatMessage({ id: 'label.per100g' }) },
              { value: 'ml', label: intl.formatMessage({ id: 'label.per100ml' }) },
            ]}
          />
        ) : null}
        {kind === 'food' ? <NumberField form={form} path="portionSize" label={intl.formatMessage({ id: 'labels.portionSize' })} /> : null}
      </Grid>
      <Grid>
        <NumberField form={form} path="nutrition.energyKj" label={intl.formatMessage({ id: 'labels.energyKj' })} />
        <NumberField form={form} path="nutrition.energyKcal" label={intl.formatMessage({ id: 'labels.energyKcal' })} />
        {(['fat', 'saturates', 'carbohydrate', 'sugars', 'protein', 'salt'] as const).map((nutrient) => (
          <NumberField key={nutrient} form={form} path={`nutrition.${nutrient}`} label={grams(nutrient)} />
        ))}
      </Grid>
    </Fieldset>
  );
}

function NetQuantity({ form, units }: { form: Form; units: readonly string[] }) {
  const intl = useIntl();
  return (
    <Grid>
      <NumberField form={form} path="netQuantity.amount" label={intl.formatMessage({ id: 'labels.netAmount' })} />
      <SelectField form={form} path="netQuantity.unit" label={intl.formatMessage({ id: 'labels.unit' })} options={units.map((unit) => ({ value: unit, label: unit }))} />
    </Grid>
  );
}

function FoodFields({ form }: { form: Form }) {
  const intl = useIntl();
  return (
    <>
      <Ingredients form={form} />
      <NutritionFields form={form} kind="food" />
      <Fieldset>
        <Legend>
          <FormattedMessage id="label.food.title" />
        </Legend>
        <NetQuantity form={form} units={NET_QUANTITY_UNITS} />
        <SelectField
          form={form}
          path="dateMarking"
          label={intl.formatMessage({ id: 'labels.dateMarking' })}
          options={[
            { value: 'bestBefore', label: intl.formatMessage({ id: 'label.bestBefore' }) },
            { value: 'useBy', label: intl.formatMessage({ id: 'label.useBy' }) },
          ]}
        />
        <Hint>
          <FormattedMessage id="labels.dateMarkingHint" />
        </Hint>
        <TextField form={form} path="storage" label={intl.formatMessage({ id: 'label.storage' })} multiline />
        <TextField form={form} path="origin" label={intl.formatMessage({ id: 'label.origin' })} maxLength={200} />
        <Grid>
          <TextField form={form} path="operator.name" label={intl.formatMessage({ id: 'labels.operatorName' })} maxLength={200} />
          <TextField form={form} path="operator.address" label={intl.formatMessage({ id: 'labels.operatorAddress' })} />
        </Grid>
      </Fieldset>
    </>
  );
}

function WineFields({ form }: { form: Form }) {
  const intl = useIntl();
  return (
    <>
      <Notice data-testid="label-wine-notice">
        <FormattedMessage id="labels.wineNotice" />
      </Notice>
      <Ingredients form={form} />
      <NutritionFields form={form} kind="wine" />
      <Fieldset>
        <Legend>
          <FormattedMessage id="label.wine.title" />
        </Legend>
        <Grid>
          <NumberField form={form} path="alcohol" label={intl.formatMessage({ id: 'labels.alcohol' })} step="0.1" />
        </Grid>
        <NetQuantity form={form} units={['ml', 'l']} />
      </Fieldset>
    </>
  );
}

function TextileFields({ form }: { form: Form }) {
  const intl = useIntl();
  const rows = useFieldArray({ control: form.control, name: 'fibres' });
  const fibres = useWatch({ control: form.control, name: 'fibres' });
  const care = useWatch({ control: form.control, name: 'care' });
  const total = Math.round((fibres ?? []).reduce((sum, item) => sum + (Number(item.percent) || 0), 0) * 100) / 100;
  const totalError = useErrorOf(form)('fibres');
  const fibreOptions = [
    { value: '', label: '—' },
    ...TEXTILE_FIBRES.map((fibre) => ({ value: fibre, label: intl.formatMessage({ id: `label.fibre.${fibre}` as MessageId }) })).sort((a, b) =>
      a.label.localeCompare(b.label, intl.locale),
    ),
  ];
  return (
    <>
      <Fieldset data-testid="label-fibres-editor">
        <Legend>
          <FormattedMessage id="label.fibres" />
        </Legend>
        {rows.fields.map((row, index) => {
          const number = index + 1;
          return (
            <RowCard key={row.id}>
              <SelectField form={form} path={`fibres.${index}.fibre`} label={intl.formatMessage({ id: 'labels.fibre' }, { number })} options={fibreOptions} />
              <NumberField form={form} path={`fibres.${index}.percent`} label={intl.formatMessage({ id: 'labels.fibrePercent' }, { number })} />
              <RowActions>
                <Button $variant="ghost" $size="sm" disabled={rows.fields.length === 1} onClick={() => rows.remove(index)}>
                  <FormattedMessage id="labels.fibreRemove" values={{ number }} />
                </Button>
              </RowActions>
            </RowCard>
          );
        })}
        <Hint data-testid="label-fibre-total" aria-live="polite">
          <FormattedMessage id="labels.fibreTotal" values={{ total: intl.formatNumber(total) }} />
        </Hint>
        <FieldErrorSlot inputId="label-fibres" error={totalError} testId="label-fibres-error" />
        <Actions>
          <Button $variant="outline" $size="sm" onClick={() => rows.append({ fibre: '', percent: null })} disabled={rows.fields.length >= 12}>
            <FormattedMessage id="labels.fibreAdd" />
          </Button>
        </Actions>
      </Fieldset>
      <Fieldset>
        <Legend>
          <FormattedMessage id="label.care" />
        </Legend>
        {CARE_GROUPS.map((group) => {
          const chosen = care?.[group];
          const symbol = chosen ? CARE_SYMBOLS[group].find((value) => value === chosen) : undefined;
          return (
            <CareRow key={group}>
              {symbol ? <CareSymbolImage symbol={symbol} meaning={intl.formatMessage({ id: `label.careSymbol.${symbol}` as MessageId })} /> : <span />}
              <SelectField
                form={form}
                path={`care.${group}`}
                label={intl.formatMessage({ id: `label.careGroup.${group}` as MessageId })}
                options={[
                  { value: '', label: intl.formatMessage({ id: 'labels.careNone' }) },
                  ...CARE_SYMBOLS[group].map((value) => ({ value, label: intl.formatMessage({ id: `label.careSymbol.${value}` as MessageId }) })),
                ]}
              />
            </CareRow>
          );
        })}
      </Fieldset>
    </>
  );
}

export interface LabelEditorProps {
  productId: number;
  /** The label as stored (`GET /api/product/` answers it). */
  label: ProductLabel | null;
  /** SWR keys to refresh after a save (the product's read). */
  productKey: string;
}

/** The label step: template, its fields, Save; Remove asks first. */
export function LabelEditor({ productId, label, productKey }: LabelEditorProps) {
  const intl = useIntl();
  const { mutate } = useSWRConfig();
  const [kind, setKind] = useState<Kind>(label?.kind ?? 'none');
  const [stored, setStored] = useState<ProductLabel | null>(label);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<true | null>(null);
  const form = useForm<FormValues>({ defaultValues: formOf(label), shouldFocusError: false });

  function showIssues(issues: readonly IssueLike[]) {
    form.clearErrors();
    let first: string | null = null;
    for (const issue of issues) {
      const path = (typeof issue.path === 'string' ? issue.path : (issue.path ?? []).map(String).join('.')).replace(/^label\.?/, '');
      if (!path || path === 'kind') continue;
      form.setError(path as FieldPath<FormValues>, { type: issue.code ?? 'invalid', message: encodedMessage({ ...issue, path }) });
      first ??= path;
    }
    if (first) {
      // A list-wide error (the fibres' total) puts the keyboard on the list's first value.
      const target = first === 'fibres' ? 'fibres.0.percent' : first === 'ingredients' ? 'ingredients.0.name' : first;
      const element = document.getElementById(`label-${target.replace(/\./g, '-')}`);
      element?.scrollIntoView?.({ block: 'center' });
      element?.focus({ preventScroll: true });
    }
    return first !== null;
  }

  async function save(next: ProductLabel | null) {
    setFailure(null);
    try {
      const saved = await saveProductLabel(productId, next);
      setStored(saved);
      await mutate(productKey);
      showSnackbar(intl.formatMessage({ id: next ? 'labels.saved' : 'labels.removed' }), 'success');
      if (!saved) {
        setKind('none');
        form.reset(formOf(null));
      }
    } catch (error) {
      if (isApiError(error) && error.details?.length && showIssues(error.details as FieldErrorDetail[])) {
        setFailure(intl.formatMessage({ id: 'labels.fixErrors' }));
        return;
      }
      setFailure(apiErrorMessage(intl, error));
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    if (kind === 'none') {
      if (stored) setConfirming(true);
      return;
    }
    const parsed = productLabelSchema.safeParse(labelOf(kind, values), { reportInput: true });
    if (!parsed.success) {
      showIssues(parsed.error.issues as IssueLike[]);
      setFailure(intl.formatMessage({ id: 'labels.fixErrors' }));
      return;
    }
    form.clearErrors();
    await save(parsed.data);
  });

  return (
    <Stack data-testid="label-step">
      <Panel as="form" noValidate onSubmit={(event: React.FormEvent) => {
          // Errors of the last check are the schema's, not the fields' own rules: each Save checks afresh.
          form.clearErrors();
          void onSubmit(event);
        }} aria-labelledby="label-step-title">
        <h2 id="label-step-title" style={{ margin: 0, fontSize: 18 }}>
          <FormattedMessage id="labels.title" />
        </h2>
        <Hint>
          <FormattedMessage id="labels.intro" />
        </Hint>
        <Field>
          <Label htmlFor="label-kind">
            <FormattedMessage id="labels.template" />
          </Label>
          <FormSelect
            id="label-kind"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as Kind);
              setFailure(null);
              form.clearErrors();
            }}
          >
            {(['none', 'food', 'wine', 'textile'] as const).map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage({ id: `labels.kind.${value}` })}
              </option>
            ))}
          </FormSelect>
        </Field>
        {kind === 'food' ? <FoodFields form={form} /> : null}
        {kind === 'wine' ? <WineFields form={form} /> : null}
        {kind === 'textile' ? <TextileFields form={form} /> : null}
        {failure ? (
          <FormAlert role="alert" data-testid="label-failure">
            {failure}
          </FormAlert>
        ) : null}
        <Actions>
          <Button type="submit" disabled={form.formState.isSubmitting || (kind === 'none' && !stored)} data-testid="label-save">
            <FormattedMessage id={kind === 'none' && stored ? 'labels.remove' : 'labels.save'} />
          </Button>
          {stored && kind !== 'none' ? (
            <Button $variant="outline" onClick={() => setConfirming(true)} data-testid="label-remove">
              <FormattedMessage id="labels.remove" />
            </Button>
          ) : null}
        </Actions>
      </Panel>
      <ConfirmDialog
        payload={confirming}
        onClose={() => setConfirming(null)}
        onConfirm={() => save(null)}
        title={<FormattedMessage id="labels.remove" />}
        description={<FormattedMessage id="labels.removeConfirm" />}
        confirmLabel={<FormattedMessage id="labels.remove" />}
      />
    </Stack>
  );
}
