import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { isAdminRole, type ProductDetail } from '@product-console/shared';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCurrentUser } from '@/lib/current-user';
import { usePlanInfo } from '@/lib/plan';
import { useTraceStatus } from '@/features/trace/api/get-trace';
import { StartTracingButton } from '@/features/trace/components/start-tracing-button';

const Body = styled(CardBody)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

interface ProductTraceCardProps {
  serviceName: string;
  product: Pick<ProductDetail, 'productId' | 'service'>;
}

/**
 * Traceability on a product's page: for a DPP product seen by a manager of a company with the
 * DPP service (spec point 6), whether it is traced (since when, how many events, a way to its
 * trace) or a button that starts tracing it. Nothing for anyone else.
 */
export function ProductTraceCard({ serviceName, product }: ProductTraceCardProps) {
  const user = useCurrentUser();
  const plan = usePlanInfo();
  const allowed = product.service === 'DPP' && user !== undefined && isAdminRole(user.roleId) && plan.data?.result.services.includes('DPP') === true;
  if (!allowed) return null;
  return <TraceSummary serviceName={serviceName} productId={product.productId} />;
}

function TraceSummary({ serviceName, productId }: { serviceName: string; productId: number }) {
  const intl = useIntl();
  const trace = useTraceStatus(productId);
  const tracePath = `/${encodeURIComponent(serviceName)}/epcis/${productId}`;
  const notTraced = trace.data?.result.traced === false;

  return (
    <Card data-testid="product-trace-card">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="nav.traceability" />
        </CardTitle>
      </CardHeader>
      <Body>
        {notTraced ? (
          <>
            <p data-testid="product-trace-status">
              <FormattedMessage id="trace.notTracedHint" />
            </p>
            <StartTracingButton productId={productId} testId="product-trace-start" />
          </>
        ) : trace.error ? (
          <p role="alert">{apiErrorMessage(intl, trace.error)}</p>
        ) : !trace.data ? (
          <Skeleton $height="40px" $width="60%" />
        ) : (
          <>
            <p data-testid="product-trace-status">
              <FormattedMessage
                id="trace.tracedSince"
                values={{ date: intl.formatDate(trace.data.result.tracingSince ?? undefined, { dateStyle: 'medium' }), count: trace.data.result.events }}
              />
            </p>
            <ButtonLink to={tracePath} $variant="outline" data-testid="product-trace-open">
              <FormattedMessage id="trace.open" />
            </ButtonLink>
          </>
        )}
      </Body>
    </Card>
  );
}
