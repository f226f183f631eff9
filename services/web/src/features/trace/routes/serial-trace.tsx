import { useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
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
import { identifierWords } from '@/features/trace/model/trace-words';

/** /{serviceName}/epcis/{productId}/serial/{serialId}: the events of one serial, and the cases or pallets holding it now. */
export function SerialTraceRoute() {
  const intl = useIntl();
  const { serviceName = '', productId: productParam = '', serialId = '' } = useParams();
  const productId = Number(productParam);
  const valid = Number.isInteger(productId) && productId > 0 && serialId !== '';
  const base = `/${encodeURIComponent(serviceName)}`;
  const product = useProductBrief(valid ? productId : undefined);
  const { page, setPage, highlightId } = useTimelinePage();
  const trace = useTrace(valid ? { productId, serial: serialId, page, size: TIMELINE_PAGE_SIZE } : null);
  useLastPageRedirect(trace.data?.pageInfo);
  const name = trace.data?.result.productName ?? product.data?.product.product_name ?? '';

  return (
    <PageStack data-testid="serial-trace">
      <PageHeader
        title={
          <span data-testid="serial-trace-title">
            <FormattedMessage id="trace.serial.title" values={{ serial: serialId }} />
          </span>
        }
        description={name}
        actions={
          <HeaderActions>
            <ButtonLink to={`${base}/epcis/${productId}`} $variant="outline" data-testid="serial-trace-back">
              <FormattedMessage id="trace.serial.back" />
            </ButtonLink>
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
        subject={{ serial: serialId }}
        emptyId="trace.serial.noEvents"
        side={(answer) => (
          <SideCard as="aside" data-testid="serial-parents">
            <h2>
              <FormattedMessage id="trace.serial.parents" />
            </h2>
            {answer.result.parents.length ? (
              <ul>
                {answer.result.parents.map((parent) => (
                  <li key={parent} data-testid="serial-parent">
                    {identifierWords(intl, parent)}
                  </li>
                ))}
              </ul>
            ) : (
              <p>
                <FormattedMessage id="trace.serial.noParents" />
              </p>
            )}
            <p>
              <Mono>{serialId}</Mono>
            </p>
          </SideCard>
        )}
      />
    </PageStack>
  );
}
