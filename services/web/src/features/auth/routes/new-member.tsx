import { useState } from 'react';
import useSWR from 'swr';
import { useParams, useSearchParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { acceptInvitation, getInvitation } from '@/features/auth/api/accounts';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { AuthNotice, BackToSignIn, Subheading } from '@/features/auth/components/auth-panel';
import { SetPasswordForm } from '@/features/auth/components/set-password-form';

/** /new-member/{userId}?token=...: an invited sub-admin sets a password and joins. */
export function NewMemberRoute() {
  const { userId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const invitation = useSWR(token ? ['invitation', userId, token] : null, () => getInvitation(userId, token), { dedupingInterval: 0 });

  let content;
  if (done) {
    content = (
      <AuthNotice tone="success" title={<FormattedMessage id="newMember.doneTitle" />} testId="new-member-done">
        <Subheading>
          <FormattedMessage id="newMember.doneBody" values={{ email: invitation.data?.result.email ?? '' }} />
        </Subheading>
        <ButtonLink to="/login">
          <FormattedMessage id="login.submit" />
        </ButtonLink>
      </AuthNotice>
    );
  } else if (token && invitation.isLoading) {
    content = <FullPageSpinner />;
  } else if (!token || invitation.error || !invitation.data) {
    content = (
      <AuthNotice tone="danger" title={<FormattedMessage id="account.linkInvalidTitle" />} testId="link-invalid">
        <Subheading>
          <FormattedMessage id="newMember.invalid" />
        </Subheading>
        <BackToSignIn />
      </AuthNotice>
    );
  } else {
    const { companyName, email, firstName } = invitation.data.result;
    content = (
      <SetPasswordForm
        title={<FormattedMessage id="newMember.title" values={{ companyName }} />}
        subtitle={<FormattedMessage id="newMember.subtitle" values={{ name: firstName, email }} />}
        submitLabel={<FormattedMessage id="newMember.submit" />}
        onSubmit={async (password) => {
          await acceptInvitation(Number(userId), token, password);
          setDone(true);
        }}
      />
    );
  }
  return <AuthLayout>{content}</AuthLayout>;
}
