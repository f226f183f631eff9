import styled from 'styled-components';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Field, Label } from '@/components/ui/field';
import { CheckRow, Fieldset, FormSelect, Inline, Legend, TextArea } from '@/components/ui/form-controls';
import type { MessageId } from '@/lib/i18n';
import { DropZone } from '@/components/ui/drop-zone';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@/lib/files';
import type { ProductFormInput } from '@/features/products/components/product-form-model';
import { StepFieldError, StepInput, StepTextArea, defineStep, useWizard } from '@/features/products/components/wizard/wizard-context';

// Every field of a row reserves a line for its error: the row's button sits level with the inputs.
const ListRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr auto;
  gap: 8px;
  align-items: end;
  & > button { margin-bottom: 22px; }
`;

const OptionRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr 1fr auto;
  gap: 8px;
  align-items: end;
  & > button { margin-bottom: 22px; }
`;

function useT() {
  const intl = useIntl();
  return (id: MessageId, values?: Record<string, number>) => intl.formatMessage({ id }, values);
}

function Certifications() {
  const t = useT();
  const { certifications } = useWizard();
  const { control } = useFormContext<ProductFormInput>();
  return (
    <Fieldset $gap={0}>
      <Legend>{t('products.field.certification')}</Legend>
      <Controller
        control={control}
        name="certification"
        render={({ field }) => (
          <Inline $gap={14}>
            {certifications.map((certification) => {
              const value = field.value ?? [];
              return (
                <CheckRow key={certification.id}>
                  <input
                    type="checkbox"
                    checked={value.includes(certification.id)}
                    onChange={(event) => field.onChange(event.target.checked ? [...value, certification.id] : value.filter((id) => id !== certification.id))}
                  />
                  {certification.name}
                </CheckRow>
              );
            })}
          </Inline>
        )}
      />
    </Fieldset>
  );
}

/** Care instructions, as text or as an image; only clothing (category 1) has them. */
function CareInfo() {
  const t = useT();
  const { files, setFiles } = useWizard();
  const { register, control } = useFormContext<ProductFormInput>();
  const careInfoType = useWatch({ control, name: 'careInfoType' });
  return (
    <Fieldset $gap={10}>
      <Legend>{t('products.field.careInfo')}</Legend>
      <Inline $gap={16}>
        <CheckRow>
          <input type="radio" value="text" {...register('careInfoType')} />
          {t('products.careInfo.text')}
        </CheckRow>
        <CheckRow>
          <input type="radio" value="image" {...register('careInfoType')} />
          {t('products.careInfo.image')}
        </CheckRow>
      </Inline>
      {careInfoType === 'image' ? (
        <DropZone
          label={t('products.careInfo.image')}
          testId="care-info-input"
          accept={IMAGE_TYPES}
          maxBytes={UPLOAD_MAX_BYTES}
          files={files.careInfoImage ? [files.careInfoImage] : []}
          onChange={(list) => setFiles((current) => ({ ...current, careInfoImage: list[0] ?? null }))}
        />
      ) : (
        <TextArea aria-label={t('products.careInfo.text')} rows={2} {...register('careInfoText')} />
      )}
    </Fieldset>
  );
}

function DynamicInfo() {
  const t = useT();
  const { control } = useFormContext<ProductFormInput>();
  const dynamicInfo = useFieldArray({ control, name: 'dynamicInfo' });
  return (
    <Fieldset>
      <Legend>{t('products.field.dynamicInfo')}</Legend>
      {dynamicInfo.fields.map((item, position) => (
        <ListRow key={item.id}>
          <Field>
            <Label htmlFor={`dynamic-label-${position}`}>{t('products.dynamicInfo.label')}</Label>
            <StepInput id={`dynamic-label-${position}`} name={`dynamicInfo.${position}.label`} />
            <StepFieldError name={`dynamicInfo.${position}.label`} inputId={`dynamic-label-${position}`} />
          </Field>
          <Field>
            <Label htmlFor={`dynamic-value-${position}`}>{t('products.dynamicInfo.value')}</Label>
            <StepInput id={`dynamic-value-${position}`} name={`dynamicInfo.${position}.value`} />
            <StepFieldError name={`dynamicInfo.${position}.value`} inputId={`dynamic-value-${position}`} />
          </Field>
          <Button $variant="outline" onClick={() => dynamicInfo.remove(position)}>
            {t('products.images.remove')}
          </Button>
        </ListRow>
      ))}
      <div>
        <Button $size="sm" $variant="outline" onClick={() => dynamicInfo.append({ label: '', value: '' })} data-testid="dynamic-info-add">
          {t('products.dynamicInfo.add')}
        </Button>
      </div>
    </Fieldset>
  );
}

