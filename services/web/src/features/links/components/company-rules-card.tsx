import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LINK_TYPES, type LinkType } from '@product-console/shared';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Label } from '@/components/ui/field';
import { FormSelect, Hint, Inline, Stack } from '@/components/ui/form-controls';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { showSnackbar } from '@/lib/snackbar';
import { useCompanyRules } from '@/features/links/api/get-redirect-rules';
import { putCompanyRules } from '@/features/links/api/redirect-rule-mutations';
import { linkTypeMessageId } from '@/features/links/components/link-model';
import { RedirectRulesEditor, ruleSummary } from '@/features/links/components/redirect-rules-editor';
import { draftOf, inputOf, sameRules, type RuleDraft } from '@/features/links/components/rule-model';
import { useCountryNames } from '@/components/country-multi-select';

/**
 * The company's default redirect rules, per link type (decision 077): they apply to every product
 * after its own rules and before the link's target. Managers change them; others read them.
 */
export function CompanyRulesCard({ canEdit }: { canEdit: boolean }) {
  const intl = useIntl();
  const countryName = useCountryNames();
  const [linkType, setLinkType] = useState<LinkType>('gs1:pip');
  const query = useCompanyRules(linkType);
  const [saved, setSaved] = useState<RuleDraft[] | null>(null);
  const [rules, setRules] = useState<RuleDraft[]>([]);
  const [saving, setSaving] = useState(false);
  const loaded = query.data?.result;

  useEffect(() => {
    if (!loaded) return;
    const drafts = loaded.map(draftOf);
    setSaved(drafts);
    setRules(drafts);
  }, [loaded]);

  const dirty = saved !== null && !sameRules(rules, saved);

  async function save() {
    setSaving(true);
    try {
      await putCompanyRules(linkType, rules.map(inputOf));
      await query.mutate();
      showSnackbar(intl.formatMessage({ id: 'rules.company.saved' }), 'success');
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
    } finally {
      setSaving(false);
    }
  }

  function chooseType(next: LinkType) {
    setSaved(null);
    setLinkType(next);
  }

  return (
    <Card data-testid="company-rules">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="rules.company.title" />
        </CardTitle>
      </CardHeader>
      <CardBody>
        <Stack>
          <Hint>
            <FormattedMessage id="rules.company.description" />
          </Hint>
          <Field>
            <Label htmlFor="company-rules-type">
              <FormattedMessage id="rules.company.linkType" />
            </Label>
            <FormSelect id="company-rules-type" value={linkType} disabled={dirty || saving} onChange={(event) => chooseType(event.target.value as LinkType)} data-testid="company-rules-type">
              {LINK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {intl.formatMessage({ id: linkTypeMessageId(type)! })}
                </option>
              ))}
            </FormSelect>
            {dirty ? (
              <Hint>
                <FormattedMessage id="rules.company.saveFirst" />
              </Hint>
            ) : null}
          </Field>
          {query.error ? (
            <LoadError message={apiErrorMessage(intl, query.error)} onRetry={() => void query.mutate()} testId="company-rules-error" />
          ) : saved === null ? (
            <Skeleton $height="44px" />
          ) : canEdit ? (
            <>
              <RedirectRulesEditor rules={rules} onChange={setRules} companyRules={[]} linkTarget={null} disabled={saving} />
              <Inline>
                <Button onClick={() => void save()} disabled={!dirty || saving} data-testid="company-rules-save">
                  {saving ? <Spinner size={16} /> : null}
                  <FormattedMessage id="rules.company.save" />
                </Button>
                <Button $variant="outline" onClick={() => setRules(saved)} disabled={!dirty || saving} data-testid="company-rules-undo">
                  <FormattedMessage id="rules.company.undo" />
                </Button>
              </Inline>
            </>
          ) : (
            <>
              <Hint>
                <FormattedMessage id="rules.company.readOnly" />
              </Hint>
              {saved.length === 0 ? (
                <p data-testid="rules-empty">
                  <FormattedMessage id="rules.empty" />
                </p>
              ) : (
                <ol data-testid="rules-list">
                  {saved.map((rule, index) => (
                    <li key={rule.key}>
                      <strong>{rule.name || intl.formatMessage({ id: 'rules.position' }, { position: index + 1 })}</strong>: {ruleSummary(intl, rule, countryName)} → {rule.targetUrl}
                    </li>
                  ))}
                </ol>
              )}
            </>
          )}
        </Stack>
      </CardBody>
    </Card>
  );
}
