import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { PASSWORD_MIN_LENGTH } from '@product-console/shared';
import { PasswordInput } from '@/components/password-input';
import { Field, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { apiFieldErrors, encodeFieldError } from '@/lib/field-errors';
import { AuthForm, AuthSubmitButton, ErrorAlert, Heading, Hint, Subheading } from '@/features/auth/components/auth-panel';
import { useAuthSubmit } from '@/features/auth/hooks/use-auth-submit';

interface SetPasswordFormProps {
  title: ReactNode;
  subtitle?: ReactNode;
  submitLabel: ReactNode;
  onSubmit: (password: string) => Promise<unknown>;
}

/** New password twice; used by the reset link and by an invited member. */
export function SetPasswordForm({ title, subtitle, submitLabel, onSubmit }: SetPasswordFormProps) {
  const passwordId = useId();
  const confirmId = useId();
  const { error, fieldErrors, submitting, onSubmit: submit } = useAuthSubmit((data) => onSubmit(String(data.get('password') ?? '')), {
    validate: (data): Record<string, string> =>
      data.get('password') === data.get('confirmPassword') ? {} : { confirmPassword: encodeFieldError({ id: 'account.passwordMismatch' }) },
    apiErrors: (cause) => apiFieldErrors(cause, { password: 'password' }),
  });

  return (
    <AuthForm onSubmit={submit} data-testid="set-password-form" noValidate>
      <div>
        <Heading>{title}</Heading>
        {subtitle ? <Subheading>{subtitle}</Subheading> : null}
      </div>
      <ErrorAlert message={error} />
      <Field>
        <Label htmlFor={passwordId}>
          <FormattedMessage id="account.newPassword" />
        </Label>
        <PasswordInput
          id={passwordId}
          name="password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          autoComplete="new-password"
          {...fieldErrorProps(passwordId, fieldErrors.password)}
        />
        <FieldErrorSlot inputId={passwordId} error={fieldErrors.password} />
      </Field>
      <Field>
        <Label htmlFor={confirmId}>
          <FormattedMessage id="account.confirmPassword" />
        </Label>
        <PasswordInput
          id={confirmId}
          name="confirmPassword"
          required
          minLength={PASSWORD_MIN_LENGTH}
          autoComplete="new-password"
          {...fieldErrorProps(confirmId, fieldErrors.confirmPassword)}
        />
        <FieldErrorSlot inputId={confirmId} error={fieldErrors.confirmPassword} />
      </Field>
      <Hint>
        <FormattedMessage id="account.passwordRule" values={{ min: PASSWORD_MIN_LENGTH }} />
      </Hint>
      <AuthSubmitButton submitting={submitting}>{submitLabel}</AuthSubmitButton>
    </AuthForm>
  );
}