/** Product options (size, colour...), each optionally showing one of the product's images. */
function Options() {
  const t = useT();
  const { files } = useWizard();
  const { control } = useFormContext<ProductFormInput>();
  const options = useFieldArray({ control, name: 'options' });
  return (
    <Fieldset>
      <Legend>{t('products.field.options')}</Legend>
      {options.fields.map((item, position) => (
        <OptionRow key={item.id}>
          <Field>
            <Label htmlFor={`option-name-${position}`}>{t('products.option.name')}</Label>
            <StepInput id={`option-name-${position}`} name={`options.${position}.name`} />
            <StepFieldError name={`options.${position}.name`} inputId={`option-name-${position}`} />
          </Field>
          <Field>
            <Label htmlFor={`option-value-${position}`}>{t('products.option.value')}</Label>
            <StepInput id={`option-value-${position}`} name={`options.${position}.value`} />
            <StepFieldError name={`options.${position}.value`} inputId={`option-value-${position}`} />
          </Field>
          <Field>
            <Label htmlFor={`option-image-${position}`}>{t('products.option.image')}</Label>
            <Controller
              control={control}
              name={`options.${position}.image`}
              render={({ field }) => (
                <FormSelect id={`option-image-${position}`} value={field.value ?? ''} onChange={(event) => field.onChange(event.target.value || null)}>
                  <option value="">{t('products.none')}</option>
                  {files.retainedImages.map((path, number) => (
                    <option key={path} value={path}>
                      {t('products.images.stored', { index: number + 1 })}
                    </option>
                  ))}
                  {files.productImages.map((file, number) => (
                    <option key={`${file.name}-${number}`} value={`productImg:${number}`}>
                      {file.name}
                    </option>
                  ))}
                </FormSelect>
              )}
            />
            <StepFieldError name={`options.${position}.image`} inputId={`option-image-${position}`} />
          </Field>
          <Button $variant="outline" onClick={() => options.remove(position)}>
            {t('products.images.remove')}
          </Button>
        </OptionRow>
      ))}
      <div>
        <Button $size="sm" $variant="outline" onClick={() => options.append({ name: '', value: '', image: null })} data-testid="option-add">
          {t('products.option.add')}
        </Button>
      </div>
    </Fieldset>
  );
}

/** Texts, certifications, the NFC flag, care information, dynamic information and options. */
function DetailsStep() {
  const t = useT();
  const { control } = useFormContext<ProductFormInput>();
  const category = Number(useWatch({ control, name: 'category_id' }));
  return (
    <>
      <Field>
        <Label htmlFor="features">{t('products.field.features')}</Label>
        <StepTextArea id="features" name="features" />
      </Field>
      <Field>
        <Label htmlFor="description">{t('products.field.description')}</Label>
        <StepTextArea id="description" name="description" />
      </Field>
      <Field>
        <Label htmlFor="details">{t('products.field.details')}</Label>
        <StepTextArea id="details" name="details" />
      </Field>
      <Certifications />
      {/* The NFC flag is a property of the product, not a certification: a group of its own. */}
      <Fieldset $gap={0} data-testid="nfc-group">
        <Legend>{t('products.field.nfc')}</Legend>
        <Controller
          control={control}
          name="isNFC"
          render={({ field }) => (
            <CheckRow>
              <input type="checkbox" checked={field.value === 1} onChange={(event) => field.onChange(event.target.checked ? 1 : 0)} data-testid="nfc-flag" />
              {t('products.field.nfcCarries')}
            </CheckRow>
          )}
        />
      </Fieldset>
      {category === 1 ? <CareInfo /> : null}
      <DynamicInfo />
      <Options />
    </>
  );
}

export const detailsStep = defineStep({
  id: 'details',
  label: 'wizard.step.details',
  fields: ['features', 'description', 'certification', 'isNFC', 'details', 'dynamicInfo', 'options', 'careInfoType', 'careInfoText'],
  Component: DetailsStep,
});
