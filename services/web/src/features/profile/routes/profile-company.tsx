import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { isAdminRole } from '@product-console/shared';
import { DropZone } from '@/components/ui/drop-zone';
import { Field, Input, Label } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { parsePrefixes, PREFIX_PATTERN, prefixFieldError } from '@/lib/company-prefix-errors';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES, fileUrl } from '@/lib/files';
import { showSnackbar } from '@/lib/snackbar';
import { useCompanyInfo, useProfile, useUpdateCompanyInfo } from '@/features/profile/api/profile';
import { Avatar, FormCard, Grid, Identity, LoadFailure, Muted } from '@/features/profile/components/form-card';

/** A company manager's fields; a sub-admin sees them disabled. */
const Fields = styled.fieldset`
  border: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Description = styled(Input)`
  height: 96px;
  padding-top: 10px;
`;

const FieldNote = styled.p<{ $danger?: boolean }>`
  font-size: 13px;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.textMuted)};
`;

/** /profiles/company: the company profile; admins edit it, sub-admins read it. */
export function ProfileCompanyRoute() {
  const intl = useIntl();
  const profile = useProfile();
  const company = useCompanyInfo();
  const update = useUpdateCompanyInfo();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [gcpsError, setGcpsError] = useState<string | null>(null);
  const [newLogo, setNewLogo] = useState<File[]>([]);
  const ids = { name: useId(), description: useId(), country: useId(), phone: useId(), hour: useId(), email: useId(), website: useId(), gcps: useId(), gcpsNote: useId() };
  const readOnly = !profile.data || !isAdminRole(profile.data.result.roleId);

  if (company.error) return <LoadFailure onRetry={() => void company.mutate()} />;
  if (!company.data) return <Skeleton $width="100%" $height="420px" />;
  const current = company.data.result;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const gcps = parsePrefixes(text('gcps'));
    if (gcps.length === 0 || gcps.some((prefix) => !PREFIX_PATTERN.test(prefix))) {
      setError(null);
      setGcpsError(intl.formatMessage({ id: 'register.gcpsInvalid' }));
      return;
    }
    // Sent only when changed: the API then checks each added prefix against the other companies'.
    const gcpsChanged = gcps.join(',') !== current.gcps.join(',');
    setSaving(true);
    setError(null);
    setGcpsError(null);
    try {
      await update(
        {
          companyName: text('companyName'),
          description: text('description'),
          country: text('country'),
          contactPhone: text('contactPhone'),
          contactHour: text('contactHour'),
          contactEmail: text('contactEmail'),
          website: text('website'),
          ...(gcpsChanged && { gcps }),
        },
        newLogo[0] ?? null,
      );
      setNewLogo([]);
      showSnackbar(intl.formatMessage({ id: 'profile.saved' }), 'success');
    } catch (cause) {
      setError(apiErrorMessage(intl, cause));
      setGcpsError(prefixFieldError(intl, cause, gcps));
    } finally {
      setSaving(false);
    }
  }

  const logo = current.primaryLogo ? fileUrl(current.primaryLogo) : null;
  return (
    <FormCard onSubmit={(event) => void onSubmit(event)} saving={saving} error={error} testId="profile-company-form" readOnly={readOnly}>
      <Identity>
        {logo ? <Avatar src={logo} alt={intl.formatMessage({ id: 'profile.logoAlt' })} /> : null}
        <div>
          <strong>{current.serviceName}</strong>
          <Muted>
            <FormattedMessage id="profile.companyPrefixes" values={{ gcps: current.gcps.join(', ') }} />
          </Muted>
        </div>
      </Identity>
      {readOnly ? (
        <Muted>
          <FormattedMessage id="profile.companyReadOnly" />
        </Muted>
      ) : null}
      <Fields disabled={readOnly}>
        <Grid>
          <Field>
            <Label htmlFor={ids.name}><FormattedMessage id="register.companyName" /></Label>
            <Input id={ids.name} name="companyName" required maxLength={100} defaultValue={current.companyName} />
          </Field>
          <Field>
            <Label htmlFor={ids.country}><FormattedMessage id="profile.country" /></Label>
            <Input id={ids.country} name="country" maxLength={60} defaultValue={current.country} />
          </Field>
          <Field>
            <Label htmlFor={ids.phone}><FormattedMessage id="profile.contactPhone" /></Label>
            <Input id={ids.phone} name="contactPhone" type="tel" maxLength={40} defaultValue={current.contactPhone} />
          </Field>
          <Field>
            <Label htmlFor={ids.hour}><FormattedMessage id="profile.contactHour" /></Label>
            <Input id={ids.hour} name="contactHour" maxLength={100} defaultValue={current.contactHour} />
          </Field>
          <Field>
            <Label htmlFor={ids.email}><FormattedMessage id="profile.contactEmail" /></Label>
            <Input id={ids.email} name="contactEmail" type="email" defaultValue={current.contactEmail} />
          </Field>
          <Field>
            <Label htmlFor={ids.website}><FormattedMessage id="profile.website" /></Label>
            <Input id={ids.website} name="website" type="url" placeholder="https://" defaultValue={current.website} />
          </Field>
        </Grid>
        {readOnly ? null : (
          <Field>
            <Label htmlFor={ids.gcps}><FormattedMessage id="register.gcps" /></Label>
            <Input
              id={ids.gcps}
              name="gcps"
              required
              inputMode="numeric"
              defaultValue={current.gcps.join(', ')}
              aria-invalid={gcpsError ? true : undefined}
              aria-describedby={ids.gcpsNote}
            />
            <FieldNote id={ids.gcpsNote} $danger={gcpsError !== null} data-testid={gcpsError ? 'gcps-error' : undefined}>
              {gcpsError ?? <FormattedMessage id="profile.gcpsHint" />}
            </FieldNote>
          </Field>
        )}
        <Field>
          <Label htmlFor={ids.description}><FormattedMessage id="profile.description" /></Label>
          <Description as="textarea" id={ids.description} name="description" maxLength={2000} defaultValue={current.description} />
        </Field>
        {readOnly ? null : (
          <DropZone
            label={intl.formatMessage({ id: 'register.primaryLogo' })}
            testId="company-logo-input"
            accept={IMAGE_TYPES}
            maxBytes={UPLOAD_MAX_BYTES}
            files={newLogo}
            onChange={setNewLogo}
          />
        )}
      </Fields>
    </FormCard>
  );
}
