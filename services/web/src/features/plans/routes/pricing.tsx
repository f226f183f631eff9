import styled from 'styled-components';
import { FormattedMessage } from 'react-intl';
import { isAdminRole } from '@product-console/shared';
import { StateBlock } from '@/components/list-body';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageStack } from '@/components/ui/page-stack';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/current-user';
import { usePlans } from '@/features/plans/api/get-plans';
import { PlanCard } from '@/features/plans/components/plan-card';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: 20px;
`;

const ListLoadError = styled(LoadError)`
  padding: 48px 24px;
  text-align: inherit;
`;

/** /{serviceName}/settings/pricing: the plans with their prices, services and limits, the current one marked; any other can be asked for. */
export function PricingRoute() {
  const plans = usePlans();
  // Managers ask for another plan; a sub-admin is told who can.
  const user = useCurrentUser();
  const canRequest = user !== undefined && isAdminRole(user.roleId);
  return (
    <PageStack>
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
        <StateBlock>
          <FormattedMessage id="pricing.empty" />
        </StateBlock>
      ) : (
        <Grid data-testid="pricing-plans">
          {plans.data.result.map((plan) => (
            <PlanCard key={plan.planId} plan={plan} canRequest={canRequest} />
          ))}
        </Grid>
      )}
    </PageStack>
  );
}
