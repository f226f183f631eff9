import { useState } from 'react';
import styled from 'styled-components';
import { Controller, useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useIntl } from 'react-intl';
import { DESIGN_IMAGE_MAX, gs1CheckDigit, type Certification, type Project, type ServiceCode } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, FormAlert, Input, Label, Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { isApiError } from '@/lib/api-client';
import type { MessageId } from '@/lib/i18n';
import { ImagePicker } from '@/features/products/components/image-picker';
import { CheckRow, FieldError, Hint, Row, Stack, TextArea } from '@/components/ui/form-controls';
import {
  CATEGORIES,
  PRODUCT_IMAGE_MAX,
  STEP_FIELDS,
  WIZARD_STEPS,
  QR_DEFAULT_COLOURS,
  imageCount,
  productFormSchema,
  qrColoursScanWell,
  type ProductFormInput,
  type ProductFormValues,
  type WizardFiles,
  type WizardStep,
} from '@/features/products/components/product-form-model';

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  list-style: none;
  margin: 0 0 20px;
  padding: 0;
`;

const StepButton = styled.button<{ $current: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  padding: 8px 14px;
  border-radius: 999px;
  border: 1px solid ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $current }) => ($current ? theme.colors.primarySoft : 'transparent')};
  color: ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.textMuted)};
  font-weight: 600;
  cursor: pointer;
`;

const Body = styled(Card)`
  padding: 24px;
`;

const Footer = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  margin-top: 24px;
`;

const Progress = styled.progress`
  width: 100%;
  height: 8px;
`;

const ListRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr auto;
  gap: 8px;
  align-items: end;
`;

