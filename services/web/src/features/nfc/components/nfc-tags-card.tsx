import { useId, useState } from 'react';
import styled from 'styled-components';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { NfcSdmForm } from '@product-console/shared';
import { CopyableUri } from '@/components/copyable-uri';
import { ImportProblems } from '@/components/import-problems';
import { DownloadIcon, NfcIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { ColumnHeads, PagerFooter } from '@/components/paged-table';
import { Mono } from '@/components/product-cell';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { DropZone } from '@/components/ui/drop-zone';
import { Field, FormAlert, Label, Select } from '@/components/ui/field';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { apiErrorMessage } from '@/lib/api-error-message';
import { UPLOAD_MAX_BYTES } from '@/lib/files';
import { importFailureOf, type ImportFailure } from '@/lib/import-problems';
import { showSnackbar } from '@/lib/snackbar';
import { useNfcTags } from '@/features/nfc/api/get-nfc-tags';
import { sdmExportUrl, useSdmForm } from '@/features/nfc/api/get-sdm-form';
import { NFC_TAG_FILE_TYPES, importNfcTags } from '@/features/nfc/api/import-nfc-tags';
import { CopyButton } from '@/features/nfc/components/copy-button';

const PAGE_SIZE = 10;

const Section = styled.div`
  display: grid;
  gap: 16px;
`;

const Intro = styled.p`
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SerialSelect = styled(Select)`
  height: 40px;
  max-width: 360px;
`;

const Offsets = styled.dl`
  display: grid;
  grid-template-columns: max-content max-content max-content;
  align-items: center;
  gap: 8px 16px;
  margin: 0;
  font-size: 14px;
  dd { margin: 0; }
  @media (max-width: 767px) { grid-template-columns: 1fr max-content; dt { grid-column: 1 / -1; } }
`;

const OffsetRow = styled.div`
  display: contents;
`;

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

const HexHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`;

const Download = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  height: 32px;
  padding: 0 12px;
  font-size: 13px;
  font-weight: 600;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  color: inherit;
  text-decoration: none;
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; }
`;

const SubTitle = styled.h3`
  font-size: 15px;
