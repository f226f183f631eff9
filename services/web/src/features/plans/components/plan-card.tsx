import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PricingPlan } from '@product-console/shared';
import { CheckIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

const Card = styled.article<{ $current: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 24px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 2px solid ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
`;

const Name = styled.h2`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  font-size: 20px;
  font-weight: 700;
`;

const Services = styled.div`
  display: flex;
  gap: 6px;
`;

const Features = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 10px;
  flex: 1;
  li { display: flex; align-items: center; gap: 8px; font-size: 14px; }
  svg { color: ${({ theme }) => theme.colors.success}; flex: none; }
`;

export function PlanCard({ plan }: { plan: PricingPlan }) {
  const intl = useIntl();
  const number = (value: number) => intl.formatNumber(value);
  return (
    <Card $current={plan.current} data-testid={`plan-${plan.planName}`} aria-current={plan.current || undefined}>
      <Name>
        {plan.planName}
        {plan.current ? (
          <Badge $tone="primary" data-testid="current-plan">
            <FormattedMessage id="pricing.current" />
          </Badge>
        ) : null}
      </Name>
      <Services>
        {plan.services.map((service) => (
          <Badge key={service} $tone={service === 'DPP' ? 'success' : 'neutral'}>
            {service}
          </Badge>
        ))}
      </Services>
      <Features>
        <li>
          <CheckIcon size={16} />
          <FormattedMessage id="pricing.products" values={{ count: number(plan.limits.product) }} />
        </li>
        <li>
          <CheckIcon size={16} />
          <FormattedMessage id="pricing.links" values={{ count: number(plan.limits.link) }} />
        </li>
        <li>
          <CheckIcon size={16} />
          <FormattedMessage id="pricing.subAdmins" values={{ count: number(plan.limits.subAdmin) }} />
        </li>
        <li>
          <CheckIcon size={16} />
          <FormattedMessage id={plan.services.includes('DPP') ? 'pricing.withDpp' : 'pricing.withoutDpp'} />
        </li>
      </Features>
      <Button $variant={plan.current ? 'outline' : 'primary'} disabled title={plan.current ? undefined : intl.formatMessage({ id: 'pricing.contactHint' })}>
        <FormattedMessage id={plan.current ? 'pricing.current' : 'pricing.contact'} />
      </Button>
    </Card>
  );
}
