import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import { SSO_JIT_ROLES, ssoSettingsBodySchema, type SsoSettings, type SsoSettingsBody } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input, Label, Select } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { CheckRow, Hint, TextArea } from '@/components/ui/form-controls';
import { apiErrorMessage } from '@/lib/api-error-message';
import { apiFieldErrors, schemaFieldErrors } from '@/lib/field-errors';
import { showSnackbar } from '@/lib/snackbar';
import { deleteSsoSettings, saveSsoSettings, SSO_SETTINGS_KEY, useSsoSettings } from '@/features/sso/api/sso-settings';

const Intro = styled.p`
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: 12px;
`;

const Form = styled.form`
  display: grid;
  gap: 16px;
  max-width: 640px;
`;

const Address = styled.code`
  display: block;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;
  user-select: all;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Status = styled.p`
  font-weight: 600;
  margin-bottom: 12px;
`;

const RedirectField = styled(Field)`
  margin-bottom: 20px;
`;

/** The form's control names are the body's field names. */
const CONTROLS = { issuer: 'issuer', clientId: 'clientId', clientSecret: 'clientSecret', domains: 'domains', jitRole: 'jitRole', mandatory: 'mandatory' };

function bodyOf(data: FormData): SsoSettingsBody {
  const secret = String(data.get('clientSecret') ?? '');
  return {
    issuer: String(data.get('issuer') ?? '').trim(),
    clientId: String(data.get('clientId') ?? '').trim(),
    ...(secret ? { clientSecret: secret } : {}),
    domains: String(data.get('domains') ?? '')
      .split(/[\s,;]+/)
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    jitRole: String(data.get('jitRole') ?? 'off') as SsoSettingsBody['jitRole'],
    mandatory: data.get('mandatory') === 'on',
  };
}

/**
 * Single sign-on of the company (admins, decision 087): the OpenID Connect provider, the e-mail
 * domains it signs in, the role of users met for the first time, and whether passwords are refused.
 * The client secret is write-only: the card says whether one is set.
 */
export function SsoSettingsCard() {
  const intl = useIntl();
  const { mutate } = useSWRConfig();
  const settings = useSsoSettings();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<SsoSettings | null>(null);
  const ids = { issuer: useId(), clientId: useId(), clientSecret: useId(), domains: useId(), jitRole: useId(), mandatory: useId() };
  const current = settings.data?.result ?? null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = bodyOf(new FormData(event.currentTarget));
    const refused = schemaFieldErrors(ssoSettingsBodySchema, body, CONTROLS);
    if (!current && !body.clientSecret) refused.clientSecret ??= 'sso.secretRequired';
    setErrors(refused);
    if (Object.keys(refused).length > 0) return;
    setSaving(true);
    try {
      await mutate(SSO_SETTINGS_KEY, await saveSsoSettings(body), { revalidate: false });
      showSnackbar(intl.formatMessage({ id: 'sso.saved' }), 'success');
      (event.target as HTMLFormElement).querySelector<HTMLInputElement>('input[name="clientSecret"]')!.value = '';
    } catch (cause) {
      setErrors(apiFieldErrors(cause, CONTROLS));
      showSnackbar(apiErrorMessage(intl, cause), 'error');
    } finally {
      setSaving(false);
    }
  }

  if (!settings.data) {
    return (
      <Card data-testid="sso-settings-card">
        <CardHeader>
          <CardTitle>
            <FormattedMessage id="sso.title" />
          </CardTitle>
        </CardHeader>
        <CardBody>
          {settings.error ? (
            <Button $size="sm" $variant="outline" onClick={() => void settings.mutate()}>
              <FormattedMessage id="sso.retry" />
            </Button>
          ) : null}
        </CardBody>
      </Card>
    );
  }

  return (
    <Card data-testid="sso-settings-card">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="sso.title" />
        </CardTitle>
      </CardHeader>
      <CardBody>
        <Intro>
          <FormattedMessage id="sso.intro" />
        </Intro>
        <Status data-testid="sso-status">
          <FormattedMessage id={current ? (current.mandatory ? 'sso.statusMandatory' : 'sso.statusOn') : 'sso.statusOff'} />
        </Status>
        <RedirectField>
          <Label as="span">
            <FormattedMessage id="sso.redirectUri" />
          </Label>
          <Address data-testid="sso-redirect-uri">{settings.data.redirectUri}</Address>
        </RedirectField>
        <Form onSubmit={(event) => void onSubmit(event)} noValidate key={current?.updatedAt ?? 'new'}>
          <Field>
            <Label htmlFor={ids.issuer}>
              <FormattedMessage id="sso.issuer" />
            </Label>
            <Input id={ids.issuer} name="issuer" type="url" defaultValue={current?.issuer ?? ''} placeholder="https://login.example.com/realms/staff" {...fieldErrorProps(ids.issuer, errors.issuer)} />
            <FieldErrorSlot inputId={ids.issuer} error={errors.issuer} />
          </Field>
          <Field>
            <Label htmlFor={ids.clientId}>
              <FormattedMessage id="sso.clientId" />
            </Label>
            <Input id={ids.clientId} name="clientId" defaultValue={current?.clientId ?? ''} autoComplete="off" {...fieldErrorProps(ids.clientId, errors.clientId)} />
            <FieldErrorSlot inputId={ids.clientId} error={errors.clientId} />
          </Field>
          <Field>
            <Label htmlFor={ids.clientSecret}>
              <FormattedMessage id="sso.clientSecret" />
            </Label>
            <Input
              id={ids.clientSecret}
              name="clientSecret"
              type="password"
              autoComplete="new-password"
              placeholder={current?.clientSecretSet ? intl.formatMessage({ id: 'sso.secretSet' }) : ''}
              {...fieldErrorProps(ids.clientSecret, errors.clientSecret)}
            />
            {current?.clientSecretSet ? (
              <Hint data-testid="sso-secret-set">
                <FormattedMessage id="sso.secretSetHint" />
              </Hint>
            ) : null}
            <FieldErrorSlot inputId={ids.clientSecret} error={errors.clientSecret} />
          </Field>
          <Field>
            <Label htmlFor={ids.domains}>
              <FormattedMessage id="sso.domains" />
            </Label>
            <TextArea id={ids.domains} name="domains" rows={2} defaultValue={current?.domains.join('\n') ?? ''} placeholder="example.com" {...fieldErrorProps(ids.domains, errors.domains)} />
            <Hint>
              <FormattedMessage id="sso.domainsHint" />
            </Hint>
            <FieldErrorSlot inputId={ids.domains} error={errors.domains} />
          </Field>
          <Field>
            <Label htmlFor={ids.jitRole}>
              <FormattedMessage id="sso.jitRole" />
            </Label>
            <Select id={ids.jitRole} name="jitRole" defaultValue={current?.jitRole ?? 'off'}>
              {SSO_JIT_ROLES.map((role) => (
                <option key={role} value={role}>
                  {intl.formatMessage({ id: `sso.jit.${role}` })}
                </option>
              ))}
            </Select>
          </Field>
          <CheckRow htmlFor={ids.mandatory}>
            <input id={ids.mandatory} name="mandatory" type="checkbox" defaultChecked={current?.mandatory ?? false} />
            <FormattedMessage id="sso.mandatory" />
          </CheckRow>
          <Actions>
            <Button type="submit" disabled={saving} aria-busy={saving} data-testid="sso-save">
              <FormattedMessage id="sso.save" />
            </Button>
            {current ? (
              <Button type="button" $variant="outline" onClick={() => setRemoving(current)} data-testid="sso-remove">
                <FormattedMessage id="sso.remove" />
              </Button>
            ) : null}
          </Actions>
        </Form>
      </CardBody>
      <ConfirmDialog
        payload={removing}
        onClose={() => setRemoving(null)}
        title={<FormattedMessage id="sso.removeTitle" />}
        description={<FormattedMessage id="sso.removeDescription" />}
        confirmLabel={<FormattedMessage id="sso.remove" />}
        onConfirm={async () => {
          try {
            await deleteSsoSettings();
            await mutate(SSO_SETTINGS_KEY);
          } catch (cause) {
            showSnackbar(apiErrorMessage(intl, cause), 'error');
            throw cause;
          }
        }}
      />
    </Card>
  );
}