`;

/** `ab cd …`: the NDEF file in byte pairs, easier to count than one long string. */
const spacedHex = (hex: string) => hex.match(/.{1,2}/g)?.join(' ') ?? '';

/** The SDM form of one serial: the URI, the three offsets and the NDEF file, each copyable. */
function SdmForm({ form }: { form: NfcSdmForm }) {
  const intl = useIntl();
  const offsets = [
    { id: 'nfcTags.piccDataOffset', value: form.piccDataOffset, testId: 'nfc-picc-offset' },
    { id: 'nfcTags.sdmMacOffset', value: form.sdmMacOffset, testId: 'nfc-mac-offset' },
    { id: 'nfcTags.sdmMacInputOffset', value: form.sdmMacInputOffset, testId: 'nfc-mac-input-offset' },
  ] as const;
  return (
    <Section data-testid="nfc-sdm-form">
      <Field>
        <Label as="span">
          <FormattedMessage id="nfcTags.sdmUri" />
        </Label>
        <CopyableUri uri={form.uri} testId="nfc-sdm-uri" />
      </Field>
      <Offsets>
        {offsets.map((offset) => (
          <OffsetRow key={offset.id}>
            <dt>
              <FormattedMessage id={offset.id} />
            </dt>
            <dd>
              <Mono data-testid={offset.testId}>{offset.value}</Mono>
            </dd>
            <dd>
              <CopyButton
                text={String(offset.value)}
                label={intl.formatMessage({ id: 'nfcTags.copyValue' }, { name: intl.formatMessage({ id: offset.id }) })}
                testId={`${offset.testId}-copy`}
              />
            </dd>
          </OffsetRow>
        ))}
      </Offsets>
      <div>
        <HexHead>
          <Label as="span">
            <FormattedMessage id="nfcTags.ndef" values={{ count: form.ndefHex.length / 2 }} />
          </Label>
          <CopyButton
            text={form.ndefHex}
            label={intl.formatMessage({ id: 'nfcTags.copyValue' }, { name: intl.formatMessage({ id: 'nfcTags.ndef' }, { count: form.ndefHex.length / 2 }) })}
            testId="nfc-ndef-copy"
          />
        </HexHead>
        <Hex data-testid="nfc-ndef-hex">{spacedHex(form.ndefHex)}</Hex>
      </div>
    </Section>
  );
}

interface NfcTagsCardProps {
  productId: number;
  /** The product's serials; each tag belongs to one. */
  serials: readonly string[];
  canWrite: boolean;
}

/**
 * An NFC product's cryptographic tags (decision 069): the SDM form of a serial's record and the
 * encoding CSV for the tag supplier, the import of the supplier's tag file, and the bound tags.
 */
export function NfcTagsCard({ productId, serials, canWrite }: NfcTagsCardProps) {
  const intl = useIntl();
  const selectId = useId();
  const [serial, setSerial] = useState('');
  const [page, setPage] = useState(1);
  const [progress, setProgress] = useState<number | null>(null);
  const [importing, setImporting] = useState<File[]>([]);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const picked = serial || serials[0] || '';
  const form = useSdmForm(productId, picked);
  const tags = useNfcTags(productId, page, PAGE_SIZE);

  async function importFile(file: File) {
    setFailure(null);
    setImporting([file]);
    setProgress(0);
    try {
      const { imported } = await importNfcTags(productId, file, setProgress);
      showSnackbar(intl.formatMessage({ id: 'nfcTags.importDone' }, { count: imported }), 'success');
      setPage(1);
    } catch (cause) {
      setFailure(importFailureOf(intl, cause));
    } finally {
      setProgress(null);
      setImporting([]);
      await tags.mutate();
    }
  }

  return (
    <Card data-testid="nfc-tags-card" id="nfc-tags" aria-labelledby={`${selectId}-title`}>
      <CardHeader>
        <CardTitle id={`${selectId}-title`}>
          <FormattedMessage id="nfcTags.title" />
        </CardTitle>
        {serials.length > 0 ? (
          <Download href={sdmExportUrl(productId)} download data-testid="nfc-sdm-export">
            <DownloadIcon size={16} />
            <FormattedMessage id="nfcTags.download" />
          </Download>
        ) : null}
      </CardHeader>
      <CardBody>
        <Section>
          <Intro>
            <FormattedMessage id="nfcTags.intro" />
          </Intro>
          {serials.length === 0 ? (
            <p data-testid="nfc-no-serials">
              <FormattedMessage id="nfcTags.noSerials" />
            </p>
          ) : (
            <>
              <Field>
                <Label htmlFor={selectId}>
                  <FormattedMessage id="nfcTags.serial" />
                </Label>
                <SerialSelect id={selectId} value={picked} onChange={(event) => setSerial(event.target.value)} data-testid="nfc-serial">
                  {serials.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </SerialSelect>
              </Field>
              {form.error ? (
                <FormAlert role="alert" data-testid="nfc-sdm-error">
                  {apiErrorMessage(intl, form.error)}
                </FormAlert>
              ) : form.data ? (
                <SdmForm form={form.data.result} />
              ) : null}
            </>
          )}
          {canWrite ? (
            <div>
              <DropZone
                label={intl.formatMessage({ id: 'nfcTags.import' })}
                testId="nfc-import-input"
                accept={NFC_TAG_FILE_TYPES}
                maxBytes={UPLOAD_MAX_BYTES}
                thumbnails={false}
                files={importing}
                onChange={(files) => {
                  if (files[0] && progress === null) void importFile(files[0]);
                }}
                progress={progress}
                disabled={progress !== null}
                hint={<FormattedMessage id="nfcTags.importHint" />}
              />
            </div>
          ) : null}
        </Section>
      </CardBody>
      {failure ? <ImportProblems failure={failure} onClose={() => setFailure(null)} testId="nfc-import-error" /> : null}
      <CardBody>
        <SubTitle>
          <FormattedMessage id="nfcTags.list" />
        </SubTitle>
      </CardBody>
      <ListBody
        items={tags.data?.result}
        error={tags.error}
        onRetry={() => void tags.mutate()}
        testId="nfc-tags"
        skeleton={{ rows: 2, height: '36px' }}
        emptyIcon={<NfcIcon size={28} />}
        empty={
          <p>
            <FormattedMessage id="nfcTags.empty" />
          </p>
        }
      >
        {(rows) => (
          <TableScroll>
            <Table data-testid="nfc-tags-table">
              <ColumnHeads columns={['nfcTags.column.uid', 'nfcTags.column.serial', 'nfcTags.column.keySource', 'nfcTags.column.lastCounter', 'nfcTags.column.lastTap']} />
              <tbody>
                {rows.map((tag) => (
                  <tr key={tag.uid} data-testid={`nfc-tag-${tag.uid}`}>
                    <Cell label="nfcTags.column.uid">
                      <Mono>{tag.uid}</Mono>
                    </Cell>
                    <Cell label="nfcTags.column.serial">
                      <Mono>{tag.serial}</Mono>
                    </Cell>
                    <Cell label="nfcTags.column.keySource">
                      <FormattedMessage id={tag.keySource === 'master' ? 'nfcTags.keySource.master' : 'nfcTags.keySource.imported'} />
                    </Cell>
                    <Cell label="nfcTags.column.lastCounter">{tag.lastCounter ?? '—'}</Cell>
                    <Cell label="nfcTags.column.lastTap">
                      {tag.lastTapAt ? <FormattedDate value={tag.lastTapAt} dateStyle="medium" timeStyle="short" /> : <FormattedMessage id="nfcTags.never" />}
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </ListBody>
      <PagerFooter pageInfo={tags.data?.pageInfo} page={page} onPage={setPage} />
    </Card>
  );
}
