import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Field, Input, Label } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { verifyResetCode } from '@/features/auth/api/accounts';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { AuthForm, BackToSignIn, ErrorAlert, Heading, Hint, Subheading } from '@/features/auth/components/auth-panel';

/** /code-verification: the 6-digit code of the reset mail opens the reset page. */
export function CodeVerificationRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const emailId = useId();
  const codeId = useId();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setSubmitting(true);
    setError(null);
    try {
      const { result } = await verifyResetCode(String(data.get('email') ?? '').trim(), String(data.get('code') ?? '').replace(/\s/g, ''));
      navigate(`/reset-password/${result.userId}/${encodeURIComponent(result.token)}`, { replace: true });
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
            <FormattedMessage id="codeVerification.title" />
          </Heading>
          <Subheading>
            <FormattedMessage id="codeVerification.subtitle" />
          </Subheading>
        </div>
        <ErrorAlert message={error} />
        <Field>
          <Label htmlFor={emailId}>
            <FormattedMessage id="login.email" />
          </Label>
          <Input id={emailId} name="email" type="email" required defaultValue={params.get('email') ?? ''} autoComplete="email" />
        </Field>
        <Field>
          <Label htmlFor={codeId}>
            <FormattedMessage id="codeVerification.code" />
          </Label>
          <Input id={codeId} name="code" required inputMode="numeric" pattern="\s*\d{6}\s*" maxLength={8} autoComplete="one-time-code" />
        </Field>
        <Button type="submit" $size="lg" $block disabled={submitting} aria-busy={submitting}>
          {submitting ? <Spinner size={18} /> : null}
          <FormattedMessage id="codeVerification.submit" />
        </Button>
        <Hint>
          <Link to="/forgot-password">
            <FormattedMessage id="codeVerification.sendAgain" />
          </Link>
        </Hint>
        <BackToSignIn />
      </AuthForm>
    </AuthLayout>
  );
}
