import { useId } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { SSO_FAILURE_REASONS, type SsoFailureReason } from '@product-console/shared';
import { AlertIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { apiFieldErrors } from '@/lib/field-errors';
import { startSso } from '@/features/auth/api/sso';
import { AuthSubmitButton } from '@/features/auth/components/auth-panel';
import { useAuthSubmit } from '@/features/auth/hooks/use-auth-submit';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 18px;
`;

const Heading = styled.h1`
  font-size: 28px;
  font-weight: 700;
`;

const Subheading = styled.p`
  margin-top: 6px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The reason a single sign-on came back with (`/login?sso=<reason>`), if it is one the page knows. */
export function ssoFailureOf(search: string): SsoFailureReason | null {
  const reason = new URLSearchParams(search).get('sso');
  return (SSO_FAILURE_REASONS as readonly string[]).includes(reason ?? '') ? (reason as SsoFailureReason) : null;
}

/**
 * Sign in with SSO: the work e-mail finds the company, and the browser goes to its provider. A
 * sign-in that failed there comes back with its reason, shown above the form.
 */
export function SsoForm({ failure, onPassword }: { failure: SsoFailureReason | null; onPassword: () => void }) {
  const intl = useIntl();
  const { error, fieldErrors, submitting, onSubmit } = useAuthSubmit(
    async (data) => {
      window.location.assign(await startSso({ email: String(data.get('email') ?? '').trim() }));
    },
    { apiErrors: (cause) => apiFieldErrors(cause, { email: 'email' }) },
  );
  const emailId = useId();
  const errorId = useId();
  const shown = error ?? (failure ? intl.formatMessage({ id: `login.sso.error.${failure}` }) : null);

  return (
    <Form onSubmit={onSubmit} aria-describedby={shown ? errorId : undefined} noValidate data-testid="sso-form">
      <div>
        <Heading>
          <FormattedMessage id="login.sso.title" />
        </Heading>
        <Subheading>
          <FormattedMessage id="login.sso.subtitle" />
        </Subheading>
      </div>

      {shown ? (
        <FormAlert role="alert" id={errorId} data-testid="sso-error">
          <AlertIcon size={18} />
          <span>{shown}</span>
        </FormAlert>
      ) : null}

      <Field>
        <Label htmlFor={emailId}>
          <FormattedMessage id="login.sso.email" />
        </Label>
        <Input
          id={emailId}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          autoFocus
          placeholder={intl.formatMessage({ id: 'login.emailPlaceholder' })}
          {...fieldErrorProps(emailId, fieldErrors.email)}
        />
        <FieldErrorSlot inputId={emailId} error={fieldErrors.email} />
      </Field>

      <AuthSubmitButton submitting={submitting}>
        <FormattedMessage id="login.sso.continue" />
      </AuthSubmitButton>
      <Button type="button" $variant="outline" $size="lg" $block onClick={onPassword} data-testid="sso-back">
        <FormattedMessage id="login.sso.withPassword" />
      </Button>
    </Form>
  );
}
