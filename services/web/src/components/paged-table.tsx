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

const Footer = styled.div<{ $alone: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: ${({ $alone }) => ($alone ? 'flex-end' : 'space-between')};
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
  /**
   * What the list holds in all, given the count ("42 products"). Without it the footer is only
   * a pager, and a list that fits on one page shows none.
   */
  total?: (count: number) => ReactNode;
  totalTestId?: string;
  /** Where the list stands; "page / last page" unless given. */
  position?: (page: number, lastPage: number) => ReactNode;
  /** The names of the previous and next buttons. */
  labels?: { previous: MessageId; next: MessageId };
  /** Names the pager as a navigation landmark. */
  label?: MessageId;
  /** While a page loads: the buttons wait for it. */
  busy?: boolean;
}

/** The footer of a paged list: its total, and buttons to the previous and next page. */
export function PagerFooter({ pageInfo, page, onPage, total, totalTestId, position, labels, label, busy = false }: PagerFooterProps) {
  const intl = useIntl();
  if (!pageInfo || pageInfo.total === 0) return null;
  const lastPage = lastPageOf(pageInfo);
  if (!total && lastPage === 1) return null;
  return (
    <Footer $alone={!total}>
      {total ? <span data-testid={totalTestId}>{total(pageInfo.total)}</span> : null}
      <Pager as={label ? 'nav' : 'div'} aria-label={label ? intl.formatMessage({ id: label }) : undefined}>
        <Button
          $size="sm"
          $variant="outline"
          disabled={page <= 1 || busy}
          onClick={() => onPage(page - 1)}
          aria-label={intl.formatMessage({ id: labels?.previous ?? 'pagination.previous' })}
        >
          <ChevronLeftIcon size={16} />
        </Button>
        <span aria-live="polite">{position ? position(page, lastPage) : `${page} / ${lastPage}`}</span>
        <Button
          $size="sm"
          $variant="outline"
          disabled={page >= lastPage || busy}
          onClick={() => onPage(page + 1)}
          aria-label={intl.formatMessage({ id: labels?.next ?? 'pagination.next' })}
        >
          <ChevronRightIcon size={16} />
        </Button>
      </Pager>
    </Footer>
  );
}
