import { useSearchParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '@/components/ui/button';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { AuthNotice, BackToSignIn, Subheading } from '@/features/auth/components/auth-panel';

/** /check-mail: the same words whether or not the address has an account. */
export function CheckMailRoute() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  return (
    <AuthLayout>
      <AuthNotice tone="success" title={<FormattedMessage id="checkMail.title" />} testId="check-mail">
        <Subheading>
          {email ? <FormattedMessage id="checkMail.body" values={{ email }} /> : <FormattedMessage id="checkMail.bodyNoEmail" />}
        </Subheading>
        <ButtonLink to={`/code-verification${email ? `?email=${encodeURIComponent(email)}` : ''}`} $variant="secondary">
          <FormattedMessage id="checkMail.enterCode" />
        </ButtonLink>
        <BackToSignIn />
      </AuthNotice>
    </AuthLayout>
  );
}
