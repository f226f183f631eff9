import styled from 'styled-components';
import { FormattedMessage } from 'react-intl';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { usePlans } from '@/features/plans/api/get-plans';
import { PlanCard } from '@/features/plans/components/plan-card';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: 20px;
`;

const Empty = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 48px 24px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ListLoadError = styled(LoadError)`
  padding: 48px 24px;
  text-align: inherit;
`;

/** /{serviceName}/settings/pricing: the plans with their services and limits, the current one marked. */
export function PricingRoute() {
  const plans = usePlans();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
      <PageHeader title={<FormattedMessage id="pricing.title" />} description={<FormattedMessage id="pricing.subtitle" />} />
      {plans.error ? (
        <ListLoadError message={<FormattedMessage id="pricing.loadError" />} onRetry={() => void plans.mutate()} />
      ) : !plans.data ? (
        <Grid aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} $width="100%" $height="280px" />
          ))}
        </Grid>
      ) : plans.data.result.length === 0 ? (
        <Empty>
          <FormattedMessage id="pricing.empty" />
        </Empty>
      ) : (
        <Grid data-testid="pricing-plans">
          {plans.data.result.map((plan) => (
            <PlanCard key={plan.planId} plan={plan} />
          ))}
        </Grid>
      )}
    </div>
  );
}
