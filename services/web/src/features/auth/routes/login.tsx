import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/spinner';
import { homePath } from '@/lib/home-path';
import { mayHaveSession } from '@/lib/session-hint';
import { useSession } from '@/features/auth/api/get-session';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { SsoForm, ssoFailureOf } from '@/features/auth/components/sso-form';

/**
 * /login and /auth/login: a signed-in visitor goes where `/` would send them. The session is
 * probed only when this browser may have one, so a signed-out visitor's page makes no failing call.
 */
export function LoginRoute() {
  const { session, isLoading, error } = useSession({ probe: mayHaveSession() });
  // A single sign-on that failed at the provider or the callback comes back as /login?sso=<reason>.
  const failure = ssoFailureOf(useLocation().search);
  const [sso, setSso] = useState(failure !== null);
  if (isLoading && !error) return <FullPageSpinner />;
  if (session) return <Navigate to={homePath(session)} replace />;
  return (
    <AuthLayout>
      {sso ? <SsoForm failure={failure} onPassword={() => setSso(false)} /> : <LoginForm onSso={() => setSso(true)} />}
    </AuthLayout>
  );
}
