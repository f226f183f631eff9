import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import type { ProductSummary } from '@product-console/shared';
import { BoxIcon } from '@/components/icons';
import { fileUrl } from '@/lib/files';

const Cell = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-width: 220px;
  a { font-weight: 600; color: ${({ theme }) => theme.colors.text}; text-decoration: none; }
  a:hover { color: ${({ theme }) => theme.colors.primary}; text-decoration: underline; }
`;

const Thumb = styled.span`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  flex: none;
  overflow: hidden;
  border-radius: 10px;
  background: ${({ theme }) => theme.colors.surfaceHover};
  color: ${({ theme }) => theme.colors.textMuted};
  img { width: 100%; height: 100%; object-fit: cover; }
`;

const Sub = styled.span`
  display: block;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A GTIN or another identifier, in a fixed-width face so that digits line up down a column. */
export const Mono = styled.span`
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: 13px;
`;

type ProductCellProduct = Pick<ProductSummary, 'productId' | 'product_name' | 'product_number'> & {
  thumbnail?: string | null;
};

/** A product in a list as a thumbnail (or a box icon), a name linking to `to`, and a line under it. */
export function ProductCellLayout({ thumbnail, name, to, detail }: { thumbnail?: string | null; name: string; to: string; detail?: ReactNode }) {
  return (
    <Cell>
      <Thumb aria-hidden="true">{thumbnail ? <img src={fileUrl(thumbnail)} alt="" loading="lazy" /> : <BoxIcon size={20} />}</Thumb>
      <span>
        <Link to={to}>{name}</Link>
        {detail ? <Sub>{detail}</Sub> : null}
      </span>
    </Cell>
  );
}

/** A product in a list: its thumbnail (or a box icon), its name linking to its details, its number. */
export function ProductCell({ product, base }: { product: ProductCellProduct; base: string }) {
  return (
    <ProductCellLayout
      thumbnail={product.thumbnail}
      name={product.product_name}
      to={`${base}/product-details/${product.productId}`}
      detail={product.product_number}
    />
  );
}
