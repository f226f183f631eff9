import { useCallback, useEffect, useState, type FormEvent } from 'react';
import styled, { css } from 'styled-components';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import { SERIAL_STATUSES, type Entry, type Qualifier, type SerialStatusValue } from '@product-console/shared';
import { ConfirmDialog, DeleteIconButton } from '@/components/confirm-dialog';
import { DownloadIcon, MenuIcon, PlusIcon, QrIcon, UploadIcon } from '@/components/icons';
import { ListToolbar, SearchBox } from '@/components/list-toolbar';
import { ColumnHeads, PagerFooter } from '@/components/paged-table';
import { Button, IconButton } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { DropZone } from '@/components/ui/drop-zone';
import { Input, Select } from '@/components/ui/field';
import { MenuContent, MenuItem, MenuPortal, MenuRoot, MenuSeparator, MenuTrigger } from '@/components/ui/menu';
import { Spinner } from '@/components/ui/spinner';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { Mono } from '@/components/product-cell';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useIdempotentSubmit } from '@/lib/idempotency-key';
import { UPLOAD_MAX_BYTES } from '@/lib/files';
import { showSnackbar } from '@/lib/snackbar';
import { QUALIFIERS_KEY_PREFIX, serialOf, useQualifiers } from '@/features/serials/api/get-qualifiers';
import {
  SERIAL_FILE_TYPES,
  changeSerialStatus,
  createQualifier,
  deleteQualifier,
  importSerials,
  isValidSerial,
  serialExportUrl,
  type SerialEntry,
} from '@/features/serials/api/qualifier-mutations';
import { FieldError, Hint } from '@/components/ui/form-controls';
import { ImportProblems } from '@/components/import-problems';
import { importFailureOf, type ImportFailure } from '@/lib/import-problems';
import { ListBody } from '@/components/list-body';
import { SerialHistoryDialog, type HistoryTarget } from '@/features/serials/components/serial-history-dialog';
import { SERIAL_STATUS_LABELS, SerialStatusBadge } from '@/features/serials/components/serial-status-badge';
import { STATUS_ACTIONS, SerialStatusDialog, type StatusChangeRequest } from '@/features/serials/components/serial-status-dialog';
import { SerialStatusUpload } from '@/features/serials/components/serial-status-upload';
import { BulkSerialsDialog } from '@/components/code-jobs/bulk-serials-dialog';
import { CodeExportDialog, type ExportRequest } from '@/components/code-jobs/code-export-dialog';
import { CodeJobs } from '@/components/code-jobs/code-jobs';
import { useCodeJobQueued } from '@/lib/code-jobs';

/** The entry's calls (serials, batches, links): what a generation of serials can change. */
const ENTRY_KEYS_PREFIX = '/bff/api/entry/';

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
  white-space: nowrap;
`;

const SelectHead = styled.th`
  width: 40px;
`;

const StatusFilter = styled(Select)`
  width: auto;
  min-width: 160px;
`;

/** The bulk actions of the selected serials, above the table while any is selected. */
const BulkBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin: 0 22px 12px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  font-size: 14px;
  strong { margin-inline-end: auto; }
`;

/** The status changes a row's menu and the bulk bar offer, in this order. */
const TARGET_STATUSES: SerialStatusValue[] = ['deactivated', 'blacklisted', 'active'];

const headerButton = css`
  ${headerAction}
  gap: 6px;
  background: none;
  color: inherit;
  cursor: pointer;
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; }
`;

const HeaderButton = styled.button`
  ${headerButton}
`;

interface SerialsSectionProps {
  productId: number;
  entry: Entry;
  canWrite: boolean;
}

