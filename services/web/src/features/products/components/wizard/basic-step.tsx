import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { gs1CheckDigit } from '@product-console/shared';
import { Field, Input, Label } from '@/components/ui/field';
import { FormSelect, Hint, Row } from '@/components/ui/form-controls';
import { FieldErrorSlot, fieldErrorId, fieldErrorProps } from '@/components/ui/field-error';
import type { MessageId } from '@/lib/i18n';
import { CATEGORIES, type ProductFormInput } from '@/features/products/components/product-form-model';
import { StepFieldError, defineStep, useFieldError, useWizard } from '@/features/products/components/wizard/wizard-context';

/** Whether the digits are a GTIN-8, -12, -13 or -14 with its check digit. */
const isValidGtin = (digits: string) => /^(\d{8}|\d{12,14})$/.test(digits) && String(gs1CheckDigit(digits.slice(0, -1))) === digits.slice(-1);

/** A GTIN-13 of the prefix: the prefix, zeros, item reference 1 and the check digit. */
function exampleGtin13(prefix: string): string | null {
  if (!/^\d{6,12}$/.test(prefix)) return null;
  const body = `${prefix}${'1'.padStart(12 - prefix.length, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** Service, project, category, name, number, GTIN and website. */
function BasicStep() {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { mode, services, projects, gcps } = useWizard();
  const { register, control, setValue, trigger } = useFormContext<ProductFormInput>();
  const category = Number(useWatch({ control, name: 'category_id' }));
  const gtin = useWatch({ control, name: 'gtin' }) ?? '';
  const subcategories = CATEGORIES.find((item) => item.id === category)?.subcategories ?? [];
  const projectError = useFieldError('project_id');
  const nameError = useFieldError('product_name');
  const numberError = useFieldError('product_number');
  const gtinError = useFieldError('gtin');
  const websiteError = useFieldError('product_website');
  // A GTIN typed without its check digit: offer the whole GTIN (create only; an edit cannot change it).
  // A valid GTIN-8, -12 or -13 is one already (the API pads it to 14 digits): adding a digit would change the product's identity.
  const checkDigitHint = /^(\d{7}|\d{11,13})$/.test(gtin) && !isValidGtin(gtin) ? `${gtin}${gs1CheckDigit(gtin)}` : null;
  // The format example starts with the company's own prefix.
  const example = gcps[0] ? exampleGtin13(gcps[0]) : null;

  return (
    <>
      <Row>
        <Field>
          <Label htmlFor="service">{t('products.field.service')}</Label>
          <FormSelect id="service" {...register('service')}>
            {services.map((service) => (
              <option key={service} value={service}>
                {service === 'DL' ? t('products.service.DL') : t('products.service.DPP')}
              </option>
            ))}
          </FormSelect>
        </Field>
        {projects && mode === 'create' ? (
          <Field>
            <Label htmlFor="project_id">{t('products.field.project')}</Label>
            <FormSelect
              id="project_id"
              // A project chosen clears its error at once (a select chosen with the mouse is not left).
              {...register('project_id', { valueAsNumber: true, onChange: () => void (projectError ? trigger('project_id') : undefined) })}
              {...fieldErrorProps('project_id', projectError)}
            >
              <option value="">{t('products.chooseProject')}</option>
              {projects.map((project) => (
                <option key={project.project_id} value={project.project_id}>
                  {project.project_name}
                </option>
              ))}
            </FormSelect>
            <FieldErrorSlot inputId="project_id" error={projectError ? 'products.chooseProject' : undefined} />
          </Field>
        ) : null}
      </Row>
      <Row>
        <Field>
          <Label htmlFor="category_id">{t('products.field.category')}</Label>
          <FormSelect id="category_id" {...register('category_id', { valueAsNumber: true, onChange: () => setValue('subcategoryId', null) })}>
            {CATEGORIES.map((item) => (
              <option key={item.id} value={item.id}>
                {t(`products.category.${item.id}` as MessageId)}
              </option>
            ))}
          </FormSelect>
        </Field>
        <Field>
          <Label htmlFor="subcategoryId">{t('products.field.subcategory')}</Label>
          <Controller
            control={control}
            name="subcategoryId"
            render={({ field }) => (
              <FormSelect
                id="subcategoryId"
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
              >
                <option value="">{t('products.none')}</option>
                {subcategories.map((id) => (
                  <option key={id} value={id}>
                    {t(`products.subcategory.${id}` as MessageId)}
                  </option>
                ))}
              </FormSelect>
            )}
          />
        </Field>
      </Row>
      <Row>
        <Field>
          <Label htmlFor="product_name">{t('products.field.name')}</Label>
          <Input id="product_name" {...register('product_name')} {...fieldErrorProps('product_name', nameError)} />
          <StepFieldError name="product_name" />
        </Field>
        <Field>
          <Label htmlFor="product_number">{t('products.field.number')}</Label>
          <Input id="product_number" {...register('product_number')} {...fieldErrorProps('product_number', numberError)} />
          <StepFieldError name="product_number" />
        </Field>
      </Row>
      <Row>
        <Field>
          <Label htmlFor="gtin">{t('products.field.gtin')}</Label>
          <Input
            id="gtin"
            inputMode="numeric"
            autoComplete="off"
            readOnly={mode === 'edit'}
            {...register('gtin')}
            aria-invalid={Boolean(gtinError)}
            aria-describedby={gtinError ? `gtin-hint ${fieldErrorId('gtin')}` : 'gtin-hint'}
          />
          <Hint id="gtin-hint">
            {gcps.length > 0 ? t('products.gtinHint', { prefixes: gcps.join(', '), example: example ?? '' }) : t('products.noGcps')}
            {checkDigitHint && mode === 'create' ? (
              <>
                {' '}
                <button type="button" onClick={() => setValue('gtin', checkDigitHint, { shouldValidate: true })} data-testid="gtin-add-check-digit">
                  {t('products.addCheckDigit', { gtin: checkDigitHint })}
                </button>
              </>
            ) : null}
          </Hint>
          <StepFieldError name="gtin" />
        </Field>
        <Field>
          <Label htmlFor="product_website">{t('products.field.website')}</Label>
          <Input id="product_website" type="url" placeholder="https://" {...register('product_website')} {...fieldErrorProps('product_website', websiteError)} />
          <StepFieldError name="product_website" />
        </Field>
      </Row>
    </>
  );
}

export const basicStep = defineStep({
  id: 'basic',
  label: 'wizard.step.basic',
  fields: ['service', 'project_id', 'category_id', 'subcategoryId', 'product_name', 'product_number', 'gtin', 'product_website'],
  Component: BasicStep,
});
