import styled from 'styled-components';
import { useFormContext, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { DESIGN_IMAGE_MAX, QR_CALL_TO_ACTION, QR_QUIET_ZONE_MAX, QR_QUIET_ZONE_MIN, UI_LANGUAGES } from '@product-console/shared';
import { Field, Input, Label } from '@/components/ui/field';
import { CheckRow, Fieldset, FormSelect, Hint, Inline, Legend, Row } from '@/components/ui/form-controls';
import type { MessageId } from '@/lib/i18n';
import { DropZone } from '@/components/ui/drop-zone';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@/lib/files';
import { QR_DEFAULT_COLOURS, qrColoursScanWell, type ProductFormInput } from '@/features/products/components/product-form-model';
import { StepFieldError, StepInput, defineStep, useFieldError, useWizard } from '@/features/products/components/wizard/wizard-context';
import { fieldErrorProps } from '@/components/ui/field-error';

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

/** What the QR code leads to, its logo, its colours and design images. */
function QrStep() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const { files, setFiles } = useWizard();
  const { register, control } = useFormContext<ProductFormInput>();
  const qrData = useWatch({ control, name: 'qrContent.data' });
  const logoType = useWatch({ control, name: 'qrContent.customDesign.logoType' });
  const foreground = useWatch({ control, name: 'qrContent.customDesign.foreground' }) ?? QR_DEFAULT_COLOURS.foreground;
  const background = useWatch({ control, name: 'qrContent.customDesign.background' }) ?? QR_DEFAULT_COLOURS.background;
  const scansWell = qrColoursScanWell(foreground, background);
  const frame = useWatch({ control, name: 'qrContent.customDesign.frame' }) ?? 'none';
  const frameLanguage = useWatch({ control, name: 'qrContent.customDesign.frameLanguage' }) ?? 'en';
  const quietZoneError = useFieldError('qrContent.customDesign.quietZone');

  return (
    <>
      <Row>
        <Field>
          <Label htmlFor="qr-data">{t('products.qr.data')}</Label>
          <FormSelect id="qr-data" {...register('qrContent.data')}>
            <option value="digitalLink">{t('products.qr.digitalLink')}</option>
            <option value="website">{t('products.qr.website')}</option>
          </FormSelect>
        </Field>
        {qrData === 'website' ? (
          <Field>
            <Label htmlFor="qr-website">{t('products.qr.websiteUrl')}</Label>
            <StepInput id="qr-website" type="url" name="qrContent.websiteUrl" />
            <StepFieldError name="qrContent.websiteUrl" inputId="qr-website" />
          </Field>
        ) : null}
      </Row>
      <Fieldset $gap={10}>
        <Legend>{t('products.qr.logo')}</Legend>
        <Inline $gap={16}>
          <CheckRow>
            <input type="radio" value="text" {...register('qrContent.customDesign.logoType')} />
            {t('products.qr.logoText')}
          </CheckRow>
          <CheckRow>
            <input type="radio" value="image" {...register('qrContent.customDesign.logoType')} />
            {t('products.qr.logoImage')}
          </CheckRow>
        </Inline>
        {logoType === 'image' ? (
          <DropZone
            label={t('products.qr.logoImage')}
            testId="logo-input"
            accept={IMAGE_TYPES}
            maxBytes={UPLOAD_MAX_BYTES}
            files={files.logoImage ? [files.logoImage] : []}
            onChange={(list) => setFiles((current) => ({ ...current, logoImage: list[0] ?? null }))}
          />
        ) : (
          <Input aria-label={t('products.qr.logoText')} {...register('qrContent.customDesign.logoText')} />
        )}
      </Fieldset>
      <Fieldset $gap={10}>
        <Legend>{t('products.qr.colours')}</Legend>
        <Inline $gap={20}>
          {(['foreground', 'background'] as const).map((part) => (
            <ColourField key={part}>
              <input type="color" id={`qr-${part}`} {...register(`qrContent.customDesign.${part}`)} aria-describedby="qr-colours-hint" data-testid={`qr-${part}`} />
              <Label htmlFor={`qr-${part}`}>{t(part === 'foreground' ? 'products.qr.foreground' : 'products.qr.background')}</Label>
              <code>{(part === 'foreground' ? foreground : background).toLowerCase()}</code>
            </ColourField>
          ))}
          <QrSwatch $foreground={foreground} $background={background} aria-hidden="true" />
        </Inline>
        <Hint id="qr-colours-hint" role={scansWell ? undefined : 'alert'} data-testid="qr-colours-hint">
          {scansWell ? t('products.qr.coloursHint') : t('products.qr.coloursWarning')}
        </Hint>
      </Fieldset>
      <Fieldset $gap={10}>
        <Legend>{t('qr.frame.legend')}</Legend>
        <Inline $gap={20} style={{ alignItems: 'flex-start' }}>
          <Field>
            <Label htmlFor="qr-frame">{t('qr.frame')}</Label>
            <FormSelect id="qr-frame" {...register('qrContent.customDesign.frame')} data-testid="qr-frame">
              <option value="none">{t('qr.frame.none')}</option>
              <option value="cta">{t('qr.frame.cta')}</option>
            </FormSelect>
          </Field>
          {frame === 'cta' ? (
            <Field>
              <Label htmlFor="qr-frame-language">{t('qr.frame.language')}</Label>
              <FormSelect id="qr-frame-language" {...register('qrContent.customDesign.frameLanguage')} aria-describedby="qr-frame-text" data-testid="qr-frame-language">
                {UI_LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {new Intl.DisplayNames([intl.locale], { type: 'language' }).of(language) ?? language}
                  </option>
                ))}
              </FormSelect>
              <Hint id="qr-frame-text" data-testid="qr-frame-text">
                {intl.formatMessage({ id: 'qr.frame.text' }, { text: QR_CALL_TO_ACTION[frameLanguage] })}
              </Hint>
            </Field>
          ) : null}
          <Field>
            <Label htmlFor="qr-quiet-zone">{t('qr.quietZone')}</Label>
            <Input
              id="qr-quiet-zone"
              type="number"
              min={QR_QUIET_ZONE_MIN}
              max={QR_QUIET_ZONE_MAX}
              style={{ width: 110 }}
              {...register('qrContent.customDesign.quietZone', { valueAsNumber: true })}
              {...fieldErrorProps('qr-quiet-zone', quietZoneError)}
              data-testid="qr-quiet-zone"
            />
            {quietZoneError ? <StepFieldError name="qrContent.customDesign.quietZone" inputId="qr-quiet-zone" /> : <Hint>{intl.formatMessage({ id: 'qr.quietZone.hint' }, { min: QR_QUIET_ZONE_MIN })}</Hint>}
          </Field>
        </Inline>
      </Fieldset>
      <DropZone
        label={t('products.qr.designImages')}
        testId="design-input"
        accept={IMAGE_TYPES}
        maxBytes={UPLOAD_MAX_BYTES}
        multiple
        max={DESIGN_IMAGE_MAX}
        files={files.designImages}
        onChange={(list) => setFiles((current) => ({ ...current, designImages: list }))}
      />
    </>
  );
}

export const qrStep = defineStep({
  id: 'qr',
  label: 'wizard.step.qr',
  fields: ['qrContent'],
  Component: QrStep,
});
