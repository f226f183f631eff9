import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { companyInfoUpdateSchema, isAdminRole, type Company, type CompanyInfoUpdate } from '@product-console/shared';
import { CompanyPrefixField } from '@/components/company-prefix-field';
import { DropZone } from '@/components/ui/drop-zone';
import { Field, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { FormSelect, Hint } from '@/components/ui/form-controls';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { parsePrefixes, prefixFieldError, prefixListError } from '@/lib/company-prefix-errors';
import { apiFieldErrors, focusFirstRefused, formControlErrors, schemaFieldErrors } from '@/lib/field-errors';
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
  min-width: 0;
`;

const Description = styled(Input)`
  height: 96px;
  padding-top: 10px;
`;

/** The API's names of the fields (`updateInfo` JSON) are the form's; the prefixes have their own wording. */
const CONTROLS: Record<string, string> = Object.fromEntries(
  ['companyName', 'description', 'country', 'contactPhone', 'contactHour', 'contactEmail', 'website', 'timeZone'].map((name) => [name, name]),
);
const API_CONTROLS = Object.fromEntries(Object.entries(CONTROLS).map(([field, control]) => [`updateInfo.${field}`, control]));

function readUpdate(data: FormData): CompanyInfoUpdate & { gcps: string[] } {
  const text = (name: string) => String(data.get(name) ?? '').trim();
  return {
    companyName: text('companyName'),
    description: text('description'),
    country: text('country'),
    contactPhone: text('contactPhone'),
    contactHour: text('contactHour'),
    contactEmail: text('contactEmail'),
    website: text('website'),
    timeZone: text('timeZone'),
    gcps: parsePrefixes(text('gcps')),
  };
}

/** The IANA zones a company can count its analytics days in: UTC first, then the runtime's list, with the current one kept. */
function timeZoneOptions(current: string): string[] {
  const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  zones.add(current);
  return [...zones];
}

const RebuildLine = styled.div`
  display: grid;
  gap: 4px;
  margin-top: 6px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};

  progress {
    width: 100%;
    height: 6px;
  }
