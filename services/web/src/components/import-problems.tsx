import styled from 'styled-components';
import { FormattedMessage } from 'react-intl';
import { ColumnHeads } from '@/components/paged-table';
import { Mono } from '@/components/product-cell';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import type { MessageId } from '@/lib/i18n';
import type { ImportFailure } from '@/lib/import-problems';

const Box = styled.div`
  padding: 12px 22px;
  display: grid;
  gap: 10px;
`;

const Caption = styled.caption`
  text-align: start;
  padding: 4px 0;
  font-weight: 600;
`;

const More = styled.p`
  font-size: 13px;
`;

/** A refused import (or status list) under its list's toolbar (serials, NFC tags), until the user closes it; `captionId` words the table's caption. */
export function ImportProblems({
  failure,
  onClose,
  testId,
  captionId = 'serials.import.badRows',
}: {
  failure: ImportFailure;
  onClose: () => void;
  testId: string;
  captionId?: MessageId;
}) {
  return (
    <Box data-testid={testId}>
      <FormAlert role="alert">{failure.message}</FormAlert>
      {failure.rows.length > 0 ? (
        <TableScroll>
          <Table>
            <Caption>
              <FormattedMessage id={captionId} values={{ count: failure.rows.length }} />
            </Caption>
            <ColumnHeads columns={['serials.import.row', 'serials.import.value', 'serials.import.reason']} />
            <tbody>
              {failure.rows.map((problem, index) => (
                <tr key={`${problem.row}-${index}`}>
                  <Cell label="serials.import.row">{problem.row}</Cell>
                  <Cell label="serials.import.value">
                    <Mono>{problem.value || '—'}</Mono>
                  </Cell>
                  <Cell label="serials.import.reason">{problem.message}</Cell>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      ) : null}
      {failure.more > 0 ? (
        <More>
          <FormattedMessage id="serials.import.more" values={{ count: failure.more }} />
        </More>
      ) : null}
      <div>
        <Button $size="sm" $variant="ghost" onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
      </div>
    </Box>
  );
}
