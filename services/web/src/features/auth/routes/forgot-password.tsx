import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Field, Input, Label } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { requestPasswordReset } from '@/features/auth/api/accounts';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { AuthForm, BackToSignIn, ErrorAlert, Heading, Subheading } from '@/features/auth/components/auth-panel';

/** /forgot-password: asks for a reset mail, then /check-mail (whether or not the address exists). */
export function ForgotPasswordRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const emailId = useId();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setSubmitting(true);
    setError(null);
    try {
      await requestPasswordReset(email);
      navigate(`/check-mail?email=${encodeURIComponent(email)}`);
    } catch (cause) {
      setError(apiErrorMessage(intl, cause));
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout>
      <AuthForm onSubmit={(event) => void onSubmit(event)}>
        <div>
          <Heading>
            <FormattedMessage id="forgot.title" />
          </Heading>
          <Subheading>
            <FormattedMessage id="forgot.subtitle" />
          </Subheading>
        </div>
        <ErrorAlert message={error} />
        <Field>
          <Label htmlFor={emailId}>
            <FormattedMessage id="login.email" />
          </Label>
          <Input id={emailId} name="email" type="email" required autoComplete="email" />
        </Field>
        <Button type="submit" $size="lg" $block disabled={submitting} aria-busy={submitting}>
          {submitting ? <Spinner size={18} /> : null}
          <FormattedMessage id="forgot.submit" />
        </Button>
        <BackToSignIn />
      </AuthForm>
    </AuthLayout>
  );
}
