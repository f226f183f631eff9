import { useId, useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { applyTemplate, TEMPLATE_DEFAULTS, TEMPLATES, type Design, type TemplateId } from '@product-console/shared';
import { Card } from '@/components/ui/card';
import { ColourField } from '@/components/ui/colour-field';
import { Field, Input, Label } from '@/components/ui/field';
import { CheckRow, FormSelect, Hint } from '@/components/ui/form-controls';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@/lib/files';
import type { MessageId } from '@/lib/i18n';
import type { ContentEditorState } from '@/features/content/hooks/use-content-editor';
import { useTranslationStatus } from '@/features/content/api/get-translation-status';
import { ISO_LANGUAGE_CODES, useLanguageName } from '@/features/content/components/language-name';
import { MediaUpload } from '@/features/content/components/media-upload';

const TEMPLATE_NAMES: Record<TemplateId, MessageId> = {
  basic_white_v1: 'content.design.template.basic_white_v1',
  basic_black_v1: 'content.design.template.basic_black_v1',
};

/**
 * The page's design (spec point 3): a template applies its defaults, and everything it sets can
 * then be changed; the logo, the translation switch and the default language are the user's.
 */
export function DesignStepPanel({ editor, productId }: { editor: ContentEditorState; productId: number }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const languageName = useLanguageName();
  const translation = useTranslationStatus();
  const defaultLangId = useId();
  const autoTransHintId = useId();
  const logoTextId = useId();
  const design = editor.draft!.design;
  const set = (change: (current: Design) => Design) => editor.setDesign(change);
  const canTranslate = translation.data?.result.available === true;

  const languageOptions = useMemo(
    () => ISO_LANGUAGE_CODES.map((code) => ({ code, name: languageName(code) })).sort((a, b) => a.name.localeCompare(b.name, intl.locale)),
    [languageName, intl.locale],
  );

  return (
    <>
      <Card>
        <Section>
          <Heading>
            <FormattedMessage id="content.design.template" />
          </Heading>
          <Templates role="radiogroup" aria-label={t('content.design.template')}>
            {TEMPLATES.map((template) => {
              const defaults = TEMPLATE_DEFAULTS[template];
              return (
                <TemplateCard key={template} $selected={design.template === template}>
                  <input
                    type="radio"
                    name="design-template"
                    value={template}
                    checked={design.template === template}
                    onChange={() => set((current) => applyTemplate(current, template))}
                    data-testid={`template-${template}`}
                  />
                  <Miniature $bg={defaults.page.background} $fg={defaults.page.textColor} $button={defaults.button.color} $grid={defaults.button.layout === 'grid'} aria-hidden="true">
                    <i />
                    <b />
                    <b />
                    <b />
                    <b />
                  </Miniature>
                  <span>{t(TEMPLATE_NAMES[template])}</span>
                </TemplateCard>
              );
            })}
          </Templates>
          <Choice legend={t('content.design.layoutStyle')}>
            {(['horizon', 'header'] as const).map((style) => (
              <CheckRow key={style}>
                <input
                  type="radio"
                  name="design-layout"
                  checked={design.layoutStyle === style}
                  onChange={() => set((current) => ({ ...current, layoutStyle: style }))}
                  data-testid={`layout-${style}`}
                />
                <FormattedMessage id={`content.design.layout.${style}`} />
              </CheckRow>
            ))}
          </Choice>
        </Section>
      </Card>

      <Card>
        <Section>
          <Heading>
            <FormattedMessage id="content.design.logo" />
          </Heading>
          <Choice legend={t('content.design.logoType')}>
            {(['text', 'image'] as const).map((type) => (
              <CheckRow key={type}>
                <input
                  type="radio"
                  name="design-logo-type"
                  checked={design.logo.logoType === type}
                  onChange={() => set((current) => ({ ...current, logo: { ...current.logo, logoType: type } }))}
                  data-testid={`logo-type-${type}`}
                />
                <FormattedMessage id={`content.design.logoType.${type}`} />
              </CheckRow>
            ))}
          </Choice>
          {design.logo.logoType === 'text' ? (
            <Field>
              <Label htmlFor={logoTextId}>
                <FormattedMessage id="content.design.logoText" />
              </Label>
              <Input
                id={logoTextId}
                value={design.logo.logoText}
                maxLength={100}
                onChange={(event) => {
                  const logoText = event.target.value;
                  set((current) => ({ ...current, logo: { ...current.logo, logoText } }));
                }}
                data-testid="logo-text"
              />
            </Field>
          ) : (
            <MediaUpload
              productId={productId}
              label={t('content.design.logoImage')}
              testId="logo-image"
              accept={IMAGE_TYPES}
              maxBytes={UPLOAD_MAX_BYTES}
              value={design.logo.logoImage ?? ''}
              onChange={(path) => set((current) => ({ ...current, logo: { ...current.logo, logoImage: path || null } }))}
            />
          )}
        </Section>
      </Card>

      <Card>
        <Section>
          <Heading>
            <FormattedMessage id="content.design.colours" />
          </Heading>
          <Colours>
            <ColourField
              id="design-page-background"
              label={t('content.design.pageBackground')}
              value={design.page.background}
              onChange={(background) => set((current) => ({ ...current, page: { ...current.page, background } }))}
            />
            <ColourField
              id="design-page-text"
              label={t('content.design.pageText')}
              value={design.page.textColor}
              contrastWith={{ value: design.page.background, label: t('content.design.pageBackground') }}
              onChange={(textColor) => set((current) => ({ ...current, page: { ...current.page, textColor } }))}
            />
          </Colours>
        </Section>
      </Card>

      <Card>
        <Section>
          <Heading>
            <FormattedMessage id="content.design.buttons" />
          </Heading>
          <Choice legend={t('content.design.buttonLayout')}>
            {(['row', 'grid'] as const).map((layout) => (
              <CheckRow key={layout}>
                <input
                  type="radio"
                  name="design-button-layout"
                  checked={design.button.layout === layout}
                  onChange={() => set((current) => ({ ...current, button: { ...current.button, layout } }))}
                  data-testid={`button-layout-${layout}`}
                />
                <FormattedMessage id={`content.design.buttonLayout.${layout}`} />
              </CheckRow>
            ))}
          </Choice>
          <Colours>
            <ColourField
              id="design-button-colour"
              label={t('content.design.buttonColour')}
              value={design.button.color}
              onChange={(color) => set((current) => ({ ...current, button: { ...current.button, color } }))}
            />
            <ColourField
              id="design-button-text"
              label={t('content.design.buttonText')}
              value={design.button.textColor}
              contrastWith={{ value: design.button.color, label: t('content.design.buttonColour') }}
              onChange={(textColor) => set((current) => ({ ...current, button: { ...current.button, textColor } }))}
            />
            <ColourField
              id="design-icon-background"
              label={t('content.design.iconBackground')}
              value={design.button.iconBgColor}
              onChange={(iconBgColor) => set((current) => ({ ...current, button: { ...current.button, iconBgColor } }))}
            />
            <ColourField
              id="design-icon-colour"
              label={t('content.design.iconColour')}
              value={design.button.iconColor}
              contrastWith={{ value: design.button.iconBgColor, label: t('content.design.iconBackground') }}
              onChange={(iconColor) => set((current) => ({ ...current, button: { ...current.button, iconColor } }))}
            />
          </Colours>
          <CheckRow>
            <input
              type="checkbox"
              checked={design.button.showIcon}
              onChange={(event) => {
                const showIcon = event.target.checked;
                set((current) => ({ ...current, button: { ...current.button, showIcon } }));
              }}
              data-testid="button-show-icon"
            />
            <FormattedMessage id="content.design.showIcon" />
          </CheckRow>
        </Section>
      </Card>

      <Card>
        <Section>
          <Heading>
            <FormattedMessage id="content.design.language" />
          </Heading>
          <Field>
            <Label htmlFor={defaultLangId}>
              <FormattedMessage id="content.design.defaultLang" />
            </Label>
            <FormSelect
              id={defaultLangId}
              value={design.defaultLang}
              onChange={(event) => {
                const defaultLang = event.target.value;
                set((current) => ({ ...current, defaultLang }));
              }}
              data-testid="design-default-lang"
            >
              {languageOptions.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name} ({code})
                </option>
              ))}
            </FormSelect>
            <Hint>
              <FormattedMessage id="content.design.defaultLangHint" />
            </Hint>
          </Field>
          <CheckRow>
            <input
              type="checkbox"
              role="switch"
              checked={design.isAutoTrans && canTranslate}
              disabled={!canTranslate}
              aria-describedby={autoTransHintId}
              onChange={(event) => {
                const isAutoTrans = event.target.checked;
                set((current) => ({ ...current, isAutoTrans }));
              }}
              data-testid="design-auto-trans"
            />
            <FormattedMessage id="content.design.autoTrans" />
          </CheckRow>
          <Hint id={autoTransHintId} data-testid="design-auto-trans-hint">
            {translation.data && !canTranslate ? (
              <FormattedMessage id="content.design.autoTransUnavailable" />
            ) : (
              <FormattedMessage id="content.design.autoTransHint" />
            )}
          </Hint>
        </Section>
      </Card>
    </>
  );
}

