import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { Field, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { apiFieldErrors } from '@/lib/field-errors';
import { requestPasswordReset } from '@/features/auth/api/accounts';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useAuthSubmit } from '@/features/auth/hooks/use-auth-submit';
import { AuthForm, AuthSubmitButton, BackToSignIn, ErrorAlert, Heading, Subheading } from '@/features/auth/components/auth-panel';

/** /forgot-password: asks for a reset mail, then /check-mail (whether or not the address exists). */
export function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const emailId = useId();
  const { error, fieldErrors, submitting, onSubmit } = useAuthSubmit(
    async (data) => {
      const email = String(data.get('email') ?? '').trim();
      await requestPasswordReset(email);
      navigate(`/check-mail?email=${encodeURIComponent(email)}`);
    },
    { apiErrors: (cause) => apiFieldErrors(cause, { email: 'email' }) },
  );

  return (
    <AuthLayout>
      <AuthForm onSubmit={onSubmit} noValidate>
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
          <Input id={emailId} name="email" type="email" required autoComplete="email" {...fieldErrorProps(emailId, fieldErrors.email)} />
          <FieldErrorSlot inputId={emailId} error={fieldErrors.email} />
        </Field>
        <AuthSubmitButton submitting={submitting}>
          <FormattedMessage id="forgot.submit" />
        </AuthSubmitButton>
        <BackToSignIn />
      </AuthForm>
    </AuthLayout>
  );
}
