import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import type { MessageId } from '@/lib/i18n';

interface ColumnHeadsProps {
  /** The headings' message ids, in column order. */
  columns: readonly MessageId[];
  /** Heading cells before them, such as a select-all checkbox. */
  leading?: ReactNode;
  /** Adds a last column for each row's actions, its heading for screen readers only. */
  actions?: boolean;
}

/** A table's head: one row of column headings. */
export function ColumnHeads({ columns, leading, actions = false }: ColumnHeadsProps) {
  return (
    <thead>
      <tr>
        {leading}
        {columns.map((id) => (
          <th key={id} scope="col">
            <FormattedMessage id={id} />
          </th>
        ))}
        {actions ? (
          <th scope="col">
            <VisuallyHidden>
              <FormattedMessage id="products.column.actions" />
            </VisuallyHidden>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 22px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Pager = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;

/** The number of the last page of a paged list (1 for an empty one). */
export const lastPageOf = (pageInfo: { total: number; size: number }) => Math.max(1, Math.ceil(pageInfo.total / pageInfo.size));

interface PagerFooterProps {
  /** The paging the list answered; nothing is shown before it has, nor for an empty list. */
  pageInfo: { total: number; size: number } | undefined;
  page: number;
  onPage: (page: number) => void;
  /** Names the pager as a navigation landmark ("Pages of products"); "Pages" unless given. */
  label?: MessageId;
  /** Test id of the range ("1–10 of 42"). */
  totalTestId?: string;
  /** While a page loads: the buttons wait for it. */
  busy?: boolean;
}

/**
 * The footer of every paged list, worded and placed the same everywhere: the range shown ("1–10 of
 * 42") on the left; on the right, when there is more than one page, previous and next buttons
 * around "Page 1 of 5".
 */
export function PagerFooter({ pageInfo, page, onPage, label, totalTestId, busy = false }: PagerFooterProps) {
  const intl = useIntl();
  if (!pageInfo || pageInfo.total === 0) return null;
  const lastPage = lastPageOf(pageInfo);
  const from = Math.min((page - 1) * pageInfo.size + 1, pageInfo.total);
  const to = Math.min(page * pageInfo.size, pageInfo.total);
  return (
    <Footer data-testid="pager">
      <span data-testid={totalTestId}>
        <FormattedMessage id="pagination.range" values={{ from, to, total: pageInfo.total }} />
      </span>
      {lastPage > 1 ? (
        <Pager as="nav" aria-label={intl.formatMessage({ id: label ?? 'pagination.label' })}>
          <Button
            $size="sm"
            $variant="outline"
            disabled={page <= 1 || busy}
            onClick={() => onPage(page - 1)}
            aria-label={intl.formatMessage({ id: 'pagination.previous' })}
            title={intl.formatMessage({ id: 'pagination.previous' })}
          >
            <ChevronLeftIcon size={16} />
          </Button>
          <span aria-live="polite">
            <FormattedMessage id="pagination.pageOf" values={{ page, total: lastPage }} />
          </span>
          <Button
            $size="sm"
            $variant="outline"
            disabled={page >= lastPage || busy}
            onClick={() => onPage(page + 1)}
            aria-label={intl.formatMessage({ id: 'pagination.next' })}
            title={intl.formatMessage({ id: 'pagination.next' })}
          >
            <ChevronRightIcon size={16} />
          </Button>
        </Pager>
      ) : null}
    </Footer>
  );
}
