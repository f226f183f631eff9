import { Link, useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlusIcon } from '@/components/icons';
import { ListError, ListSkeleton } from '@/components/list-body';
import { PageHeader } from '@/components/page-header';
import { PagerFooter } from '@/components/paged-table';
import { Mono } from '@/components/product-cell';
import { ButtonLink } from '@/components/ui/button';
import { PageStack } from '@/components/ui/page-stack';
import { useProductBrief } from '@/features/trace/api/get-product-brief';
import { isNotTraced, useTrace } from '@/features/trace/api/get-trace';
import { EventTimeline } from '@/features/trace/components/event-timeline';
import {
  HeaderActions,
  NotTraced,
  SideCard,
  TIMELINE_PAGE_SIZE,
  TimelineCard,
  TraceLayout,
  useLastPageRedirect,
  useTimelinePage,
} from '@/features/trace/components/trace-page-parts';

/** /{serviceName}/epcis/{productId}: the product's journey as a timeline, the serials seen in it, and a way to add events. */
export function ProductTraceRoute() {
  const intl = useIntl();
  const { serviceName = '', productId: productParam = '' } = useParams();
  const productId = Number(productParam);
  const valid = Number.isInteger(productId) && productId > 0;
  const base = `/${encodeURIComponent(serviceName)}`;
  const product = useProductBrief(valid ? productId : undefined);
  const { page, setPage, highlightId } = useTimelinePage();
  const trace = useTrace(valid ? { productId, page, size: TIMELINE_PAGE_SIZE } : null);
  useLastPageRedirect(trace.data?.pageInfo);
  const serialPath = (serial: string) => `${base}/epcis/${productId}/serial/${encodeURIComponent(serial)}`;
  const name = trace.data?.result.productName ?? product.data?.product.product_name ?? '';
  const gtin = trace.data?.result.gtin ?? product.data?.product.gtin ?? null;

  const notTraced = !valid || isNotTraced(trace.error);
  return (
    <PageStack data-testid="product-trace">
      <PageHeader
        title={<span data-testid="product-trace-name">{name || <FormattedMessage id="crumb.traceData" />}</span>}
        description={gtin ? <Mono>GTIN {gtin}</Mono> : undefined}
        actions={
          <HeaderActions>
            <ButtonLink to={`${base}/product-details/${productId}`} $variant="outline">
              <FormattedMessage id="trace.productDetails" />
            </ButtonLink>
            {trace.data ? (
              <ButtonLink to={`${base}/epcis/${productId}/add-event`} data-testid="trace-add-event">
                <PlusIcon size={16} />
                <FormattedMessage id="crumb.addEvent" />
              </ButtonLink>
            ) : null}
          </HeaderActions>
        }
      />
      {notTraced ? (
        <NotTraced productId={productId} isDpp={product.data?.product.service === 'DPP'} />
      ) : trace.error && !trace.data ? (
        <ListError error={trace.error} onRetry={() => void trace.mutate()} testId="trace-error" />
      ) : !trace.data ? (
        <ListSkeleton rows={3} height="120px" testId="trace-loading" />
      ) : (
        <TraceLayout>
          <TimelineCard>
            {trace.data.result.events.length ? (
              <EventTimeline events={trace.data.result.events} serialPath={serialPath} highlightId={highlightId} />
            ) : (
              <p>
                <FormattedMessage id="trace.noEvents" />
              </p>
            )}
            <PagerFooter pageInfo={trace.data.pageInfo} page={page} onPage={setPage} label="trace.timeline.pages" totalTestId="trace-total" busy={trace.isValidating} />
          </TimelineCard>
          <SideCard as="aside" data-testid="trace-serials">
            <h2>
              <FormattedMessage id="trace.serials.title" />
            </h2>
            {trace.data.result.serials.length ? (
              <ul>
                {trace.data.result.serials.map((serial) => (
                  <li key={serial.serial}>
                    <Link to={serialPath(serial.serial)} data-testid="trace-serial-link">
                      <Mono>{serial.serial}</Mono>
                    </Link>{' '}
                    <FormattedMessage id="trace.serials.events" values={{ count: serial.eventCount }} />
                    {serial.lastEventTime ? ` · ${intl.formatDate(serial.lastEventTime, { dateStyle: 'medium' })}` : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p>
                <FormattedMessage id="trace.serials.none" />
              </p>
            )}
          </SideCard>
        </TraceLayout>
      )}
    </PageStack>
  );
}
