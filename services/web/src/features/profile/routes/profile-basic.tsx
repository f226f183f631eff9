import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { UiLanguage } from '@product-console/shared';
import { MailLanguageField } from '@/components/mail-language-field';
import { DropZone } from '@/components/ui/drop-zone';
import { Field, Input, Label } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES, fileUrl } from '@/lib/files';
import { showSnackbar } from '@/lib/snackbar';
import { useProfile, useUpdateProfile } from '@/features/profile/api/profile';
import { Avatar, CheckLabel, FormCard, Grid, Identity, LoadFailure, Muted } from '@/features/profile/components/form-card';

/** /profiles/basic: own name, contact numbers, picture and landing page. */
export function ProfileBasicRoute() {
  const intl = useIntl();
  const profile = useProfile();
  const update = useUpdateProfile();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [newImage, setNewImage] = useState<File[]>([]);
  const ids = { first: useId(), last: useId(), department: useId(), office: useId(), mobile: useId(), landing: useId() };

  if (profile.error) return <LoadFailure onRetry={() => void profile.mutate()} />;
  if (!profile.data) return <Skeleton $width="100%" $height="360px" />;
  const current = profile.data.result;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    setSaving(true);
    setError(null);
    try {
      await update(
        {
          first_name: text('firstName'),
          last_name: text('lastName'),
          department: text('department'),
          officePhone: text('officePhone'),
          mobile: text('mobile'),
          showDefaultPage: data.get('showDefaultPage') === 'on',
          language: text('mailLanguage') as UiLanguage,
        },
        newImage[0] ?? null,
      );
      setNewImage([]);
      showSnackbar(intl.formatMessage({ id: 'profile.saved' }), 'success');
    } catch (cause) {
      setError(apiErrorMessage(intl, cause));
    } finally {
      setSaving(false);
    }
  }

  const avatar = current.profile ? fileUrl(current.profile) : null;
  return (
    <FormCard onSubmit={(event) => void onSubmit(event)} saving={saving} error={error} testId="profile-basic-form">
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
          <Input id={ids.first} name="firstName" required maxLength={100} defaultValue={current.firstName} autoComplete="given-name" />
        </Field>
        <Field>
          <Label htmlFor={ids.last}><FormattedMessage id="account.lastName" /></Label>
          <Input id={ids.last} name="lastName" required maxLength={100} defaultValue={current.lastName} autoComplete="family-name" />
        </Field>
        <Field>
          <Label htmlFor={ids.department}><FormattedMessage id="account.department" /></Label>
          <Input id={ids.department} name="department" maxLength={100} defaultValue={current.department} />
        </Field>
        <Field>
          <Label htmlFor={ids.office}><FormattedMessage id="profile.officePhone" /></Label>
          <Input id={ids.office} name="officePhone" type="tel" maxLength={40} defaultValue={current.officePhone} autoComplete="tel-local" />
        </Field>
        <Field>
          <Label htmlFor={ids.mobile}><FormattedMessage id="profile.mobile" /></Label>
          <Input id={ids.mobile} name="mobile" type="tel" maxLength={40} defaultValue={current.mobile} autoComplete="tel" />
        </Field>
        <MailLanguageField defaultValue={current.language} testId="profile-mail-language" />
        <DropZone
          label={intl.formatMessage({ id: 'profile.image' })}
          testId="profile-image-input"
          accept={IMAGE_TYPES}
          maxBytes={UPLOAD_MAX_BYTES}
          files={newImage}
          onChange={setNewImage}
        />
      </Grid>
      <CheckLabel htmlFor={ids.landing}>
        <input id={ids.landing} name="showDefaultPage" type="checkbox" defaultChecked={current.showDefaultPage} />
        <FormattedMessage id="profile.showDefaultPage" />
      </CheckLabel>
    </FormCard>
  );
}