const ColourField = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  input[type='color'] {
    width: 44px;
    height: 36px;
    padding: 2px;
    border-radius: 8px;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    background: ${({ theme }) => theme.colors.surface};
    cursor: pointer;
  }
  code { font-size: 12px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** A few QR-like modules in the chosen colours. */
const QrSwatch = styled.span<{ $foreground: string; $background: string }>`
  width: 36px;
  height: 36px;
  border-radius: 6px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background:
    conic-gradient(${({ $foreground }) => $foreground} 25%, ${({ $background }) => $background} 0 50%, ${({ $foreground }) => $foreground} 0 75%, ${({ $background }) => $background} 0)
    0 0 / 12px 12px;
`;

const OptionRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr 1fr auto;
  gap: 8px;
  align-items: end;
`;

export interface ProductWizardProps {
  mode: 'create' | 'edit';
  step: WizardStep;
  onStepChange: (step: WizardStep) => void;
  defaultValues: ProductFormInput;
  initialFiles: WizardFiles;
  services: readonly ServiceCode[];
  /** Offered when the project is chosen in the form (add product with project id `none`). */
  projects?: Project[];
  gcps: string[];
  certifications: Certification[];
  onSubmit: (values: ProductFormValues, files: WizardFiles, onProgress: (fraction: number) => void) => Promise<void>;
  onCancel: () => void;
}

const STEP_LABELS: Record<WizardStep, MessageId> = {
  basic: 'wizard.step.basic',
  details: 'wizard.step.details',
  images: 'wizard.step.images',
  qr: 'wizard.step.qr',
};

/** The add and edit product wizard: one form over several steps, sent as one multipart request. */
export function ProductWizard(props: ProductWizardProps) {
  const { mode, step, onStepChange, defaultValues, initialFiles, services, projects, gcps, certifications, onSubmit, onCancel } = props;
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const form = useForm<ProductFormInput, unknown, ProductFormValues>({ resolver: zodResolver(productFormSchema), defaultValues, mode: 'onTouched' });
  const { register, control, handleSubmit, formState, watch, trigger, setValue, setError } = form;
  const dynamicInfo = useFieldArray({ control, name: 'dynamicInfo' });
  const options = useFieldArray({ control, name: 'options' });
  const [files, setFiles] = useState<WizardFiles>(initialFiles);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [imagesProblem, setImagesProblem] = useState<string | null>(null);

  const index = WIZARD_STEPS.indexOf(step);
  const category = Number(watch('category_id'));
  const careInfoType = watch('careInfoType');
  const logoType = watch('qrContent.customDesign.logoType');
  const qrData = watch('qrContent.data');
  const foreground = watch('qrContent.customDesign.foreground') ?? QR_DEFAULT_COLOURS.foreground;
  const background = watch('qrContent.customDesign.background') ?? QR_DEFAULT_COLOURS.background;
  const gtin = watch('gtin') ?? '';
  const subcategories = CATEGORIES.find((item) => item.id === category)?.subcategories ?? [];
  const errors = formState.errors;
  const error = (path: string): string | undefined => {
    const found = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
      | { message?: string }
      | undefined;
    return found?.message;
  };
  const fieldError = (path: string) => {
    const message = error(path);
    return message ? <FieldError role="alert">{message}</FieldError> : null;
  };

  async function go(next: WizardStep) {
    const target = WIZARD_STEPS.indexOf(next);
    if (target > index) {
      for (const stepId of WIZARD_STEPS.slice(0, target)) {
        if (!(await trigger(STEP_FIELDS[stepId] as FieldPath<ProductFormInput>[]))) {
          onStepChange(stepId);
          return;
        }
        if (stepId === 'images' && !imagesValid()) {
          onStepChange(stepId);
          return;
        }
      }
    }
    onStepChange(next);
  }

  function imagesValid(): boolean {
    if (imageCount(files) === 0) {
      setImagesProblem(t('products.images.required'));
      return false;
    }
    setImagesProblem(null);
    return true;
  }

  const submit = handleSubmit(
    async (values) => {
      if (!imagesValid()) {
        onStepChange('images');
        return;
      }
      setFailure(null);
      setProgress(0);
      try {
        await onSubmit(values, files, setProgress);
      } catch (cause) {
        setFailure(cause instanceof Error && !isApiError(cause) ? t('wizard.failed') : apiErrorMessage(intl, cause));
        if (isApiError(cause)) {
          for (const detail of cause.details ?? []) {
            const path = detail.path.replace(/^product\.0\./, '');
            if (path in defaultValues) setError(path as FieldPath<ProductFormInput>, { message: detail.message });
          }
          if (cause.details?.some((detail) => detail.path.endsWith('gtin'))) onStepChange('basic');
        }
      } finally {
        setProgress(null);
      }
    },
    (invalid) => {
      const first = WIZARD_STEPS.find((stepId) => STEP_FIELDS[stepId].some((field) => field in invalid));
      if (first) onStepChange(first);
    },
  );

  const checkDigitHint = /^\d{7,13}$/.test(gtin) ? `${gtin}${gs1CheckDigit(gtin)}` : null;
  const submitting = formState.isSubmitting;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="product-wizard" aria-busy={submitting}>
      <nav aria-label={t('wizard.steps')}>
        <Steps>
          {WIZARD_STEPS.map((stepId, position) => (
            <li key={stepId}>
              <StepButton
                type="button"
                $current={stepId === step}
                aria-current={stepId === step ? 'step' : undefined}
                onClick={() => void go(stepId)}
                data-testid={`wizard-step-${stepId}`}
                disabled={submitting}
              >
                {position + 1}. {t(STEP_LABELS[stepId])}
              </StepButton>
            </li>
          ))}
        </Steps>
      </nav>
      <Body>
        {failure ? (
          <FormAlert role="alert" data-testid="wizard-error" style={{ marginBottom: 16 }}>
            {failure}
          </FormAlert>
        ) : null}

        <Stack hidden={step !== 'basic'}>
          <Row>
            <Field>
              <Label htmlFor="service">{t('products.field.service')}</Label>
              <Select id="service" {...register('service')} style={{ height: 44 }}>
                {services.map((service) => (
                  <option key={service} value={service}>
                    {service === 'DL' ? t('products.service.DL') : t('products.service.DPP')}
                  </option>
                ))}
              </Select>
            </Field>
            {projects && mode === 'create' ? (
              <Field>
                <Label htmlFor="project_id">{t('products.field.project')}</Label>
                <Select id="project_id" {...register('project_id', { valueAsNumber: true })} style={{ height: 44 }} aria-invalid={Boolean(error('project_id'))}>
                  <option value="">{t('products.chooseProject')}</option>
                  {projects.map((project) => (
                    <option key={project.project_id} value={project.project_id}>
                      {project.project_name}
                    </option>
                  ))}
                </Select>
                {error('project_id') ? <FieldError role="alert">{t('products.chooseProject')}</FieldError> : null}
              </Field>
            ) : null}
          </Row>
          <Row>
            <Field>
              <Label htmlFor="category_id">{t('products.field.category')}</Label>
              <Select
                id="category_id"
                {...register('category_id', { valueAsNumber: true, onChange: () => setValue('subcategoryId', null) })}
                style={{ height: 44 }}
              >
                {CATEGORIES.map((item) => (
                  <option key={item.id} value={item.id}>
                    {t(`products.category.${item.id}` as MessageId)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field>
              <Label htmlFor="subcategoryId">{t('products.field.subcategory')}</Label>
              <Controller
                control={control}
                name="subcategoryId"
                render={({ field }) => (
                  <Select
                    id="subcategoryId"
                    style={{ height: 44 }}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
                  >
                    <option value="">{t('products.none')}</option>
                    {subcategories.map((id) => (
                      <option key={id} value={id}>
                        {t(`products.subcategory.${id}` as MessageId)}
                      </option>
                    ))}
                  </Select>
                )}
              />
            </Field>
          </Row>
          <Row>
            <Field>
              <Label htmlFor="product_name">{t('products.field.name')}</Label>
              <Input id="product_name" {...register('product_name')} aria-invalid={Boolean(error('product_name'))} />
              {fieldError('product_name')}
            </Field>
            <Field>
              <Label htmlFor="product_number">{t('products.field.number')}</Label>
              <Input id="product_number" {...register('product_number')} />
              {fieldError('product_number')}
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
                aria-invalid={Boolean(error('gtin'))}
                aria-describedby="gtin-hint"
              />
              <Hint id="gtin-hint">
                {gcps.length > 0 ? t('products.gtinHint', { prefixes: gcps.join(', ') }) : t('products.noGcps')}
                {checkDigitHint && mode === 'create' ? (
                  <>
                    {' '}
                    <button type="button" onClick={() => setValue('gtin', checkDigitHint, { shouldValidate: true })} data-testid="gtin-add-check-digit">
                      {t('products.addCheckDigit', { gtin: checkDigitHint })}
                    </button>
                  </>
                ) : null}
              </Hint>
              {fieldError('gtin')}
            </Field>
            <Field>
              <Label htmlFor="product_website">{t('products.field.website')}</Label>
              <Input id="product_website" type="url" placeholder="https://" {...register('product_website')} aria-invalid={Boolean(error('product_website'))} />
              {fieldError('product_website')}
            </Field>
          </Row>
        </Stack>

        <Stack hidden={step !== 'details'}>
          <Field>
            <Label htmlFor="features">{t('products.field.features')}</Label>
            <TextArea id="features" rows={3} {...register('features')} />
          </Field>
          <Field>
            <Label htmlFor="description">{t('products.field.description')}</Label>
            <TextArea id="description" rows={3} {...register('description')} />
          </Field>
          <Field>
            <Label htmlFor="details">{t('products.field.details')}</Label>
            <TextArea id="details" rows={3} {...register('details')} />
          </Field>
          <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600, fontSize: 13, marginBottom: 8 }}>{t('products.field.certification')}</legend>
            <Controller
              control={control}
              name="certification"
              render={({ field }) => (
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: 14 }}>
                  {certifications.map((certification) => {
                    const value = field.value ?? [];
                    return (
                      <CheckRow key={certification.id}>
                        <input
                          type="checkbox"
                          checked={value.includes(certification.id)}
                          onChange={(event) =>
                            field.onChange(event.target.checked ? [...value, certification.id] : value.filter((id) => id !== certification.id))
                          }
                        />
                        {certification.name}
                      </CheckRow>
                    );
                  })}
                </div>
              )}
            />
          </fieldset>
          <Controller
            control={control}
            name="isNFC"
            render={({ field }) => (
              <CheckRow>
                <input type="checkbox" checked={field.value === 1} onChange={(event) => field.onChange(event.target.checked ? 1 : 0)} data-testid="nfc-flag" />
                {t('products.field.nfc')}
              </CheckRow>
            )}
          />
          {category === 1 ? (
            <fieldset style={{ border: 'none', padding: 0, margin: 0, display: 'grid', gap: 10 }}>
              <legend style={{ fontWeight: 600, fontSize: 13, marginBottom: 8 }}>{t('products.field.careInfo')}</legend>
              <div style={{ display: 'flex', gap: 16 }}>
                <CheckRow>
                  <input type="radio" value="text" {...register('careInfoType')} />
                  {t('products.careInfo.text')}
                </CheckRow>
                <CheckRow>
                  <input type="radio" value="image" {...register('careInfoType')} />
                  {t('products.careInfo.image')}
                </CheckRow>
              </div>
              {careInfoType === 'image' ? (
                <ImagePicker
                  label={t('products.careInfo.image')}
                  testId="care-info-input"
                  max={1}
                  files={files.careInfoImage ? [files.careInfoImage] : []}
                  onChange={(list) => setFiles((current) => ({ ...current, careInfoImage: list[0] ?? null }))}
                />
              ) : (
                <TextArea aria-label={t('products.careInfo.text')} rows={2} {...register('careInfoText')} />
              )}
            </fieldset>
          ) : null}
          <fieldset style={{ border: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }}>
            <legend style={{ fontWeight: 600, fontSize: 13, marginBottom: 8 }}>{t('products.field.dynamicInfo')}</legend>
            {dynamicInfo.fields.map((item, position) => (
              <ListRow key={item.id}>
                <Field>
                  <Label htmlFor={`dynamic-label-${position}`}>{t('products.dynamicInfo.label')}</Label>
                  <Input id={`dynamic-label-${position}`} {...register(`dynamicInfo.${position}.label`)} />
                  {fieldError(`dynamicInfo.${position}.label`)}
                </Field>
                <Field>
                  <Label htmlFor={`dynamic-value-${position}`}>{t('products.dynamicInfo.value')}</Label>
                  <Input id={`dynamic-value-${position}`} {...register(`dynamicInfo.${position}.value`)} />
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
          </fieldset>
          <fieldset style={{ border: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }}>
            <legend style={{ fontWeight: 600, fontSize: 13, marginBottom: 8 }}>{t('products.field.options')}</legend>
            {options.fields.map((item, position) => (
              <OptionRow key={item.id}>
                <Field>
                  <Label htmlFor={`option-name-${position}`}>{t('products.option.name')}</Label>
                  <Input id={`option-name-${position}`} {...register(`options.${position}.name`)} />
                  {fieldError(`options.${position}.name`)}
                </Field>
                <Field>
                  <Label htmlFor={`option-value-${position}`}>{t('products.option.value')}</Label>
                  <Input id={`option-value-${position}`} {...register(`options.${position}.value`)} />
                  {fieldError(`options.${position}.value`)}
                </Field>
                <Field>
                  <Label htmlFor={`option-image-${position}`}>{t('products.option.image')}</Label>
                  <Controller
                    control={control}
                    name={`options.${position}.image`}
                    render={({ field }) => (
                      <Select id={`option-image-${position}`} style={{ height: 44 }} value={field.value ?? ''} onChange={(event) => field.onChange(event.target.value || null)}>
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
                      </Select>
                    )}
                  />
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
          </fieldset>
        </Stack>

        <Stack hidden={step !== 'images'}>
          <ImagePicker
            label={t('products.field.images')}
            testId="product-images-input"
            multiple
            max={PRODUCT_IMAGE_MAX}
            stored={files.retainedImages}
            onRemoveStored={(path) => setFiles((current) => ({ ...current, retainedImages: current.retainedImages.filter((item) => item !== path) }))}
            files={files.productImages}
            onChange={(list) => {
              setImagesProblem(null);
              setFiles((current) => ({ ...current, productImages: list }));
            }}
          />
          {imagesProblem ? (
            <FieldError role="alert" data-testid="images-required">
              {imagesProblem}
            </FieldError>
          ) : null}
        </Stack>

        <Stack hidden={step !== 'qr'}>
          <Row>
            <Field>
              <Label htmlFor="qr-data">{t('products.qr.data')}</Label>
              <Select id="qr-data" style={{ height: 44 }} {...register('qrContent.data')}>
                <option value="digitalLink">{t('products.qr.digitalLink')}</option>
                <option value="website">{t('products.qr.website')}</option>
              </Select>
            </Field>
            {qrData === 'website' ? (
              <Field>
                <Label htmlFor="qr-website">{t('products.qr.websiteUrl')}</Label>
                <Input id="qr-website" type="url" placeholder="https://" {...register('qrContent.websiteUrl')} />
                {fieldError('qrContent.websiteUrl')}
              </Field>
            ) : null}
          </Row>
          <fieldset style={{ border: 'none', padding: 0, margin: 0, display: 'grid', gap: 10 }}>
            <legend style={{ fontWeight: 600, fontSize: 13, marginBottom: 8 }}>{t('products.qr.logo')}</legend>
            <div style={{ display: 'flex', gap: 16 }}>
              <CheckRow>
                <input type="radio" value="text" {...register('qrContent.customDesign.logoType')} />
                {t('products.qr.logoText')}
              </CheckRow>
              <CheckRow>
                <input type="radio" value="image" {...register('qrContent.customDesign.logoType')} />
                {t('products.qr.logoImage')}
              </CheckRow>
            </div>
            {logoType === 'image' ? (
              <ImagePicker
                label={t('products.qr.logoImage')}
                testId="logo-input"
                max={1}
                files={files.logoImage ? [files.logoImage] : []}
                onChange={(list) => setFiles((current) => ({ ...current, logoImage: list[0] ?? null }))}
              />
            ) : (
              <Input aria-label={t('products.qr.logoText')} {...register('qrContent.customDesign.logoText')} />
            )}
          </fieldset>
          <fieldset style={{ border: 'none', padding: 0, margin: 0, display: 'grid', gap: 10 }}>
            <legend style={{ fontWeight: 600, fontSize: 13, marginBottom: 8 }}>{t('products.qr.colours')}</legend>
            <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 20 }}>
              {(['foreground', 'background'] as const).map((part) => (
                <ColourField key={part}>
                  <input
                    type="color"
                    id={`qr-${part}`}
                    {...register(`qrContent.customDesign.${part}`)}
                    aria-describedby="qr-colours-hint"
                    data-testid={`qr-${part}`}
                  />
                  <Label htmlFor={`qr-${part}`}>{t(part === 'foreground' ? 'products.qr.foreground' : 'products.qr.background')}</Label>
                  <code>{(part === 'foreground' ? foreground : background).toLowerCase()}</code>
                </ColourField>
              ))}
              <QrSwatch $foreground={foreground} $background={background} aria-hidden="true" />
            </div>
            <Hint id="qr-colours-hint" role={qrColoursScanWell(foreground, background) ? undefined : 'alert'} data-testid="qr-colours-hint">
              {qrColoursScanWell(foreground, background) ? t('products.qr.coloursHint') : t('products.qr.coloursWarning')}
            </Hint>
          </fieldset>
          <ImagePicker
            label={t('products.qr.designImages')}
            testId="design-input"
            multiple
            max={DESIGN_IMAGE_MAX}
            files={files.designImages}
            onChange={(list) => setFiles((current) => ({ ...current, designImages: list }))}
          />
        </Stack>

        {progress !== null ? (
          <div style={{ marginTop: 20 }} data-testid="upload-progress">
            <Label as="span">{t('wizard.uploading', { percent: Math.round(progress * 100) })}</Label>
            <Progress max={1} value={progress} aria-label={t('wizard.uploading', { percent: Math.round(progress * 100) })} />
          </div>
        ) : null}

        <Footer>
          <Button $variant="outline" onClick={index === 0 ? onCancel : () => onStepChange(WIZARD_STEPS[index - 1])} disabled={submitting} data-testid="wizard-back">
            {index === 0 ? t('common.cancel') : t('wizard.back')}
          </Button>
          {index < WIZARD_STEPS.length - 1 ? (
            // Distinct keys: reusing one <button> would turn the click on "Next" into a submit.
            <Button key="next" onClick={() => void go(WIZARD_STEPS[index + 1])} data-testid="wizard-next">
              {t('wizard.next')}
            </Button>
          ) : (
            <Button key="submit" type="submit" disabled={submitting} data-testid="wizard-submit">
              {submitting ? <Spinner size={16} /> : null}
              {mode === 'create' ? t('wizard.create') : t('wizard.save')}
            </Button>
          )}
        </Footer>
      </Body>
    </form>
  );
}