`;

/** How far the regrouping of the analytics into a new time zone is (refreshed while it runs). */
function RebuildStatus({ rebuild }: { rebuild: NonNullable<Company['analyticsRebuild']> | null }) {
  const intl = useIntl();
  if (!rebuild) return null;
  const timeZone = rebuild.timeZone.replaceAll('_', ' ');
  const failed = rebuild.status === 'failed';
  const message =
    rebuild.status === 'queued'
      ? intl.formatMessage({ id: 'profile.rebuild.queued' }, { timeZone })
      : failed
        ? intl.formatMessage({ id: 'profile.rebuild.failed' }, { timeZone })
        : rebuild.steps > 0
          ? intl.formatMessage({ id: 'profile.rebuild.step' }, { timeZone, step: rebuild.step, steps: rebuild.steps })
          : intl.formatMessage({ id: 'profile.rebuild.running' }, { timeZone, time: intl.formatTime(rebuild.startedAt ?? rebuild.requestedAt) });
  return (
    <RebuildLine role={failed ? 'alert' : 'status'} data-testid="analytics-rebuild">
      <span>{message}</span>
      {failed ? null : <progress max={Math.max(rebuild.steps, 1)} value={rebuild.steps > 0 ? rebuild.step : undefined} aria-label={message} />}
    </RebuildLine>
  );
}

/** /profiles/company: the company profile; admins edit it, sub-admins read it. */
export function ProfileCompanyRoute() {
  const intl = useIntl();
  const profile = useProfile();
  const company = useCompanyInfo({ followRebuild: true });
  const update = useUpdateCompanyInfo();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [newLogo, setNewLogo] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const ids = { name: useId(), description: useId(), country: useId(), phone: useId(), hour: useId(), email: useId(), website: useId(), timeZone: useId() };
  const readOnly = !profile.data || !isAdminRole(profile.data.result.roleId);

  if (company.error) return <LoadFailure onRetry={() => void company.mutate()} />;
  if (!company.data) return <Skeleton $width="100%" $height="420px" />;
  const current = company.data.result;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const { gcps, ...changes } = readUpdate(new FormData(formElement));
    const refused = { ...schemaFieldErrors(companyInfoUpdateSchema, changes, CONTROLS), ...formControlErrors(formElement) };
    const gcpsError = prefixListError(gcps);
    if (gcpsError) refused.gcps = gcpsError;
    setFieldErrors(refused);
    setError(null);
    if (Object.keys(refused).length > 0) {
      focusFirstRefused(formElement, refused);
      return;
    }
    // Sent only when changed: the API then checks each added prefix against the other companies'.
    const gcpsChanged = gcps.join(',') !== current.gcps.join(',');
    setSaving(true);
    try {
      await update({ ...changes, ...(gcpsChanged && { gcps }) }, newLogo[0] ?? null, setProgress);
      setNewLogo([]);
      showSnackbar(intl.formatMessage({ id: 'profile.saved' }), 'success');
    } catch (cause) {
      setError(apiErrorMessage(intl, cause));
      const apiErrors = apiFieldErrors(cause, API_CONTROLS);
      const prefixError = prefixFieldError(cause, 'updateInfo', gcps);
      setFieldErrors(prefixError ? { ...apiErrors, gcps: prefixError } : apiErrors);
    } finally {
      setSaving(false);
      setProgress(null);
    }
  }

  /** The control's error props and the slot under it. */
  const errorOf = (id: string, name: string) => ({ props: fieldErrorProps(id, fieldErrors[name]), slot: <FieldErrorSlot inputId={id} error={fieldErrors[name]} /> });
  const name = errorOf(ids.name, 'companyName');
  const country = errorOf(ids.country, 'country');
  const phone = errorOf(ids.phone, 'contactPhone');
  const hour = errorOf(ids.hour, 'contactHour');
  const email = errorOf(ids.email, 'contactEmail');
  const website = errorOf(ids.website, 'website');
  const description = errorOf(ids.description, 'description');
  const timeZone = errorOf(ids.timeZone, 'timeZone');

  const logo = current.primaryLogo ? fileUrl(current.primaryLogo) : null;
  return (
    <FormCard onSubmit={(event) => void onSubmit(event)} saving={saving} error={error} testId="profile-company-form" readOnly={readOnly} noValidate>
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
            <Input id={ids.name} name="companyName" required maxLength={100} defaultValue={current.companyName} {...name.props} />
            {name.slot}
          </Field>
          <Field>
            <Label htmlFor={ids.country}><FormattedMessage id="profile.country" /></Label>
            <Input id={ids.country} name="country" maxLength={60} defaultValue={current.country} {...country.props} />
            {country.slot}
          </Field>
          <Field>
            <Label htmlFor={ids.phone}><FormattedMessage id="profile.contactPhone" /></Label>
            <Input id={ids.phone} name="contactPhone" type="tel" maxLength={40} defaultValue={current.contactPhone} {...phone.props} />
            {phone.slot}
          </Field>
          <Field>
            <Label htmlFor={ids.hour}><FormattedMessage id="profile.contactHour" /></Label>
            <Input id={ids.hour} name="contactHour" maxLength={100} defaultValue={current.contactHour} {...hour.props} />
            {hour.slot}
          </Field>
          <Field>
            <Label htmlFor={ids.email}><FormattedMessage id="profile.contactEmail" /></Label>
            <Input id={ids.email} name="contactEmail" type="email" defaultValue={current.contactEmail} {...email.props} />
            {email.slot}
          </Field>
          <Field>
            <Label htmlFor={ids.website}><FormattedMessage id="profile.website" /></Label>
            <Input id={ids.website} name="website" type="url" placeholder="https://" defaultValue={current.website} {...website.props} />
            {website.slot}
          </Field>
          <Field>
            <Label htmlFor={ids.timeZone}><FormattedMessage id="profile.timeZone" /></Label>
            <FormSelect id={ids.timeZone} name="timeZone" defaultValue={current.timeZone} data-testid="company-time-zone" {...timeZone.props} aria-describedby={`${ids.timeZone}-hint ${timeZone.props['aria-describedby'] ?? ''}`.trim()}>
              {timeZoneOptions(current.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </FormSelect>
            <Hint id={`${ids.timeZone}-hint`}><FormattedMessage id="profile.timeZoneHint" /></Hint>
            <RebuildStatus rebuild={current.analyticsRebuild ?? null} />
            {timeZone.slot}
          </Field>
        </Grid>
        {readOnly ? null : (
          <CompanyPrefixField error={fieldErrors.gcps} defaultValue={current.gcps.join(', ')} hint={<FormattedMessage id="profile.gcpsHint" />} />
        )}
        <Field>
          <Label htmlFor={ids.description}><FormattedMessage id="profile.description" /></Label>
          <Description as="textarea" id={ids.description} name="description" maxLength={2000} defaultValue={current.description} {...description.props} />
          {description.slot}
        </Field>
        {readOnly ? null : (
          <DropZone
            label={intl.formatMessage({ id: 'register.primaryLogo' })}
            testId="company-logo-input"
            accept={IMAGE_TYPES}
            maxBytes={UPLOAD_MAX_BYTES}
            files={newLogo}
            onChange={setNewLogo}
            progress={newLogo.length > 0 ? progress : null}
            disabled={saving}
          />
        )}
      </Fields>
    </FormCard>
  );
}
