import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { ROLE, type QuickStartStepId } from '@product-console/shared';
import { BoxIcon, CheckIcon, ChevronRightIcon, FolderIcon, LinkIcon, QrIcon, UsersIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { PageStack } from '@/components/ui/page-stack';
import { useCurrentUser } from '@/lib/current-user';
import type { MessageId } from '@/lib/i18n';
import { useQuickStartProgress } from '@/features/quick-start/api/get-progress';

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(230px, 1fr));
  gap: 16px;
  counter-reset: step;
`;

const Step = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 22px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  counter-increment: step;

  &::before {
    content: counter(step);
    position: absolute;
    top: 18px;
    right: 20px;
    font-size: 32px;
    font-weight: 800;
    color: ${({ theme }) => theme.colors.border};
  }
`;

const Icon = styled.span`
  display: grid;
  place-items: center;
  width: 46px;
  height: 46px;
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
`;

const Title = styled.h2`
  font-size: 17px;
  font-weight: 600;
`;

const Body = styled.p`
  flex: 1;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

const Progress = styled.p`
  font-size: 14px;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface StepItem {
  id: QuickStartStepId;
  icon: ReactNode;
  titleId: MessageId;
  bodyId: MessageId;
  actionId: MessageId;
  to: string;
}

/** /{serviceName}/quick-start: the steps from an empty company to a printed QR code, each marked done from the company's data. */
export function QuickStartRoute() {
  const { serviceName = '' } = useParams();
  const base = `/${encodeURIComponent(serviceName)}`;
  const progress = useQuickStartProgress();
  const user = useCurrentUser();
  const isAdmin = user !== undefined && user.roleId <= ROLE.MANAGER;
  const steps: StepItem[] = [
    { id: 'project', icon: <FolderIcon />, titleId: 'quickStart.step1.title', bodyId: 'quickStart.step1.body', actionId: 'quickStart.step1.action', to: `${base}/entry-list` },
    { id: 'product', icon: <BoxIcon />, titleId: 'quickStart.step2.title', bodyId: 'quickStart.step2.body', actionId: 'quickStart.step2.action', to: `${base}/project/none/add-product` },
    { id: 'link', icon: <LinkIcon />, titleId: 'quickStart.step3.title', bodyId: 'quickStart.step3.body', actionId: 'quickStart.step3.action', to: `${base}/entry-list` },
    { id: 'qr', icon: <QrIcon />, titleId: 'quickStart.step4.title', bodyId: 'quickStart.step4.body', actionId: 'quickStart.step4.action', to: `${base}/entry-list` },
    // Only admins manage user roles (spec point 6); a sub-admin is not asked to invite anyone.
    ...(isAdmin
      ? [{ id: 'subAdmin', icon: <UsersIcon />, titleId: 'quickStart.step5.title', bodyId: 'quickStart.step5.body', actionId: 'quickStart.step5.action', to: `${base}/sub-admin` } satisfies StepItem]
      : []),
  ];
  const doneCount = progress ? steps.filter((step) => progress[step.id]).length : undefined;
  return (
    <PageStack>
      <PageHeader
        title={<FormattedMessage id="quickStart.title" />}
        description={<FormattedMessage id="quickStart.subtitle" />}
        actions={
          <ButtonLink to={`${base}/dashboard/main-overview`} $variant="outline">
            <FormattedMessage id="quickStart.toOverview" />
          </ButtonLink>
        }
      />
      {doneCount === undefined ? null : (
        <Progress data-testid="quick-start-progress">
          <FormattedMessage id="quickStart.progress" values={{ done: doneCount, total: steps.length }} />
        </Progress>
      )}
      <Steps>
        {steps.map((step) => (
          <Step key={step.id} data-testid="quick-start-step" data-step={step.id} data-done={progress?.[step.id] ?? false}>
            <Head>
              <Icon aria-hidden="true">{step.icon}</Icon>
              {progress?.[step.id] ? (
                <Badge $tone="success">
                  <CheckIcon size={14} />
                  <FormattedMessage id="quickStart.done" />
                </Badge>
              ) : null}
            </Head>
            <Title>
              <FormattedMessage id={step.titleId} />
            </Title>
            <Body>
              <FormattedMessage id={step.bodyId} />
            </Body>
            <Actions>
              <ButtonLink to={step.to} $variant="secondary" $size="sm">
                <FormattedMessage id={step.actionId} />
                <ChevronRightIcon size={16} />
              </ButtonLink>
            </Actions>
          </Step>
        ))}
      </Steps>
    </PageStack>
  );
}
