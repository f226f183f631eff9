import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { chooseRedirectRule, COUNTRY_CODES, REDIRECT_RULE_DEVICES, type RuleVisitor } from '@product-console/shared';
import { useCountryNames } from '@/components/country-multi-select';
import { Field, Input, Label } from '@/components/ui/field';
import { CheckRow, Fieldset, FormSelect, Inline, Legend } from '@/components/ui/form-controls';
import { LanguageOptions } from '@/features/links/components/link-form-fields';
import { DEVICE_MESSAGES } from '@/features/links/components/rule-form';
import { conditionsOf, fromLocalInput, toLocalInput, type RuleDraft } from '@/features/links/components/rule-model';

const Box = styled.div`
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: 14px;
  display: grid;
  gap: 12px;
`;

const Inputs = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: 12px;
`;

const Result = styled.output`
  display: grid;
  gap: 2px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  overflow-wrap: anywhere;
  strong { font-weight: 600; }
`;

interface RulePreviewProps {
  /** The product's rules as edited (unsaved changes included), in their order. */
  rules: readonly RuleDraft[];
  /** The company's default rules of the link type; empty on the company's own page. */
  companyRules: readonly RuleDraft[];
  /** Where a scan goes when no rule applies; null on the company's page (each product's link). */
  linkTarget: string | null;
}

/**
 * "Test the rules": a scan's country, language, device, time and code, and where the resolver
 * would send it, by the same matching as the gateway (shared `chooseRedirectRule`).
 */
export function RulePreview({ rules, companyRules, linkTarget }: RulePreviewProps) {
  const intl = useIntl();
  const nameOf = useCountryNames();
  const [country, setCountry] = useState('');
  const [language, setLanguage] = useState('');
  const [device, setDevice] = useState<RuleVisitor['device']>('ios');
  const [when, setWhen] = useState(() => toLocalInput(new Date().toISOString()));
  const [batch, setBatch] = useState(false);
  const [serial, setSerial] = useState(false);
  const countries = useMemo(() => [...COUNTRY_CODES].sort((a, b) => nameOf(a).localeCompare(nameOf(b), intl.locale)), [nameOf, intl.locale]);

  const visitor: RuleVisitor = {
    country: country || null,
    language: language || null,
    device,
    at: Date.parse(fromLocalInput(when) ?? new Date().toISOString()),
    batch,
    serial,
  };
  const own = rules.map(conditionsOf);
  const defaults = companyRules.map(conditionsOf);
  const chosen = chooseRedirectRule(own, defaults, visitor);
  const ruleName = (list: readonly RuleDraft[], position: number) => list[position]?.name || intl.formatMessage({ id: 'rules.position' }, { position: position + 1 });

  return (
    <Box role="group" aria-labelledby="rule-preview-heading" data-testid="rule-preview">
      <Legend as="h3" id="rule-preview-heading">
        <FormattedMessage id="rules.preview.title" />
      </Legend>
      <Inputs>
        <Field>
          <Label htmlFor="rule-preview-country">
            <FormattedMessage id="rules.preview.country" />
          </Label>
          <FormSelect id="rule-preview-country" value={country} onChange={(event) => setCountry(event.target.value)} data-testid="preview-country">
            <option value="">{intl.formatMessage({ id: 'rules.preview.unknownCountry' })}</option>
            {countries.map((code) => (
              <option key={code} value={code}>
                {nameOf(code)}
              </option>
            ))}
          </FormSelect>
        </Field>
        <Field>
          <Label htmlFor="rule-preview-language">
            <FormattedMessage id="rules.preview.language" />
          </Label>
          <FormSelect id="rule-preview-language" value={language} onChange={(event) => setLanguage(event.target.value)} data-testid="preview-language">
            <option value="">{intl.formatMessage({ id: 'rules.preview.noLanguage' })}</option>
            <LanguageOptions />
          </FormSelect>
        </Field>
        <Field>
          <Label htmlFor="rule-preview-device">
            <FormattedMessage id="rules.preview.device" />
          </Label>
          <FormSelect id="rule-preview-device" value={device} onChange={(event) => setDevice(event.target.value as RuleVisitor['device'])} data-testid="preview-device">
            {REDIRECT_RULE_DEVICES.map((one) => (
              <option key={one} value={one}>
                {intl.formatMessage({ id: DEVICE_MESSAGES[one] })}
              </option>
            ))}
            <option value="other">{intl.formatMessage({ id: 'rules.device.other' })}</option>
          </FormSelect>
        </Field>
        <Field>
          <Label htmlFor="rule-preview-date">
            <FormattedMessage id="rules.preview.date" />
          </Label>
          <Input id="rule-preview-date" type="datetime-local" value={when} onChange={(event) => setWhen(event.target.value)} data-testid="preview-date" />
        </Field>
      </Inputs>
      <Fieldset>
        <Inline $gap={16}>
          <CheckRow>
            <input type="checkbox" checked={batch} onChange={(event) => setBatch(event.target.checked)} data-testid="preview-batch" />
            <FormattedMessage id="rules.preview.batch" />
          </CheckRow>
          <CheckRow>
            <input type="checkbox" checked={serial} onChange={(event) => setSerial(event.target.checked)} data-testid="preview-serial" />
            <FormattedMessage id="rules.preview.serial" />
          </CheckRow>
        </Inline>
      </Fieldset>
      <Result aria-live="polite" data-testid="preview-result">
        <span>
          {chosen === null ? (
            <FormattedMessage id={linkTarget === null ? 'rules.preview.noneCompany' : 'rules.preview.none'} />
          ) : chosen.level === 'product' ? (
            <FormattedMessage id="rules.preview.product" values={{ name: ruleName(rules, chosen.position) }} />
          ) : (
            <FormattedMessage id="rules.preview.company" values={{ name: ruleName(companyRules, chosen.position) }} />
          )}
        </span>
        {chosen !== null || linkTarget !== null ? <strong data-testid="preview-target">{chosen ? chosen.rule.targetUrl : linkTarget}</strong> : null}
      </Result>
    </Box>
  );
}
