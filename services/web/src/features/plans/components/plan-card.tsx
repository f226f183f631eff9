import { useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PricingPlan } from '@product-console/shared';
import { CheckIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Hint } from '@/components/ui/form-controls';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useIdempotentSubmit } from '@/lib/idempotency-key';
import { showSnackbar } from '@/lib/snackbar';
import { requestPlan } from '@/features/plans/api/get-plans';

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

const Price = styled.p`
  margin: 0;
  font-size: 15px;
  strong { font-size: 26px; font-weight: 700; }
`;

/** A plan with its price, services and limits; a manager asks for any other plan from its card. */
export function PlanCard({ plan, canRequest }: { plan: PricingPlan; canRequest: boolean }) {
  const intl = useIntl();
  const number = (value: number) => intl.formatNumber(value);
  const [sending, setSending] = useState(false);
  const sendOnce = useIdempotentSubmit();

  async function request() {
    setSending(true);
    try {
      const { requested } = await sendOnce(plan.planId, (key) => requestPlan(plan.planId, key));
      showSnackbar(intl.formatMessage({ id: requested ? 'pricing.requested' : 'pricing.requestedAlready' }, { plan: plan.planName }), 'success');
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
    } finally {
      setSending(false);
    }
  }
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
      <Price data-testid="plan-price">
        {plan.price ? (
          <FormattedMessage
            id="pricing.perMonth"
            values={{ price: <strong>{intl.formatNumber(plan.price.monthly / 100, { style: 'currency', currency: plan.price.currency, maximumFractionDigits: 0 })}</strong> }}
          />
        ) : (
          <strong>
            <FormattedMessage id="pricing.onRequest" />
          </strong>
        )}
      </Price>
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
      {plan.current ? (
        <Button $variant="outline" disabled>
          <FormattedMessage id="pricing.current" />
        </Button>
      ) : canRequest ? (
        <Button $variant="primary" disabled={sending} onClick={() => void request()} data-testid={`plan-request-${plan.planName}`}>
          <FormattedMessage id="pricing.request" values={{ plan: plan.planName }} />
        </Button>
      ) : (
        <Hint>
          <FormattedMessage id="pricing.askManager" />
        </Hint>
      )}
    </Card>
  );
}
