import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { Field, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { apiFieldErrors, encodeFieldError } from '@/lib/field-errors';
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
  const { error, fieldErrors, submitting, onSubmit } = useAuthSubmit(
    async (data) => {
      const { result } = await verifyResetCode(String(data.get('email') ?? '').trim(), String(data.get('code') ?? '').replace(/\s/g, ''));
      navigate(`/reset-password/${result.userId}/${encodeURIComponent(result.token)}`, { replace: true });
    },
    {
      validate: (data): Record<string, string> =>
        /^\s*\d{6}\s*$/.test(String(data.get('code') ?? '')) ? {} : { code: encodeFieldError({ id: 'form.invalidFormat', values: { example: '123456' } }) },
      apiErrors: (cause) => apiFieldErrors(cause, { email: 'email', code: 'code' }),
    },
  );

  return (
    <AuthLayout>
      <AuthForm onSubmit={onSubmit} noValidate>
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
          <Input
            id={emailId}
            name="email"
            type="email"
            required
            defaultValue={params.get('email') ?? ''}
            autoComplete="email"
            {...fieldErrorProps(emailId, fieldErrors.email)}
          />
          <FieldErrorSlot inputId={emailId} error={fieldErrors.email} />
        </Field>
        <Field>
          <Label htmlFor={codeId}>
            <FormattedMessage id="codeVerification.code" />
          </Label>
          <Input
            id={codeId}
            name="code"
            required
            inputMode="numeric"
            maxLength={8}
            autoComplete="one-time-code"
            {...fieldErrorProps(codeId, fieldErrors.code)}
          />
          <FieldErrorSlot inputId={codeId} error={fieldErrors.code} />
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
