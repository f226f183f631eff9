import { useId, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { AlertIcon, EyeIcon, EyeOffIcon } from '@/components/icons';
import { Button, IconButton } from '@/components/ui/button';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { apiFieldErrors, schemaFieldErrors } from '@/lib/field-errors';
import { useSignIn } from '@/features/auth/api/sign-in';
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

const LabelRow = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  a { font-size: 13px; font-weight: 500; text-decoration: none; }
  a:hover { text-decoration: underline; }
`;

const PasswordBox = styled.div`
  position: relative;
  input { padding-right: 48px; }
  button { position: absolute; right: 2px; top: 2px; }
`;

const Footer = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
  a { font-weight: 600; text-decoration: none; }
  a:hover { text-decoration: underline; }
`;

/** The gateway's names of the fields and the form's are the same. */
const CONTROLS = { email: 'email', password: 'password' };

/**
 * The sign-in schema, loaded when the visitor starts on the form rather than with the page: zod
 * is a fifth of the sign-in page's scripts otherwise (decision 073).
 */
const loadSchema = () => import('@/features/auth/sign-in-schema').then((module) => module.signInBodySchema);

function credentials(data: FormData) {
  return { email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? '') };
}

/** Email and password sign-in; the route redirects once the session exists. `onSso` switches to single sign-on. */
export function LoginForm({ onSso }: { onSso?: () => void }) {
  const intl = useIntl();
  const signIn = useSignIn();
  const { error, fieldErrors, submitting, onSubmit } = useAuthSubmit((data) => signIn(credentials(data)), {
    validate: async (data) => schemaFieldErrors(await loadSchema(), credentials(data), CONTROLS),
    apiErrors: (cause) => apiFieldErrors(cause, CONTROLS),
  });
  const [showPassword, setShowPassword] = useState(false);
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();

  return (
    <Form onSubmit={onSubmit} onFocus={() => void loadSchema()} aria-describedby={error ? errorId : undefined} noValidate>
      <div>
        <Heading>
          <FormattedMessage id="login.title" />
        </Heading>
        <Subheading>
          <FormattedMessage id="login.subtitle" />
        </Subheading>
      </div>

      {error ? (
        <FormAlert role="alert" id={errorId} data-testid="login-error">
          <AlertIcon size={18} />
          <span>{error}</span>
        </FormAlert>
      ) : null}

      <Field>
        <Label htmlFor={emailId}>
          <FormattedMessage id="login.email" />
        </Label>
        <Input
          id={emailId}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          placeholder={intl.formatMessage({ id: 'login.emailPlaceholder' })}
          {...fieldErrorProps(emailId, fieldErrors.email)}
        />
        <FieldErrorSlot inputId={emailId} error={fieldErrors.email} />
      </Field>

      <Field>
        <LabelRow>
          <Label htmlFor={passwordId}>
            <FormattedMessage id="login.password" />
          </Label>
          <Link to="/forgot-password">
            <FormattedMessage id="login.forgotPassword" />
          </Link>
        </LabelRow>
        <PasswordBox>
          <Input
            id={passwordId}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            placeholder={intl.formatMessage({ id: 'login.passwordPlaceholder' })}
            {...fieldErrorProps(passwordId, fieldErrors.password)}
          />
          <IconButton
            aria-label={intl.formatMessage({ id: showPassword ? 'login.hidePassword' : 'login.showPassword' })}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((value) => !value)}
          >
            {showPassword ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
          </IconButton>
        </PasswordBox>
        <FieldErrorSlot inputId={passwordId} error={fieldErrors.password} />
      </Field>

      <AuthSubmitButton submitting={submitting}>
        <FormattedMessage id="login.submit" />
      </AuthSubmitButton>
      {onSso ? (
        <Button type="button" $variant="outline" $size="lg" $block onClick={onSso} data-testid="sso-start">
          <FormattedMessage id="login.sso.button" />
        </Button>
      ) : null}

      <Footer>
        <FormattedMessage id="login.noAccount" />{' '}
        <Link to="/register">
          <FormattedMessage id="login.register" />
        </Link>
      </Footer>
    </Form>
  );
}