/**
 * An entry's serials (AI 21): paged list with search, a status filter, add, delete, import and
 * export; each serial's lifecycle status (decision 070) changes from its row's menu, for a
 * selection from the bulk bar, or for an uploaded list, always after a confirmation with a reason.
 */
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
  const [statusFilter, setStatusFilter] = useState<SerialStatusValue | ''>('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [statusRequest, setStatusRequest] = useState<StatusChangeRequest | null>(null);
  const [historyOf, setHistoryOf] = useState<HistoryTarget | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [exportRequest, setExportRequest] = useState<ExportRequest | null>(null);
  const sendOnce = useIdempotentSubmit();
  const serialEntry: SerialEntry = { entryId: entry.entry_id, entryPath: entry.entryPath, gcp: entry.gcp };
  const list = useQualifiers({ entryId: entry.entry_id, page, size: PAGE_SIZE, search: search || undefined, status: statusFilter || undefined });
  const shown = list.data?.result ?? [];

  // A selection is of the serials on screen: another page, search or filter starts a new one.
  useEffect(() => setSelected(new Set()), [page, search, statusFilter]);

  useEffect(() => {
    if (searchText === search) return;
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  // Every serial list (this page, the pickers of the QR code and the new-link form) changes together.
  const refresh = useCallback(() => mutateAll((key) => typeof key === 'string' && key.startsWith(QUALIFIERS_KEY_PREFIX)), [mutateAll]);
  // A generation adds serials to the lists and, for a batch, to the batches' counts: every list of the entry's calls.
  const refreshAfterGeneration = useCallback(() => void mutateAll((key) => typeof key === 'string' && key.startsWith(ENTRY_KEYS_PREFIX)), [mutateAll]);
  const jobQueued = useCodeJobQueued();

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

  function toggle(qualifierId: number) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(qualifierId)) next.delete(qualifierId);
      else next.add(qualifierId);
      return next;
    });
  }

  const allSelected = shown.length > 0 && shown.every((qualifier) => selected.has(qualifier.qualifierId));
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(shown.map((qualifier) => qualifier.qualifierId)));

  const statusDone = (result: { changed: number; unchanged: number }) =>
    showSnackbar(intl.formatMessage({ id: 'serials.status.done' }, result), 'success');

  async function applyStatus(request: StatusChangeRequest, reason: string) {
    const result = await changeSerialStatus(request.qualifierIds, serialEntry, request.status, reason);
    statusDone(result);
    setSelected(new Set());
    await refresh();
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
      setImportFailure(importFailureOf(intl, cause));
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
          {canWrite ? (
            <HeaderButton type="button" onClick={() => setBulkOpen(true)} data-testid="serials-generate">
              <PlusIcon size={16} />
              <FormattedMessage id="bulkCodes.generate.open" />
            </HeaderButton>
          ) : null}
          <HeaderButton type="button" onClick={() => setExportRequest({ selection: { kind: 'all' } })} data-testid="serials-export-print">
            <QrIcon size={16} />
            <FormattedMessage id="bulkCodes.export.open" />
          </HeaderButton>
          {canWrite ? (
            <HeaderButton type="button" onClick={() => setUploadOpen(true)} data-testid="serials-status-upload">
              <UploadIcon size={16} />
              <FormattedMessage id="serials.upload.open" />
            </HeaderButton>
          ) : null}
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
        <VisuallyHidden as="label" htmlFor={`serial-status-filter-${productId}`}>
          <FormattedMessage id="serials.filter.label" />
        </VisuallyHidden>
        <StatusFilter
          id={`serial-status-filter-${productId}`}
          value={statusFilter}
          onChange={(event) => {
            setStatusFilter(event.target.value as SerialStatusValue | '');
            setPage(1);
          }}
          data-testid="serials-status-filter"
        >
          <option value="">{intl.formatMessage({ id: 'serials.filter.all' })}</option>
          {SERIAL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {intl.formatMessage({ id: SERIAL_STATUS_LABELS[status] })}
            </option>
          ))}
        </StatusFilter>
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
      {canWrite && selected.size > 0 ? (
        <BulkBar role="region" aria-label={intl.formatMessage({ id: 'serials.bulk.label' })} data-testid="serials-bulk">
          <strong>
            <FormattedMessage id="serials.bulk.selected" values={{ count: selected.size }} />
          </strong>
          {TARGET_STATUSES.map((status) => (
            <Button
              key={status}
              $size="sm"
              $variant={status === 'active' ? 'outline' : 'danger'}
              onClick={() => setStatusRequest({ status, qualifierIds: [...selected] })}
              data-testid={`serials-bulk-${status}`}
            >
              <FormattedMessage id={STATUS_ACTIONS[status]} />
            </Button>
          ))}
          <Button
            $size="sm"
            $variant="outline"
            onClick={() => setExportRequest({ selection: { kind: 'serials', qualifierIds: [...selected] }, count: selected.size })}
            data-testid="serials-bulk-export"
          >
            <FormattedMessage id="bulkCodes.export.selection" />
          </Button>
          <Button $size="sm" $variant="ghost" onClick={() => setSelected(new Set())}>
            <FormattedMessage id="serials.bulk.clear" />
          </Button>
        </BulkBar>
      ) : null}
      <ListBody
        items={list.data?.result}
        error={list.error}
        onRetry={() => void list.mutate()}
        testId="serials"
        skeleton={{ rows: 2, height: '36px' }}
        emptyIcon={<QrIcon size={28} />}
        empty={
          <p>
            <FormattedMessage id={statusFilter ? 'serials.noStatusMatch' : search ? 'serials.noMatch' : 'serials.empty'} />
          </p>
        }
      >
        {(qualifiers) => (
          <TableScroll>
            <Table data-testid="serials-table">
              <ColumnHeads
                leading={
                  canWrite ? (
                    <SelectHead scope="col">
                      <input
                        type="checkbox"
                        checked={allSelected}
                        onChange={toggleAll}
                        aria-label={intl.formatMessage({ id: 'serials.selectAll' })}
                        data-testid="serials-select-all"
                      />
                    </SelectHead>
                  ) : undefined
                }
                columns={['serials.column.serial', 'serials.column.status', 'serials.column.path', 'serials.column.created']}
                actions
              />
              <tbody>
                {qualifiers.map((qualifier) => (
                  <tr key={qualifier.qualifierId} data-testid={`serial-row-${serialOf(qualifier)}`}>
                    {canWrite ? (
                      <td>
                        <input
                          type="checkbox"
                          checked={selected.has(qualifier.qualifierId)}
                          onChange={() => toggle(qualifier.qualifierId)}
                          aria-label={intl.formatMessage({ id: 'serials.select' }, { serial: serialOf(qualifier) })}
                          data-testid={`serial-select-${qualifier.qualifierId}`}
                        />
                      </td>
                    ) : null}
                    <Cell label="serials.column.serial">
                      <Mono>{serialOf(qualifier)}</Mono>
                    </Cell>
                    <Cell label="serials.column.status">
                      <SerialStatusBadge status={qualifier.status} reason={qualifier.statusReason} />
                    </Cell>
                    <Cell label="serials.column.path">
                      <Mono>{qualifier.qualifierPath}</Mono>
                    </Cell>
                    <Cell label="serials.column.created">
                      {qualifier.createdAt ? <FormattedDate value={qualifier.createdAt} dateStyle="medium" /> : '—'}
                    </Cell>
                    <ActionCell>
                      <MenuRoot modal={false}>
                        <MenuTrigger asChild>
                          <IconButton
                            aria-label={intl.formatMessage({ id: 'serials.actions' }, { serial: serialOf(qualifier) })}
                            title={intl.formatMessage({ id: 'serials.actions' }, { serial: serialOf(qualifier) })}
                            data-testid={`serial-menu-${qualifier.qualifierId}`}
                          >
                            <MenuIcon size={18} />
                          </IconButton>
                        </MenuTrigger>
                        <MenuPortal>
                          <MenuContent align="end">
                            {canWrite
                              ? TARGET_STATUSES.filter((status) => status !== qualifier.status).map((status) => (
                                  <MenuItem
                                    key={status}
                                    onSelect={() => setStatusRequest({ status, qualifierIds: [qualifier.qualifierId], label: serialOf(qualifier) })}
                                  >
                                    <FormattedMessage id={STATUS_ACTIONS[status]} />
                                  </MenuItem>
                                ))
                              : null}
                            {canWrite ? <MenuSeparator /> : null}
                            <MenuItem onSelect={() => setHistoryOf({ entryId: entry.entry_id, qualifierId: qualifier.qualifierId, serial: serialOf(qualifier) })}>
                              <FormattedMessage id="serials.action.history" />
                            </MenuItem>
                          </MenuContent>
                        </MenuPortal>
                      </MenuRoot>
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
      <CodeJobs productId={productId} onExport={setExportRequest} onGenerated={refreshAfterGeneration} />
      {canWrite ? <BulkSerialsDialog open={bulkOpen} productId={productId} onClose={() => setBulkOpen(false)} onQueued={jobQueued} /> : null}
      <CodeExportDialog productId={productId} request={exportRequest} onClose={() => setExportRequest(null)} onQueued={jobQueued} />
      <SerialStatusDialog request={statusRequest} onConfirm={applyStatus} onClose={() => setStatusRequest(null)} errorOf={(cause) => apiErrorMessage(intl, cause)} />
      <SerialHistoryDialog target={historyOf} onClose={() => setHistoryOf(null)} />
      {canWrite ? (
        <SerialStatusUpload
          open={uploadOpen}
          entry={serialEntry}
          onClose={() => setUploadOpen(false)}
          onDone={async (result) => {
            statusDone(result);
            await refresh();
          }}
        />
      ) : null}
      <ConfirmDialog payload={deleting} subject={deleting ? serialOf(deleting) : undefined} onConfirm={remove} onClose={() => setDeleting(null)} />
    </Card>
  );
}
