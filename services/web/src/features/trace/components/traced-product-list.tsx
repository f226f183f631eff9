import styled from 'styled-components';
import { useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Project, TracedProduct } from '@product-console/shared';
import { BoxIcon, TraceIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { ListToolbar } from '@/components/list-toolbar';
import { ColumnHeads, PagerFooter } from '@/components/paged-table';
import { Mono, ProductCellLayout } from '@/components/product-cell';
import { ProjectOptions } from '@/components/project-options';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label, Select } from '@/components/ui/field';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { useTracedProducts } from '@/features/trace/api/get-traced-products';
import { useTraceWords } from '@/features/trace/model/trace-words';

export const TRACE_LIST_PAGE_SIZE = 10;

const Sub = styled.span`
  display: block;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Filter = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  select { width: auto; max-width: 260px; }
`;

const EmptyText = styled.div`
  display: grid;
  gap: 6px;
  max-width: 520px;
  p { margin: 0; }
`;

interface TracedProductListProps {
  serviceName: string;
  projects: Project[];
}

/**
 * The company's traced products, of all projects or one (kept in the address with the page):
 * each with its event count and last event in words, opening the product's trace.
 */
export function TracedProductList({ serviceName, projects }: TracedProductListProps) {
  const intl = useIntl();
  const words = useTraceWords();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const projectParam = Number(searchParams.get('projectId'));
  const projectId = Number.isInteger(projectParam) && projectParam > 0 ? projectParam : undefined;
  const list = useTracedProducts({ page, size: TRACE_LIST_PAGE_SIZE, projectId });
  const base = `/${encodeURIComponent(serviceName)}`;

  function update(changes: Record<string, string | null>) {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearchParams(next, { replace: true });
  }

  const lastEvent = (product: TracedProduct) => {
    const event = product.lastEvent;
    if (!event) return <FormattedMessage id="trace.list.noEvents" />;
    return (
      <>
        {event.bizStep ? words.bizStep(event.bizStep) : words.eventType(event.eventType)}
        <Sub>{intl.formatDate(event.eventTime, { dateStyle: 'medium', timeStyle: 'short' })}</Sub>
      </>
    );
  };

  return (
    <Card data-testid="traced-products">
      <ListToolbar>
        <Filter>
          <Label htmlFor="trace-project">
            <FormattedMessage id="trace.list.project" />
          </Label>
          <Select id="trace-project" value={projectId ?? ''} onChange={(event) => update({ projectId: event.target.value || null, page: null })} data-testid="trace-project">
            <ProjectOptions projects={projects} />
          </Select>
        </Filter>
      </ListToolbar>
      <ListBody
        items={list.data?.result}
        error={list.error}
        onRetry={() => void list.mutate()}
        testId="traced-products"
        skeleton={{ rows: 4, height: '44px' }}
        emptyIcon={<TraceIcon size={28} />}
        empty={
          <EmptyText>
            <p>
              <strong>
                <FormattedMessage id={projectId === undefined ? 'trace.list.empty' : 'trace.list.emptyProject'} />
              </strong>
            </p>
            <p>
              <FormattedMessage id="trace.list.emptyHow" />
            </p>
            <p>
              <ButtonLink to={`${base}/entry-list`} $variant="outline">
                <BoxIcon size={16} />
                <FormattedMessage id="nav.products" />
              </ButtonLink>
            </p>
          </EmptyText>
        }
      >
        {(items) => (
          <TableScroll>
            <Table>
              <ColumnHeads columns={['trace.list.product', 'trace.list.project', 'trace.list.events', 'trace.list.lastEvent', 'trace.list.since']} />
              <tbody>
                {items.map((product) => (
                  <tr key={product.productId} data-testid="traced-product">
                    <Cell>
                      <ProductCellLayout
                        thumbnail={product.thumbnail}
                        name={product.productName}
                        to={`${base}/epcis/${product.productId}`}
                        detail={product.gtin ? <Mono>{product.gtin}</Mono> : null}
                      />
                    </Cell>
                    <Cell label="trace.list.project">{product.projectName}</Cell>
                    <Cell label="trace.list.events" data-testid="traced-product-events">
                      {intl.formatNumber(product.eventCount)}
                    </Cell>
                    <Cell label="trace.list.lastEvent" data-testid="traced-product-last">
                      {lastEvent(product)}
                    </Cell>
                    <Cell label="trace.list.since">{intl.formatDate(product.tracingSince, { dateStyle: 'medium' })}</Cell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </ListBody>
      <PagerFooter pageInfo={list.data?.pageInfo} page={page} onPage={(next) => update({ page: String(next) })} totalTestId="traced-products-total" />
    </Card>
  );
}
