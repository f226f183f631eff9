import styled from 'styled-components';
import { useMatches } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { ChevronLeftIcon, ClockIcon } from '@/components/icons';
import { ButtonLink } from '@/components/ui/button';
import type { MessageId } from '@/lib/i18n';
import { AuthLayout } from '@/features/auth/components/auth-layout';

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 14px;
`;

const Icon = styled.div`
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  border-radius: 16px;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
`;

const Eyebrow = styled.p`
  font-size: 13px;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.primary};
`;

const Title = styled.h1`
  font-size: 28px;
  font-weight: 700;
`;

const Body = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Account pages that are not available yet: register, password recovery, invitations. */
export function ComingSoonRoute() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { titleId?: MessageId } | undefined;
  return (
    <AuthLayout>
      <Panel data-testid="coming-soon">
        <Icon aria-hidden="true">
          <ClockIcon size={28} />
        </Icon>
        <Eyebrow>
          <FormattedMessage id="comingSoon.eyebrow" />
        </Eyebrow>
        <Title>
          <FormattedMessage id={handle?.titleId ?? 'comingSoon.title'} />
        </Title>
        <Body>
          <FormattedMessage id="comingSoon.description" />
        </Body>
        <ButtonLink to="/login" $variant="secondary">
          <ChevronLeftIcon size={18} />
          <FormattedMessage id="comingSoon.backToSignIn" />
        </ButtonLink>
      </Panel>
    </AuthLayout>
  );
}
