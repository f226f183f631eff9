import type { TdHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/i18n';
import { down } from '@/theme/media';

/**
 * Scrolls a wide table sideways inside its card between `sm` and a width where it fits, so that
 * the page itself never does; below `sm` the table is a stack of cards and needs no scrolling.
 */
export const TableScroll = styled.div`
  /* Positioned, so that visually hidden text in a far column (absolutely placed) is clipped here
     instead of widening the page. */
  position: relative;
  width: 100%;
  max-width: 100%;
  overflow-x: auto;
`;

/**
 * A table that, below the `sm` breakpoint (spec point 9), shows each row as a card: its cells
 * stacked, each beside the label its `Cell` names, since a phone has no room for columns. A
 * table narrow enough for a phone keeps its columns with `$cards={false}`.
 */
export const Table = styled.table<{ $cards?: boolean }>`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;

  th, td {
    padding: 12px 16px;
    text-align: start;
    vertical-align: middle;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    font-size: 12px;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.colors.textMuted};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    white-space: nowrap;
  }
  tbody tr:hover td { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  tbody tr:last-child td { border-bottom: none; }

  ${({ $cards = true }) => ($cards ? cardRows : narrowCells)}
`;

/** Below `sm`, a table that keeps its columns spends less on their padding. */
const narrowCells = css`
  ${down('sm')} {
    th, td { padding: 10px 6px; }
    th:first-child, td:first-child { padding-inline-start: 0; }
    th:last-child, td:last-child { padding-inline-end: 0; }
  }
`;

/** Below `sm`, rows as cards of labelled cells. */
const cardRows = css`
  ${down('sm')} {
    &, tbody, tr, td { display: block; width: 100%; }
    /* The headings stay for screen readers; each cell shows its own label instead. */
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    tbody tr {
      padding: 12px 16px;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    tbody tr:last-child { border-bottom: none; }
    tbody tr:hover td { background: none; }
    td {
      padding: 4px 0;
      border-bottom: none;
      min-width: 0;
      overflow-wrap: anywhere;
    }
    td[data-label] {
      display: grid;
      grid-template-columns: minmax(88px, 35%) minmax(0, 1fr);
      gap: 12px;
      align-items: center;
    }
    td[data-label] > div { min-width: 0; }
    td[data-label]::before {
      content: attr(data-label);
      font-size: 12px;
      font-weight: 600;
      text-transform: uppercase;
      letter-spacing: 0.04em;
      color: ${({ theme }) => theme.colors.textMuted};
    }
    /* A cell with nothing in it has nothing to label. */
    td[data-label]:has(> div:empty) { display: none; }
  }
`;

interface CellProps extends TdHTMLAttributes<HTMLTableCellElement> {
  /** The column's heading, shown beside the value when the row is a card (below `sm`). */
  label?: MessageId;
}

/** A table cell that names its column for the card layout of narrow screens. */
export function Cell({ label, children, ...props }: CellProps) {
  const intl = useIntl();
  if (!label) return <td {...props}>{children}</td>;
  // The wrapper keeps the value one grid item beside its label, however many parts it has.
  return (
    <td data-label={intl.formatMessage({ id: label })} {...props}>
      <div>{children}</div>
    </td>
  );
}
