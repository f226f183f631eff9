import { useNavigate, useParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { ListError, ListSkeleton } from '@/components/list-body';
import { PageHeader } from '@/components/page-header';
import { Mono } from '@/components/product-cell';
import { PageStack } from '@/components/ui/page-stack';
import { serialOfQualifier, useProductBrief, useProductSerials } from '@/features/trace/api/get-product-brief';
import { isNotTraced, useTrace } from '@/features/trace/api/get-trace';
import { AddEventForm } from '@/features/trace/components/add-event-form';
import { NotTraced } from '@/features/trace/components/trace-page-parts';

/** /{serviceName}/epcis/{productId}/add-event: records one event about a traced product, then shows it in the trace. */
export function AddEventRoute() {
  const navigate = useNavigate();
  const { serviceName = '', productId: productParam = '' } = useParams();
  const productId = Number(productParam);
  const valid = Number.isInteger(productId) && productId > 0;
  const tracePath = `/${encodeURIComponent(serviceName)}/epcis/${productId}`;
  const product = useProductBrief(valid ? productId : undefined);
  const trace = useTrace(valid ? { productId, page: 1, size: 1 } : null);
  const serials = useProductSerials(valid && product.data?.entry ? productId : undefined);
  const gtin = trace.data?.result.gtin ?? product.data?.product.gtin ?? null;

  let body;
  if (!valid || isNotTraced(trace.error)) body = <NotTraced productId={productId} isDpp={product.data?.product.service === 'DPP'} />;
  else if (trace.error && !trace.data) body = <ListError error={trace.error} onRetry={() => void trace.mutate()} testId="trace-error" />;
  else if (!trace.data || (product.data?.entry && !serials.data && !serials.error)) body = <ListSkeleton rows={4} height="80px" testId="add-event-loading" />;
  else if (!gtin)
    body = (
      <p data-testid="add-event-no-gtin">
        <FormattedMessage id="trace.form.noGtin" />
      </p>
    );
  else
    body = (
      <AddEventForm
        productId={productId}
        gtin={gtin}
        serials={(serials.data?.result ?? []).map(serialOfQualifier)}
        onCancel={() => navigate(tracePath)}
        onAdded={(event) => navigate(`${tracePath}?page=last&added=${encodeURIComponent(event.eventId)}`)}
      />
    );

  return (
    <PageStack data-testid="add-event">
      <PageHeader
        title={<FormattedMessage id="crumb.addEvent" />}
        description={
          trace.data ? (
            <>
              {trace.data.result.productName}
              {gtin ? (
                <>
                  {' · '}
                  <Mono>GTIN {gtin}</Mono>
                </>
              ) : null}
            </>
          ) : undefined
        }
      />
      {body}
    </PageStack>
  );
}
