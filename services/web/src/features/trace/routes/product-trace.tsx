import { Link, useParams, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlusIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { Mono } from '@/components/product-cell';
import { ButtonLink } from '@/components/ui/button';
import { PageStack } from '@/components/ui/page-stack';
import { useProductBrief } from '@/features/trace/api/get-product-brief';
import { useTrace } from '@/features/trace/api/get-trace';
import {
  HeaderActions,
  SideCard,
  TIMELINE_PAGE_SIZE,
  TraceBody,
  useLastPageRedirect,
  useTimelinePage,
} from '@/features/trace/components/trace-page-parts';

/**
 * /{serviceName}/epcis/{productId}[?lot=]: the product's journey as a timeline (or, with `lot`, one batch's: the events of
 * its LGTIN class), the serials seen in it, and a way to add events.
 */
export function ProductTraceRoute() {
  const intl = useIntl();
  const { serviceName = '', productId: productParam = '' } = useParams();
  const productId = Number(productParam);
  const valid = Number.isInteger(productId) && productId > 0;
  const base = `/${encodeURIComponent(serviceName)}`;
  const product = useProductBrief(valid ? productId : undefined);
  const { page, setPage, highlightId } = useTimelinePage();
  const lot = useSearchParams()[0].get('lot') ?? undefined;
  const trace = useTrace(valid ? { productId, page, size: TIMELINE_PAGE_SIZE, lot } : null);
  useLastPageRedirect(trace.data?.pageInfo);
  const serialPath = (serial: string) => `${base}/epcis/${productId}/serial/${encodeURIComponent(serial)}`;
  const name = trace.data?.result.productName ?? product.data?.product.product_name ?? '';
  const gtin = trace.data?.result.gtin ?? product.data?.product.gtin ?? null;

  return (
    <PageStack data-testid="product-trace">
      <PageHeader
        title={<span data-testid="product-trace-name">{name || <FormattedMessage id="crumb.traceData" />}</span>}
        description={
          gtin ? (
            <Mono>
              GTIN {gtin}
              {lot ? (
                <span data-testid="trace-lot">
                  {' · '}
                  <FormattedMessage id="batches.journey.lot" values={{ lot }} />
                </span>
              ) : null}
            </Mono>
          ) : undefined
        }
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
      <TraceBody
        valid={valid}
        productId={productId}
        isDpp={product.data?.product.service === 'DPP'}
        trace={trace}
        page={page}
        setPage={setPage}
        highlightId={highlightId}
        serialPath={serialPath}
        subject={lot !== undefined ? { lot } : undefined}
        emptyId="trace.noEvents"
        side={(answer) => (
          <SideCard as="aside" data-testid="trace-serials">
            <h2>
              <FormattedMessage id="trace.serials.title" />
            </h2>
            {answer.result.serials.length ? (
              <ul>
                {answer.result.serials.map((serial) => (
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
        )}
      />
    </PageStack>
  );
}
