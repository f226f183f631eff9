import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PASSWORD_MIN_LENGTH } from '@product-console/shared';
import { PasswordInput } from '@/components/password-input';
import { Field, Label } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-error-message';
import { AuthForm, AuthSubmitButton, ErrorAlert, Heading, Hint, Subheading } from '@/features/auth/components/auth-panel';

interface SetPasswordFormProps {
  title: ReactNode;
  subtitle?: ReactNode;
  submitLabel: ReactNode;
  onSubmit: (password: string) => Promise<unknown>;
}

/** New password twice; used by the reset link and by an invited member. */
export function SetPasswordForm({ title, subtitle, submitLabel, onSubmit }: SetPasswordFormProps) {
  const intl = useIntl();
  const passwordId = useId();
  const confirmId = useId();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('confirmPassword') ?? '')) {
      setError(intl.formatMessage({ id: 'account.passwordMismatch' }));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await onSubmit(password);
    } catch (cause) {
      setError(apiErrorMessage(intl, cause));
      setSubmitting(false);
    }
  }

  return (
    <AuthForm onSubmit={(event) => void submit(event)} data-testid="set-password-form">
      <div>
        <Heading>{title}</Heading>
        {subtitle ? <Subheading>{subtitle}</Subheading> : null}
      </div>
      <ErrorAlert message={error} />
      <Field>
        <Label htmlFor={passwordId}>
          <FormattedMessage id="account.newPassword" />
        </Label>
        <PasswordInput id={passwordId} name="password" required minLength={PASSWORD_MIN_LENGTH} autoComplete="new-password" />
      </Field>
      <Field>
        <Label htmlFor={confirmId}>
          <FormattedMessage id="account.confirmPassword" />
        </Label>
        <PasswordInput id={confirmId} name="confirmPassword" required minLength={PASSWORD_MIN_LENGTH} autoComplete="new-password" />
      </Field>
      <Hint>
        <FormattedMessage id="account.passwordRule" values={{ min: PASSWORD_MIN_LENGTH }} />
      </Hint>
      <AuthSubmitButton submitting={submitting}>{submitLabel}</AuthSubmitButton>
    </AuthForm>
  );
}
