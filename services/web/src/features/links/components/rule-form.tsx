import { useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { REDIRECT_RULE_DEVICES, REDIRECT_RULE_LANGUAGES_MAX, REDIRECT_RULE_PRESENCE, redirectRuleInputSchema, type RedirectRulePresence } from '@product-console/shared';
import { CountryMultiSelect } from '@/components/country-multi-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { CheckRow, Fieldset, FormSelect, Hint, Inline, Legend, Stack } from '@/components/ui/form-controls';
import { encodeFieldError, fieldErrorText, schemaFieldErrors } from '@/lib/field-errors';
import { LanguageOptions } from '@/features/links/components/link-form-fields';
import { LINK_LANGUAGES, languageName } from '@/features/links/components/link-model';
import { inputOf, type RuleDraft } from '@/features/links/components/rule-model';

const Panel = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: 14px;
  background: ${({ theme }) => theme.colors.surface};
`;

const TwoColumns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 12px;
`;

const Chips = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  button { border: 0; background: none; color: inherit; cursor: pointer; padding: 0 2px; }
`;

/** The fields a refused rule names, by the control that shows them. */
const CONTROLS = { name: 'name', targetUrl: 'targetUrl', countries: 'countries', languages: 'languages', startsAt: 'startsAt', endsAt: 'endsAt' };

export const PRESENCE_MESSAGES = {
  any: 'rules.presence.any',
  with: 'rules.presence.with',
  without: 'rules.presence.without',
} as const satisfies Record<RedirectRulePresence, string>;

export const DEVICE_MESSAGES = {
  ios: 'rules.device.ios',
  android: 'rules.device.android',
  desktop: 'rules.device.desktop',
} as const;

interface RuleFormProps {
  /** The rule as it is (a new one is empty). */
  draft: RuleDraft;
  isNew: boolean;
  onApply: (draft: RuleDraft) => void;
  onCancel: () => void;
}

/** One rule's conditions and target, checked as the API checks them before it joins the list. */
export function RuleForm({ draft: initial, isNew, onApply, onCancel }: RuleFormProps) {
  const intl = useIntl();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [language, setLanguage] = useState('');
  const id = `rule-${initial.key}`;
  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const error = (name: string) => fieldErrorText(intl, errors[name]);
  const addable = LINK_LANGUAGES.filter((code) => !draft.languages.includes(code));

  function apply() {
    const found = schemaFieldErrors(redirectRuleInputSchema, inputOf(draft), CONTROLS);
    if (found.targetUrl) found.targetUrl = encodeFieldError({ id: 'links.error.targetUrl' });
    // The window's own check, in the console's words (the API says the same in English).
    if (draft.startsAt && draft.endsAt && draft.endsAt <= draft.startsAt) found.endsAt = encodeFieldError({ id: 'rules.error.window' });
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(draft);
  }

  return (
    <Panel
      role="group"
      aria-labelledby={`${id}-heading`}
      // Enter in a field applies the rule, not the link dialog's form around it (the country box keeps Enter for its list).
      onKeyDown={(event) => {
        const target = event.target as HTMLElement;
        if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'checkbox' && target.getAttribute('role') !== 'combobox') {
          event.preventDefault();
          apply();
        }
      }}
      data-testid="rule-form"
    >
      <Stack>
        <Legend as="h3" id={`${id}-heading`}>
          <FormattedMessage id={isNew ? 'rules.form.addTitle' : 'rules.form.editTitle'} />
        </Legend>
        <Field>
          <Label htmlFor={`${id}-name`}>
            <FormattedMessage id="rules.field.name" />
          </Label>
          <Input id={`${id}-name`} value={draft.name} maxLength={100} onChange={(event) => set('name', event.target.value)} {...fieldErrorProps(`${id}-name`, error('name'))} data-testid="rule-name" />
          <FieldErrorSlot inputId={`${id}-name`} error={error('name')} />
        </Field>
        <Field>
          <Label htmlFor={`${id}-target`}>
            <FormattedMessage id="rules.field.targetUrl" />
          </Label>
          <Input
            id={`${id}-target`}
            type="url"
            placeholder="https://"
            value={draft.targetUrl}
            onChange={(event) => set('targetUrl', event.target.value)}
            {...fieldErrorProps(`${id}-target`, error('targetUrl'))}
            data-testid="rule-target"
          />
          <FieldErrorSlot inputId={`${id}-target`} error={error('targetUrl')} />
        </Field>
        <Fieldset>
          <Legend>
            <FormattedMessage id="rules.field.countries" />
          </Legend>
          <CountryMultiSelect id={`${id}-countries`} value={draft.countries} onChange={(codes) => set('countries', codes)} />
          <Hint>
            <FormattedMessage id="rules.field.countriesHint" />
          </Hint>
        </Fieldset>
        <Fieldset>
          <Legend>
            <FormattedMessage id="rules.field.languages" />
          </Legend>
          {draft.languages.length > 0 ? (
            <Chips data-testid="rule-languages">
              {draft.languages.map((code) => (
                <Badge key={code} as="li" $tone="primary">
                  {languageName(intl.locale, code)}
                  <button
                    type="button"
                    aria-label={intl.formatMessage({ id: 'rules.field.removeLanguage' }, { language: languageName(intl.locale, code) })}
                    onClick={() => set('languages', draft.languages.filter((other) => other !== code))}
                  >
                    ×
                  </button>
                </Badge>
              ))}
            </Chips>
          ) : null}
          {draft.languages.length < REDIRECT_RULE_LANGUAGES_MAX && addable.length > 0 ? (
            <Inline>
              <FormSelect
                aria-label={intl.formatMessage({ id: 'rules.field.addLanguage' })}
                value={language}
                onChange={(event) => setLanguage(event.target.value)}
                data-testid="rule-language-select"
              >
                <option value="">{intl.formatMessage({ id: 'links.chooseLanguage' })}</option>
                <LanguageOptions codes={addable} />
              </FormSelect>
              <Button
                $size="sm"
                $variant="outline"
                disabled={!language}
                onClick={() => {
                  set('languages', [...draft.languages, language]);
                  setLanguage('');
                }}
                data-testid="rule-language-add"
              >
                <FormattedMessage id="rules.field.addLanguage" />
              </Button>
            </Inline>
          ) : null}
          <Hint>
            <FormattedMessage id="rules.field.languagesHint" />
          </Hint>
        </Fieldset>
        <Fieldset>
          <Legend>
            <FormattedMessage id="rules.field.devices" />
          </Legend>
          <Inline $gap={16}>
            {REDIRECT_RULE_DEVICES.map((device) => (
              <CheckRow key={device}>
                <input
                  type="checkbox"
                  checked={draft.devices.includes(device)}
                  onChange={(event) =>
                    set('devices', event.target.checked ? REDIRECT_RULE_DEVICES.filter((one) => one === device || draft.devices.includes(one)) : draft.devices.filter((one) => one !== device))
                  }
                  data-testid={`rule-device-${device}`}
                />
                <FormattedMessage id={DEVICE_MESSAGES[device]} />
              </CheckRow>
            ))}
          </Inline>
          <Hint>
            <FormattedMessage id="rules.field.devicesHint" />
          </Hint>
        </Fieldset>
        <TwoColumns>
          {(['startsAt', 'endsAt'] as const).map((field) => (
            <Field key={field}>
              <Label htmlFor={`${id}-${field}`}>
                <FormattedMessage id={field === 'startsAt' ? 'rules.field.startsAt' : 'rules.field.endsAt'} />
              </Label>
              <Input
                id={`${id}-${field}`}
                type="datetime-local"
                value={draft[field]}
                onChange={(event) => set(field, event.target.value)}
                {...fieldErrorProps(`${id}-${field}`, error(field))}
                data-testid={`rule-${field}`}
              />
              <FieldErrorSlot inputId={`${id}-${field}`} error={error(field)} />
            </Field>
          ))}
        </TwoColumns>
        <Hint>
          <FormattedMessage id="rules.field.windowHint" />
        </Hint>
        <TwoColumns>
          {(['batch', 'serial'] as const).map((field) => (
            <Field key={field}>
              <Label htmlFor={`${id}-${field}`}>
                <FormattedMessage id={field === 'batch' ? 'rules.field.batch' : 'rules.field.serial'} />
              </Label>
              <FormSelect id={`${id}-${field}`} value={draft[field]} onChange={(event) => set(field, event.target.value as RedirectRulePresence)} data-testid={`rule-${field}`}>
                {REDIRECT_RULE_PRESENCE.map((presence) => (
                  <option key={presence} value={presence}>
                    {intl.formatMessage({ id: PRESENCE_MESSAGES[presence] })}
                  </option>
                ))}
              </FormSelect>
            </Field>
          ))}
        </TwoColumns>
        <Inline>
          <Button $size="sm" onClick={() => apply()} data-testid="rule-apply">
            <FormattedMessage id="rules.form.apply" />
          </Button>
          <Button $size="sm" $variant="outline" onClick={onCancel} data-testid="rule-cancel">
            <FormattedMessage id="common.cancel" />
          </Button>
        </Inline>
      </Stack>
    </Panel>
  );
}
