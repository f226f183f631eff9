import { useState } from 'react';
import useSWR from 'swr';
import { useParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { checkResetLink, resetPassword } from '@/features/auth/api/accounts';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { AuthNotice, BackToSignIn, Subheading } from '@/features/auth/components/auth-panel';
import { SetPasswordForm } from '@/features/auth/components/set-password-form';

/** /reset-password/{userId}/{token}: a single-use, expiring link from the reset mail. */
export function ResetPasswordRoute() {
  const { userId = '', token = '' } = useParams();
  const [done, setDone] = useState(false);
  const link = useSWR(['reset-link', userId, token], () => checkResetLink(userId, token), { revalidateOnMount: true, dedupingInterval: 0 });

  let content;
  if (done) {
    content = (
      <AuthNotice tone="success" title={<FormattedMessage id="reset.doneTitle" />} testId="reset-done">
        <Subheading>
          <FormattedMessage id="reset.doneBody" />
        </Subheading>
        <ButtonLink to="/login">
          <FormattedMessage id="login.submit" />
        </ButtonLink>
      </AuthNotice>
    );
  } else if (link.isLoading) {
    content = <FullPageSpinner />;
  } else if (link.error || !link.data?.result.valid) {
    content = (
      <AuthNotice tone="danger" title={<FormattedMessage id="account.linkInvalidTitle" />} testId="link-invalid">
        <Subheading>
          <FormattedMessage id="error.linkInvalid" />
        </Subheading>
        <ButtonLink to="/forgot-password" $variant="secondary">
          <FormattedMessage id="reset.requestNew" />
        </ButtonLink>
        <BackToSignIn />
      </AuthNotice>
    );
  } else {
    content = (
      <SetPasswordForm
        title={<FormattedMessage id="reset.title" />}
        subtitle={<FormattedMessage id="reset.subtitle" />}
        submitLabel={<FormattedMessage id="reset.submit" />}
        onSubmit={async (password) => {
          await resetPassword(Number(userId), token, password);
          setDone(true);
        }}
      />
    );
  }
  return <AuthLayout>{content}</AuthLayout>;
}