function Choice({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset>
      <legend>{legend}</legend>
      <div>{children}</div>
    </Fieldset>
  );
}

const Section = styled.div`
  display: flex;
  flex-direction: column;
  gap: 14px;
  padding: 20px;
`;

const Heading = styled.h2`
  font-size: 16px;
  font-weight: 700;
`;

const Templates = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 12px;
`;

const TemplateCard = styled.label<{ $selected: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 10px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  font-size: 14px;
  font-weight: 600;
  cursor: pointer;
  input { position: absolute; opacity: 0; width: 1px; height: 1px; }
  &:focus-within { box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.primarySoft}; }
`;

/** A small drawing of the template's page: its colours, a logo bar and its buttons in a row or a grid. */
const Miniature = styled.span<{ $bg: string; $fg: string; $button: string; $grid: boolean }>`
  display: grid;
  grid-template-columns: ${({ $grid }) => ($grid ? '1fr 1fr' : '1fr')};
  gap: 5px;
  padding: 10px;
  height: 96px;
  border-radius: 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ $bg }) => $bg};
  i { grid-column: 1 / -1; height: 12px; width: 50%; border-radius: 3px; background: ${({ $fg }) => $fg}; }
  b { height: ${({ $grid }) => ($grid ? '26px' : '9px')}; border-radius: 4px; background: ${({ $button }) => $button}; }
  b:nth-of-type(n + 3) { display: ${({ $grid }) => ($grid ? 'none' : 'block')}; }
`;

const Fieldset = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  legend { font-size: 13px; font-weight: 600; margin-bottom: 6px; }
  & > div { display: flex; flex-wrap: wrap; gap: 8px 20px; }
`;

const Colours = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: 16px;
`;
