import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { profileUpdateSchema, type ProfileUpdate, type UiLanguage } from '@product-console/shared';
import { MailLanguageField } from '@/components/mail-language-field';
import { DropZone } from '@/components/ui/drop-zone';
import { Field, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { apiFieldErrors, focusFirstRefused, formControlErrors, schemaFieldErrors } from '@/lib/field-errors';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES, fileUrl } from '@/lib/files';
import { showSnackbar } from '@/lib/snackbar';
import { useProfile, useUpdateProfile } from '@/features/profile/api/profile';
import { Avatar, CheckLabel, FormCard, Grid, Identity, LoadFailure, Muted } from '@/features/profile/components/form-card';

/** The API's names of the fields (`updateInfo` JSON) and the form's controls. */
const CONTROLS: Record<string, string> = {
  first_name: 'firstName',
  last_name: 'lastName',
  department: 'department',
  officePhone: 'officePhone',
  mobile: 'mobile',
  language: 'mailLanguage',
};
const API_CONTROLS = Object.fromEntries(Object.entries(CONTROLS).map(([field, control]) => [`updateInfo.${field}`, control]));

function readUpdate(data: FormData): ProfileUpdate {
  const text = (name: string) => String(data.get(name) ?? '').trim();
  return {
    first_name: text('firstName'),
    last_name: text('lastName'),
    department: text('department'),
    officePhone: text('officePhone'),
    mobile: text('mobile'),
    showDefaultPage: data.get('showDefaultPage') === 'on',
    language: text('mailLanguage') as UiLanguage,
  };
}

/** /profiles/basic: own name, contact numbers, picture and landing page. */
export function ProfileBasicRoute() {
  const intl = useIntl();
  const profile = useProfile();
  const update = useUpdateProfile();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [newImage, setNewImage] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const ids = { first: useId(), last: useId(), department: useId(), office: useId(), mobile: useId(), landing: useId() };

  if (profile.error) return <LoadFailure onRetry={() => void profile.mutate()} />;
  if (!profile.data) return <Skeleton $width="100%" $height="360px" />;
  const current = profile.data.result;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    const changes = readUpdate(data);
    const refused = { ...schemaFieldErrors(profileUpdateSchema, changes, CONTROLS), ...formControlErrors(formElement) };
    setFieldErrors(refused);
    setError(null);
    if (Object.keys(refused).length > 0) {
      focusFirstRefused(formElement, refused);
      return;
    }
    setSaving(true);
    try {
      await update(changes, newImage[0] ?? null, setProgress);
      setNewImage([]);
      showSnackbar(intl.formatMessage({ id: 'profile.saved' }), 'success');
    } catch (cause) {
      setError(apiErrorMessage(intl, cause));
      setFieldErrors(apiFieldErrors(cause, API_CONTROLS));
    } finally {
      setSaving(false);
      setProgress(null);
    }
  }

  /** The control's error props and the slot under it. */
  const errorOf = (id: string, name: string) => ({ props: fieldErrorProps(id, fieldErrors[name]), slot: <FieldErrorSlot inputId={id} error={fieldErrors[name]} /> });
  const first = errorOf(ids.first, 'firstName');
  const last = errorOf(ids.last, 'lastName');
  const department = errorOf(ids.department, 'department');
  const office = errorOf(ids.office, 'officePhone');
  const mobile = errorOf(ids.mobile, 'mobile');

  const avatar = current.profile ? fileUrl(current.profile) : null;
  return (
    <FormCard onSubmit={(event) => void onSubmit(event)} saving={saving} error={error} testId="profile-basic-form" noValidate>
      <Identity>
        {avatar ? <Avatar src={avatar} alt={intl.formatMessage({ id: 'profile.imageAlt' })} /> : null}
        <div>
          <strong>{current.email}</strong>
          <Muted>
            <FormattedMessage id="profile.emailFixed" />
          </Muted>
        </div>
      </Identity>
      <Grid>
        <Field>
          <Label htmlFor={ids.first}><FormattedMessage id="account.firstName" /></Label>
          <Input id={ids.first} name="firstName" required maxLength={100} defaultValue={current.firstName} autoComplete="given-name" {...first.props} />
          {first.slot}
        </Field>
        <Field>
          <Label htmlFor={ids.last}><FormattedMessage id="account.lastName" /></Label>
          <Input id={ids.last} name="lastName" required maxLength={100} defaultValue={current.lastName} autoComplete="family-name" {...last.props} />
          {last.slot}
        </Field>
        <Field>
          <Label htmlFor={ids.department}><FormattedMessage id="account.department" /></Label>
          <Input id={ids.department} name="department" maxLength={100} defaultValue={current.department} {...department.props} />
          {department.slot}
        </Field>
        <Field>
          <Label htmlFor={ids.office}><FormattedMessage id="profile.officePhone" /></Label>
          <Input id={ids.office} name="officePhone" type="tel" maxLength={40} defaultValue={current.officePhone} autoComplete="tel-local" {...office.props} />
          {office.slot}
        </Field>
        <Field>
          <Label htmlFor={ids.mobile}><FormattedMessage id="profile.mobile" /></Label>
          <Input id={ids.mobile} name="mobile" type="tel" maxLength={40} defaultValue={current.mobile} autoComplete="tel" {...mobile.props} />
          {mobile.slot}
        </Field>
        <MailLanguageField defaultValue={current.language} testId="profile-mail-language" />
        <DropZone
          label={intl.formatMessage({ id: 'profile.image' })}
          testId="profile-image-input"
          accept={IMAGE_TYPES}
          maxBytes={UPLOAD_MAX_BYTES}
          files={newImage}
          onChange={setNewImage}
          progress={newImage.length > 0 ? progress : null}
          disabled={saving}
        />
      </Grid>
      <CheckLabel htmlFor={ids.landing}>
        <input id={ids.landing} name="showDefaultPage" type="checkbox" defaultChecked={current.showDefaultPage} />
        <FormattedMessage id="profile.showDefaultPage" />
      </CheckLabel>
    </FormCard>
  );
}
