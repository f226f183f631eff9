import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PASSWORD_MIN_LENGTH } from '@product-console/shared';
import { PasswordInput } from '@/components/password-input';
import { Field, Label } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-error-message';
import { apiFieldErrors, encodeFieldError, formControlErrors } from '@/lib/field-errors';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { showSnackbar } from '@/lib/snackbar';
import { changePassword } from '@/features/profile/api/profile';
import { FormCard, Muted } from '@/features/profile/components/form-card';

/** /profiles/password: checks the current password; every other session is signed out. */
export function ProfilePasswordRoute() {
  const intl = useIntl();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const ids = { old: useId(), password: useId(), confirm: useId() };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    const password = String(data.get('password') ?? '');
    const refused = formControlErrors(formElement);
    if (!refused.confirmPassword && password !== String(data.get('confirmPassword') ?? '')) {
      refused.confirmPassword = encodeFieldError({ id: 'account.passwordMismatch' });
    }
    setFieldErrors(refused);
    if (Object.keys(refused).length > 0) return;
    setSaving(true);
    setError(null);
    try {
      await changePassword(String(data.get('oldPassword') ?? ''), password);
      formElement.reset();
      showSnackbar(intl.formatMessage({ id: 'profile.passwordChanged' }), 'success');
    } catch (cause) {
      setError(apiErrorMessage(intl, cause));
      setFieldErrors(apiFieldErrors(cause, { oldPassword: 'oldPassword', password: 'password' }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormCard onSubmit={(event) => void onSubmit(event)} saving={saving} error={error} testId="profile-password-form" noValidate>
      <Muted>
        <FormattedMessage id="profile.passwordHint" />
      </Muted>
      <Field>
        <Label htmlFor={ids.old}><FormattedMessage id="profile.oldPassword" /></Label>
        <PasswordInput id={ids.old} name="oldPassword" required autoComplete="current-password" {...fieldErrorProps(ids.old, fieldErrors.oldPassword)} />
        <FieldErrorSlot inputId={ids.old} error={fieldErrors.oldPassword} />
      </Field>
      <Field>
        <Label htmlFor={ids.password}><FormattedMessage id="account.newPassword" /></Label>
        <PasswordInput
          id={ids.password}
          name="password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          autoComplete="new-password"
          {...fieldErrorProps(ids.password, fieldErrors.password)}
        />
        <FieldErrorSlot inputId={ids.password} error={fieldErrors.password} />
      </Field>
      <Field>
        <Label htmlFor={ids.confirm}><FormattedMessage id="account.confirmPassword" /></Label>
        <PasswordInput
          id={ids.confirm}
          name="confirmPassword"
          required
          minLength={PASSWORD_MIN_LENGTH}
          autoComplete="new-password"
          {...fieldErrorProps(ids.confirm, fieldErrors.confirmPassword)}
        />
        <FieldErrorSlot inputId={ids.confirm} error={fieldErrors.confirmPassword} />
      </Field>
      <Muted>
        <FormattedMessage id="account.passwordRule" values={{ min: PASSWORD_MIN_LENGTH }} />
      </Muted>
    </FormCard>
  );
}
