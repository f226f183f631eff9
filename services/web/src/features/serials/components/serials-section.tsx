import { useEffect, useState, type FormEvent } from 'react';
import styled, { css } from 'styled-components';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import type { Entry, Qualifier } from '@product-console/shared';
import { ConfirmDialog, DeleteIconButton } from '@/components/confirm-dialog';
import { DownloadIcon, PlusIcon, QrIcon } from '@/components/icons';
import { ListToolbar, SearchBox } from '@/components/list-toolbar';
import { ColumnHeads, PagerFooter } from '@/components/paged-table';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { DropZone } from '@/components/ui/drop-zone';
import { Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { Mono } from '@/components/product-cell';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { apiErrorMessage } from '@/lib/api-error-message';
import { isApiError } from '@/lib/api-client';
import { useIdempotentSubmit } from '@/lib/idempotency-key';
import { UPLOAD_MAX_BYTES } from '@/lib/files';
import { showSnackbar } from '@/lib/snackbar';
import { QUALIFIERS_KEY_PREFIX, serialOf, useQualifiers } from '@/features/serials/api/get-qualifiers';
import {
  SERIAL_FILE_TYPES,
  createQualifier,
  deleteQualifier,
  importSerials,
  isValidSerial,
  serialExportUrl,
  type SerialEntry,
} from '@/features/serials/api/qualifier-mutations';
import { FieldError, Hint } from '@/components/ui/form-controls';
import { ImportProblems } from '@/components/import-problems';
import { importProblems, type ImportFailure } from '@/lib/import-problems';
import { ListBody } from '@/components/list-body';

const PAGE_SIZE = 10;

/** The add form sits beside the search, its hint under it. */
const Toolbar = styled(ListToolbar)`
  align-items: flex-start;
  justify-content: space-between;
`;

const Search = styled(SearchBox)`
  flex-basis: 200px;
  max-width: 300px;
`;

const AddForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: flex-start;
  input { height: 38px; width: 200px; }
  button { height: 38px; }
`;

/** The look of the header's export actions. */
const headerAction = css`
  display: inline-flex;
  align-items: center;
  height: 32px;
  padding: 0 12px;
  font-size: 13px;
  font-weight: 600;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
`;


const DownloadLink = styled.a`
  ${headerAction}
  gap: 6px;
  color: inherit;
  text-decoration: none;
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; }
`;

const HeaderActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const AddBlock = styled.div`
  display: grid;
  gap: 4px;
`;

/** A band across the card, under its toolbar (the import's drop zone). */
const Band = styled.div`
  padding: 12px 22px;
`;

const ActionCell = styled.td`
  text-align: end;
