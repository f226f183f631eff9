import styled from 'styled-components';
import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { AlertIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { usePlanInfo } from '@/lib/plan';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
  padding: 24px;
  max-width: 720px;
`;

const Notice = styled.p`
  display: flex;
  gap: 8px;
  align-items: center;
`;

const PlanTitle = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  flex-wrap: wrap;
  h2 { font-size: 22px; }
`;

const Meter = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  progress { width: 100%; height: 10px; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

function Usage({ labelId, used, limit }: { labelId: 'pricing.usage.products' | 'pricing.usage.subAdmins'; used: number; limit: number }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: labelId }, { used, limit });
  return (
    <Meter>
      <span>{label}</span>
      <progress max={Math.max(limit, 1)} value={Math.min(used, limit)} aria-label={label} />
    </Meter>
  );
}

/** /profiles/subscription: the plan, its period and how much of it is used. */
export function ProfileSubscriptionRoute() {
  const intl = useIntl();
  const { serviceName = '' } = useParams();
  const plan = usePlanInfo();

  if (plan.error) {
    const noPlan = isApiError(plan.error) && plan.error.status === 404;
    return (
      <Card>
        <Body role={noPlan ? undefined : 'alert'}>
          <Notice>
            <AlertIcon size={18} />
            <FormattedMessage id={noPlan ? 'subscription.none' : 'profile.loadError'} />
          </Notice>
          {noPlan ? null : (
            <Button $variant="outline" onClick={() => void plan.mutate()}>
              <FormattedMessage id="common.retry" />
            </Button>
          )}
        </Body>
      </Card>
    );
  }
  if (!plan.data) return <Skeleton $width="100%" $height="260px" />;
  const { planName, services, limits, usage, subscription } = plan.data.result;
  const date = (value: string | null) => (value ? intl.formatDate(value, { dateStyle: 'medium' }) : intl.formatMessage({ id: 'subscription.noEnd' }));

  return (
    <Card>
      <Body data-testid="subscription">
        <PlanTitle>
          <h2>{planName}</h2>
          {services.map((service) => (
            <Badge key={service} $tone="primary">
              {service}
            </Badge>
          ))}
          {subscription ? (
            <Badge $tone={subscription.status === 'active' ? 'success' : 'warning'} data-testid="subscription-status">
              <FormattedMessage id={subscription.status === 'active' ? 'subscription.status.active' : 'subscription.status.inactive'} />
            </Badge>
          ) : null}
        </PlanTitle>
        {subscription ? (
          <p>
            <FormattedMessage id="subscription.period" values={{ start: date(subscription.startDate), end: date(subscription.endDate) }} />
          </p>
        ) : null}
        <Usage labelId="pricing.usage.products" used={usage.product} limit={limits.product} />
        <Usage labelId="pricing.usage.subAdmins" used={usage.subAdmin} limit={limits.subAdmin} />
        <p>
          <FormattedMessage id="subscription.linkLimit" values={{ count: limits.link }} />
        </p>
        <div>
          <Link to={`/${encodeURIComponent(serviceName)}/settings/pricing`}>
            <FormattedMessage id="subscription.comparePlans" />
          </Link>
        </div>
      </Body>
    </Card>
  );
}
