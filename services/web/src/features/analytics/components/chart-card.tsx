import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { DownloadIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { downloadCsv } from '@/lib/csv';
import { chartCsv, csvFileName, type ChartTable } from '@/features/analytics/model/chart-table';

/** Positioned, so that the hidden table is clipped inside the card. */
const ChartBox = styled(Card)`
  position: relative;
`;

/**
 * The same header on every card: the title takes the room left and wraps on its own lines, the
 * actions stay beside it at its first line; on a phone every card puts them under the title.
 */
const ChartHeader = styled(CardHeader)`
  flex-wrap: nowrap;
  align-items: flex-start;
  h2 { flex: 1; min-width: 0; line-height: 32px; }
  @media (max-width: 479.98px) {
    flex-direction: column;
    align-items: stretch;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  flex: none;
`;

const DataTable = styled.table`
  width: 100%;
  margin-top: 16px;
  border-collapse: collapse;
  font-size: 13px;
  caption { text-align: start; font-weight: 600; padding-bottom: 6px; }
  th, td {
    padding: 6px 10px 6px 0;
    text-align: start;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
  th { font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; white-space: nowrap; }
  td[data-number] { font-variant-numeric: tabular-nums; }
`;

/** The data table: shown on request, else kept for screen readers only. */
const TableBox = styled.div<{ $shown: boolean }>`
  max-height: 360px;
  overflow: auto;
  ${({ $shown }) =>
    $shown
      ? ''
      : `position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0;`}
`;

interface ChartCardProps {
  /** Names the CSV file and the test ids: `chart-{name}`, `chart-{name}-table`. */
  name: string;
  title: ReactNode;
  /** The title as text: the table's caption. */
  caption: string;
  table: ChartTable;
  /** The range, for the CSV file's name. */
  range: { from: string; to: string };
  children: ReactNode;
  /** Lets the grid give a chart more room. */
  className?: string;
}

/**
 * A chart with what stands behind it: its data as a table (visually hidden until 'Show data',
 * always there for screen readers) and the same data as a CSV download.
 */
export function ChartCard({ name, title, caption, table, range, children, className }: ChartCardProps) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  const tableId = useId();
  const cellText = (value: string | number | null) => (value === null ? '—' : typeof value === 'number' ? intl.formatNumber(value) : value);
  return (
    <ChartBox aria-label={caption} data-testid={`chart-${name}`} className={className}>
      <ChartHeader>
        <CardTitle>{title}</CardTitle>
        <Actions>
          <Button $variant="ghost" $size="sm" aria-expanded={shown} aria-controls={tableId} onClick={() => setShown((value) => !value)}>
            <FormattedMessage id={shown ? 'analytics.hideData' : 'analytics.showData'} />
          </Button>
          <Button
            $variant="outline"
            $size="sm"
            data-testid={`chart-${name}-csv`}
            onClick={() => downloadCsv(csvFileName(name, range.from, range.to), chartCsv(table))}
          >
            <DownloadIcon size={16} />
            <FormattedMessage id="analytics.downloadCsv" />
          </Button>
        </Actions>
      </ChartHeader>
      <CardBody>
        <div aria-hidden="true">{children}</div>
        <TableBox id={tableId} $shown={shown}>
          <DataTable data-testid={`chart-${name}-table`}>
            <caption>{caption}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((value, column) => (
                    <td key={column} data-number={typeof value === 'number' ? '' : undefined}>
                      {cellText(value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableBox>
      </CardBody>
    </ChartBox>
  );
}
