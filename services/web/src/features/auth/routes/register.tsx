import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '@/components/ui/button';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { AuthNotice, Subheading } from '@/features/auth/components/auth-panel';
import { RegisterForm } from '@/features/auth/components/register-form';

/** /register and /auth/register. */
export function RegisterRoute() {
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  return (
    <AuthLayout>
      {registeredEmail ? (
        <AuthNotice tone="success" title={<FormattedMessage id="register.doneTitle" />} testId="register-success">
          <Subheading>
            <FormattedMessage id="register.doneBody" values={{ email: registeredEmail }} />
          </Subheading>
          <ButtonLink to="/login">
            <FormattedMessage id="comingSoon.backToSignIn" />
          </ButtonLink>
        </AuthNotice>
      ) : (
        <RegisterForm onRegistered={setRegisteredEmail} />
      )}
    </AuthLayout>
  );
}
