import styled from 'styled-components';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { ProductSummary } from '@product-console/shared';
import { NfcIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { DeleteIconButton } from '@/components/confirm-dialog';
import { ColumnHeads } from '@/components/paged-table';
import { Mono, ProductCell } from '@/components/product-cell';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  justify-content: flex-end;
`;

const SelectHead = styled.th`
  width: 40px;
`;

const COLUMNS = ['products.column.product', 'products.column.gtin', 'products.column.project', 'products.column.service', 'products.column.updated'] as const;

interface ProductTableProps {
  serviceName: string;
  products: ProductSummary[];
  selected: ReadonlySet<number>;
  onToggle: (productId: number) => void;
  onToggleAll: () => void;
  onMove: (product: ProductSummary) => void;
  onDelete: (product: ProductSummary) => void;
  canWrite: boolean;
}

/** The entry list: one row per product, each selectable for bulk actions. */
export function ProductTable({ serviceName, products, selected, onToggle, onToggleAll, onMove, onDelete, canWrite }: ProductTableProps) {
  const intl = useIntl();
  const allSelected = products.length > 0 && products.every((product) => selected.has(product.productId));
  const base = `/${encodeURIComponent(serviceName)}`;
  return (
    <TableScroll>
      <Table data-testid="product-list">
        <ColumnHeads
          leading={
            <SelectHead scope="col">
              <input
                type="checkbox"
                checked={allSelected}
                onChange={onToggleAll}
                aria-label={intl.formatMessage({ id: 'products.selectAll' })}
                data-testid="product-select-all"
              />
            </SelectHead>
          }
          columns={COLUMNS}
          actions
        />
        <tbody>
          {products.map((product) => (
            <tr key={product.productId} data-testid={`product-row-${product.productId}`}>
              <td>
                <input
                  type="checkbox"
                  checked={selected.has(product.productId)}
                  onChange={() => onToggle(product.productId)}
                  aria-label={intl.formatMessage({ id: 'products.select' }, { name: product.product_name })}
                  data-testid={`product-select-${product.productId}`}
                />
              </td>
              <Cell label="products.column.product">
                <ProductCell product={product} base={base} />
              </Cell>
              <Cell label="products.column.gtin">
                <Mono>{product.gtin ?? '—'}</Mono>
              </Cell>
              <Cell label="products.column.project">{product.project_name}</Cell>
              <Cell label="products.column.service">
                <Badge $tone={product.service === 'DPP' ? 'primary' : 'neutral'}>{product.service}</Badge>{' '}
                {product.isNFC === 1 ? (
                  <Badge $tone="success" title="NFC">
                    <NfcIcon size={14} />
                  </Badge>
                ) : null}
              </Cell>
              <Cell label="products.column.updated">
                <FormattedDate value={product.updatedAt} dateStyle="medium" />
              </Cell>
              <td>
                {canWrite ? (
                  <Actions>
                    <Button $size="sm" $variant="outline" onClick={() => onMove(product)} data-testid={`product-move-${product.productId}`}>
                      <FormattedMessage id="products.move" />
                    </Button>
                    <DeleteIconButton
                      label={intl.formatMessage({ id: 'products.deleteOf' }, { name: product.product_name })}
                      onClick={() => onDelete(product)}
                      data-testid={`product-delete-${product.productId}`}
                    />
                  </Actions>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
