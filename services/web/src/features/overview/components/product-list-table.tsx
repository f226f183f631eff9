import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PageInfo, ProductSummary } from '@product-console/shared';
import { AlertIcon, BoxIcon, ChevronRightIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { StateBlock } from '@/components/list-body';
import { ColumnHeads, PagerFooter } from '@/components/paged-table';
import { Mono, ProductCell } from '@/components/product-cell';
import { ScanSparkline } from '@/features/overview/components/scan-sparkline';

const StateIcon = styled.span<{ $danger?: boolean }>`
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  background: ${({ theme, $danger }) => ($danger ? theme.colors.dangerSoft : theme.colors.surfaceHover)};
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger : theme.colors.textMuted)};
`;

const PRODUCT_COLUMNS = [
  'overview.products.column.product',
  'overview.products.column.project',
  'overview.products.column.service',
  'overview.products.column.gtin',
  'overview.products.column.nfc',
  'overview.products.column.updated',
  'overview.products.column.scans',
] as const;

interface ProductListTableProps {
  serviceName: string;
  products: ProductSummary[] | undefined;
  pageInfo: PageInfo | undefined;
  error: unknown;
  loading: boolean;
  onPageChange: (page: number) => void;
  onRetry: () => void;
  pageSize: number;
  /** Each product's scans per day over 30 days; undefined while loading, null when they failed. */
  sparklines: Map<number, number[]> | null | undefined;
}

export function ProductListTable({ serviceName, products, pageInfo, error, loading, onPageChange, onRetry, pageSize, sparklines }: ProductListTableProps) {
  const intl = useIntl();
  const base = `/${encodeURIComponent(serviceName)}`;
  const page = pageInfo?.page ?? 1;

  let content;
  if (error && !products) {
    content = (
      <StateBlock
        role="alert"
        icon={
          <StateIcon $danger aria-hidden="true">
            <AlertIcon size={26} />
          </StateIcon>
        }
      >
        <FormattedMessage id="overview.products.error" />
        <Button $variant="outline" $size="sm" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </Button>
      </StateBlock>
    );
  } else if (!products) {
    content = (
      <TableScroll aria-busy="true">
        <Table>
          <tbody>
            {Array.from({ length: Math.min(pageSize, 5) }, (_, index) => (
              <tr key={index}>
                <td><Skeleton $width="180px" /></td>
                <td><Skeleton $width="100px" /></td>
                <td><Skeleton $width="50px" /></td>
                <td><Skeleton $width="120px" /></td>
                <td><Skeleton $width="40px" /></td>
                <td><Skeleton $width="80px" /></td>
                <td><Skeleton $width="96px" /></td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    );
  } else if (products.length === 0) {
    content = (
      <StateBlock
        testId="overview-product-list-empty"
        icon={
          <StateIcon aria-hidden="true">
            <BoxIcon size={26} />
          </StateIcon>
        }
      >
        <FormattedMessage id="overview.products.empty" />
        <ButtonLink to={`${base}/quick-start`} $variant="secondary" $size="sm">
          <FormattedMessage id="overview.products.getStarted" />
        </ButtonLink>
      </StateBlock>
    );
  } else {
    content = (
      <TableScroll>
        <Table aria-busy={loading}>
          <VisuallyHidden as="caption">
            <FormattedMessage id="overview.products.title" />
          </VisuallyHidden>
          <ColumnHeads columns={PRODUCT_COLUMNS} />
          <tbody>
            {products.map((product) => (
              <tr key={product.productId}>
                <Cell label="overview.products.column.product">
                  <ProductCell product={product} base={base} />
                </Cell>
                <Cell label="overview.products.column.project">{product.project_name}</Cell>
                <Cell label="overview.products.column.service">
                  <Badge $tone={product.service === 'DPP' ? 'primary' : 'neutral'}>{product.service}</Badge>
                </Cell>
                <Cell label="overview.products.column.gtin">
                  <Mono>{product.gtin ?? '—'}</Mono>
                </Cell>
                <Cell label="overview.products.column.nfc">
                  <Badge $tone={product.isNFC ? 'success' : 'neutral'}>
                    <FormattedMessage id={product.isNFC ? 'common.yes' : 'common.no'} />
                  </Badge>
                </Cell>
                <Cell label="overview.products.column.updated">{intl.formatDate(product.updatedAt, { dateStyle: 'medium' })}</Cell>
                <Cell label="overview.products.column.scans">
                  <ScanSparkline days={sparklines === null ? null : sparklines?.get(product.productId) ?? (sparklines ? [] : undefined)} />
                </Cell>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    );
  }

  return (
    <Card aria-labelledby="overview-products-title" data-testid="overview-product-list">
      <CardHeader>
        <CardTitle id="overview-products-title">
          <FormattedMessage id="overview.products.title" />
        </CardTitle>
        <ButtonLink to={`${base}/entry-list`} $variant="ghost" $size="sm">
          <FormattedMessage id="overview.products.viewAll" />
          <ChevronRightIcon size={16} />
        </ButtonLink>
      </CardHeader>
      {content}
      <PagerFooter
        pageInfo={pageInfo}
        page={page}
        onPage={onPageChange}
        busy={loading}
      />
    </Card>
  );
}