`;

interface SerialsSectionProps {
  productId: number;
  entry: Entry;
  canWrite: boolean;
}

/** An entry's serials (AI 21): paged list with search, add, delete, import and export. */
export function SerialsSection({ productId, entry, canWrite }: SerialsSectionProps) {
  const intl = useIntl();
  const { mutate: mutateAll } = useSWRConfig();
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [serial, setSerial] = useState('');
  const [serialError, setSerialError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Qualifier | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [importFailure, setImportFailure] = useState<ImportFailure | null>(null);
  const [importing, setImporting] = useState<File[]>([]);
  const sendOnce = useIdempotentSubmit();
  const serialEntry: SerialEntry = { entryId: entry.entry_id, entryPath: entry.entryPath, gcp: entry.gcp };
  const list = useQualifiers({ entryId: entry.entry_id, page, size: PAGE_SIZE, search: search || undefined });

  useEffect(() => {
    if (searchText === search) return;
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  // Every serial list (this page, the pickers of the QR code and the new-link form) changes together.
  const refresh = () => mutateAll((key) => typeof key === 'string' && key.startsWith(QUALIFIERS_KEY_PREFIX));

  async function add(event: FormEvent) {
    event.preventDefault();
    const value = serial.trim();
    if (!isValidSerial(value)) {
      setSerialError(intl.formatMessage({ id: 'serials.invalid' }));
      return;
    }
    setSerialError(null);
    setAdding(true);
    try {
      await sendOnce({ value, serialEntry }, (idempotencyKey) => createQualifier(value, serialEntry, idempotencyKey));
      setSerial('');
      showSnackbar(intl.formatMessage({ id: 'serials.added' }, { serial: value }), 'success');
      await refresh();
    } catch (cause) {
      setSerialError(apiErrorMessage(intl, cause));
    } finally {
      setAdding(false);
    }
  }

  async function remove(qualifier: Qualifier) {
    try {
      await deleteQualifier(qualifier.qualifierId, serialEntry);
      showSnackbar(intl.formatMessage({ id: 'serials.deleted' }), 'success');
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
      throw cause;
    } finally {
      await refresh();
    }
  }

  async function importFile(file: File) {
    setImportFailure(null);
    setImporting([file]);
    setProgress(0);
    try {
      const { imported } = await importSerials(file, serialEntry, setProgress);
      showSnackbar(intl.formatMessage({ id: 'serials.import.done' }, { count: imported }), 'success');
      setPage(1);
    } catch (cause) {
      const problems = importProblems(cause);
      // A refused file's own summary ("5 rows cannot be imported…") says more than the catalogue's.
      const message = problems.rows.length > 0 && isApiError(cause) ? cause.message : apiErrorMessage(intl, cause);
      setImportFailure({ message, ...problems });
    } finally {
      setProgress(null);
      setImporting([]);
      await refresh();
    }
  }

  return (
    <Card data-testid="serials-section" id="serials">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="serials.title" />
        </CardTitle>
        <HeaderActions>
          <DownloadLink href={serialExportUrl(entry.entry_id, 'xlsx')} download data-testid="serials-export-xlsx">
            <DownloadIcon size={16} />
            <FormattedMessage id="serials.export" values={{ format: 'XLSX' }} />
          </DownloadLink>
          <DownloadLink href={serialExportUrl(entry.entry_id, 'csv')} download data-testid="serials-export-csv">
            <DownloadIcon size={16} />
            <FormattedMessage id="serials.export" values={{ format: 'CSV' }} />
          </DownloadLink>
        </HeaderActions>
      </CardHeader>
      <Toolbar>
        <Search value={searchText} onChange={setSearchText} label={intl.formatMessage({ id: 'serials.search' })} testId="serials-search" />
        {canWrite ? (
          <AddBlock>
            <AddForm onSubmit={(event) => void add(event)} noValidate>
              <VisuallyHidden as="label" htmlFor={`serial-new-${productId}`}>
                <FormattedMessage id="serials.new" />
              </VisuallyHidden>
              <Input
                id={`serial-new-${productId}`}
                value={serial}
                maxLength={20}
                placeholder={intl.formatMessage({ id: 'serials.new' })}
                onChange={(event) => setSerial(event.target.value)}
                aria-invalid={Boolean(serialError)}
                aria-describedby={`serial-new-${productId}-hint`}
                data-testid="serial-new"
              />
              <Button type="submit" $size="sm" disabled={adding || serial.trim() === ''} data-testid="serial-add">
                {adding ? <Spinner size={14} /> : <PlusIcon size={16} />}
                <FormattedMessage id="serials.add" />
              </Button>
            </AddForm>
            {serialError ? (
              <FieldError role="alert" data-testid="serial-error">
                {serialError}
              </FieldError>
            ) : (
              <Hint id={`serial-new-${productId}-hint`}>
                <FormattedMessage id="serials.hint" />
              </Hint>
            )}
          </AddBlock>
        ) : null}
      </Toolbar>
      {canWrite ? (
        <Band>
          {/* Picking a file starts the import: the zone shows it with the progress until the API answers. */}
          <DropZone
            label={intl.formatMessage({ id: 'serials.import' })}
            testId="serials-import-input"
            accept={SERIAL_FILE_TYPES}
            maxBytes={UPLOAD_MAX_BYTES}
            thumbnails={false}
            files={importing}
            onChange={(files) => {
              if (files[0] && progress === null) void importFile(files[0]);
            }}
            progress={progress}
            disabled={progress !== null}
          />
        </Band>
      ) : null}
      {importFailure ? <ImportProblems failure={importFailure} onClose={() => setImportFailure(null)} testId="serials-import-error" /> : null}
      <ListBody
        items={list.data?.result}
        error={list.error}
        onRetry={() => void list.mutate()}
        testId="serials"
        skeleton={{ rows: 2, height: '36px' }}
        emptyIcon={<QrIcon size={28} />}
        empty={
          <p>
            <FormattedMessage id={search ? 'serials.noMatch' : 'serials.empty'} />
          </p>
        }
      >
        {(qualifiers) => (
          <TableScroll>
            <Table data-testid="serials-table">
              <ColumnHeads columns={['serials.column.serial', 'serials.column.path', 'serials.column.created']} actions />
              <tbody>
                {qualifiers.map((qualifier) => (
                  <tr key={qualifier.qualifierId} data-testid={`serial-row-${serialOf(qualifier)}`}>
                    <Cell label="serials.column.serial">
                      <Mono>{serialOf(qualifier)}</Mono>
                    </Cell>
                    <Cell label="serials.column.path">
                      <Mono>{qualifier.qualifierPath}</Mono>
                    </Cell>
                    <Cell label="serials.column.created">
                      {qualifier.createdAt ? <FormattedDate value={qualifier.createdAt} dateStyle="medium" /> : '—'}
                    </Cell>
                    <ActionCell>
                      {canWrite ? (
                        <DeleteIconButton
                          label={intl.formatMessage({ id: 'serials.delete' }, { serial: serialOf(qualifier) })}
                          onClick={() => setDeleting(qualifier)}
                          data-testid={`serial-delete-${qualifier.qualifierId}`}
                        />
                      ) : null}
                    </ActionCell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </ListBody>
      <PagerFooter
        pageInfo={list.data?.pageInfo}
        page={page}
        onPage={setPage}
      />
      <ConfirmDialog payload={deleting} subject={deleting ? serialOf(deleting) : undefined} onConfirm={remove} onClose={() => setDeleting(null)} />
    </Card>
  );
}
