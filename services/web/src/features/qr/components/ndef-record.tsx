import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { ndefUriRecordFields, toHex } from '@/lib/ndef';

const Hex = styled.pre`
  margin: 0;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: 13px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Fields = styled.dl`
  display: grid;
  grid-template-columns: max-content max-content 1fr;
  gap: 6px 16px;
  margin: 0;
  font-size: 13px;
  dt { font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; }
  dd { margin: 0; }
  dd.explain { color: ${({ theme }) => theme.colors.textMuted}; }
  @media (max-width: 767px) { grid-template-columns: max-content 1fr; dd.explain { grid-column: 1 / -1; } }
`;

const Record = styled.div`
  display: grid;
  gap: 12px;
`;

const Caption = styled.strong`
  font-size: 13px;
`;

/** One field's cells, laid out by the list's grid. */
const FieldRow = styled.div`
  display: contents;
`;

/** The NDEF message to write to the tag for a URI, as hex, with each field explained. */
export function NdefRecord({ uri }: { uri: string }) {
  const intl = useIntl();
  const record = ndefUriRecordFields(uri);
  const hexByte = (value: number) => value.toString(16).toUpperCase().padStart(2, '0');
  const rows = [
    { bytes: hexByte(record.header), name: 'nfc.field.header', values: { sr: record.shortRecord ? 1 : 0 } },
    { bytes: hexByte(record.typeLength), name: 'nfc.field.typeLength', values: {} },
    { bytes: toHex(record.payloadLengthBytes), name: record.shortRecord ? 'nfc.field.payloadLengthShort' : 'nfc.field.payloadLengthLong', values: { length: record.payloadLength } },
    { bytes: '55', name: 'nfc.field.type', values: {} },
    { bytes: hexByte(record.identifierCode), name: 'nfc.field.prefix', values: { prefix: record.prefix || intl.formatMessage({ id: 'nfc.noPrefix' }) } },
    { bytes: '…', name: 'nfc.field.rest', values: { rest: record.rest, count: record.payloadLength - 1 } },
  ] as const;
  return (
    <Record>
      <div>
        <Caption>
          <FormattedMessage id="nfc.bytes" values={{ count: record.bytes.length }} />
        </Caption>
        <Hex data-testid="nfc-hex">{toHex(record.bytes)}</Hex>
      </div>
      <Fields data-testid="nfc-fields">
        {rows.map((row) => (
          <FieldRow key={row.name}>
            <dt>{row.bytes}</dt>
            <dd>
              <FormattedMessage id={`${row.name}.name`} />
            </dd>
            <dd className="explain">
              <FormattedMessage id={`${row.name}.explain`} values={row.values} />
            </dd>
          </FieldRow>
        ))}
      </Fields>
    </Record>
  );
}
