import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { Field, Input, Label } from '@/components/ui/field';
import { verifyResetCode } from '@/features/auth/api/accounts';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useAuthSubmit } from '@/features/auth/hooks/use-auth-submit';
import { AuthForm, AuthSubmitButton, BackToSignIn, ErrorAlert, Heading, Hint, Subheading } from '@/features/auth/components/auth-panel';

/** /code-verification: the 6-digit code of the reset mail opens the reset page. */
export function CodeVerificationRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const emailId = useId();
  const codeId = useId();
  const { error, submitting, onSubmit } = useAuthSubmit(async (data) => {
    const { result } = await verifyResetCode(String(data.get('email') ?? '').trim(), String(data.get('code') ?? '').replace(/\s/g, ''));
    navigate(`/reset-password/${result.userId}/${encodeURIComponent(result.token)}`, { replace: true });
  });

  return (
    <AuthLayout>
      <AuthForm onSubmit={onSubmit}>
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
        <AuthSubmitButton submitting={submitting}>
          <FormattedMessage id="codeVerification.submit" />
        </AuthSubmitButton>
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
