import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { hasExpired, type Batch, type Entry } from '@product-console/shared';
import { ConfirmDialog, DeleteIconButton } from '@/components/confirm-dialog';
import { BoxIcon, DownloadIcon, LinkIcon, PencilIcon, PlusIcon, QrIcon, TraceIcon } from '@/components/icons';
import { ImportProblems } from '@/components/import-problems';
import { ListBody } from '@/components/list-body';
import { ColumnHeads, PagerFooter } from '@/components/paged-table';
import { Mono } from '@/components/product-cell';
import { Badge } from '@/components/ui/badge';
import { Button, IconButton } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { DropZone } from '@/components/ui/drop-zone';
import { Hint } from '@/components/ui/form-controls';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { apiErrorMessage } from '@/lib/api-error-message';
import { UPLOAD_MAX_BYTES } from '@/lib/files';
import { importFailureOf, type ImportFailure } from '@/lib/import-problems';
import { showSnackbar } from '@/lib/snackbar';
import { createBatch, deleteBatch, importBatches, updateBatch, useBatches, type BatchForm } from '@/features/batches/api/batches';
import { BatchDialog } from '@/features/batches/components/batch-dialog';
import { BatchLinksDialog } from '@/features/batches/components/batch-links-dialog';
import { BulkSerialsDialog } from '@/components/code-jobs/bulk-serials-dialog';
import { CodeExportDialog, type ExportRequest } from '@/components/code-jobs/code-export-dialog';
import { useCodeJobQueued } from '@/lib/code-jobs';

const PAGE_SIZE = 10;

const Band = styled.div`
  display: grid;
  gap: 6px;
  padding: 12px 22px;
`;

const ActionCell = styled.td`
  text-align: end;
  white-space: nowrap;
`;

interface BatchesSectionProps {
  productId: number;
  entry: Entry;
  canWrite: boolean;
}

const day = (value: string | null) => (value ? <FormattedDate value={`${value}T00:00:00Z`} timeZone="UTC" dateStyle="medium" /> : '—');

/**
 * A product's batches (lots, decision 076): paged list with their dates, quantity, site, serials and
 * links; add, edit, delete (after a confirmation), the batch's own links, serials generated into a
 * batch and its codes exported for print (jobs the serials card follows), and an import of batches
 * with their serials from a spreadsheet.
 */
export function BatchesSection({ productId, entry, canWrite }: BatchesSectionProps) {
  const intl = useIntl();
  const { serviceName = '' } = useParams();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Batch | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Batch | null>(null);
  const [linksOf, setLinksOf] = useState<Batch | null>(null);
  const [generatingFor, setGeneratingFor] = useState<Batch | null>(null);
  const [exportRequest, setExportRequest] = useState<ExportRequest | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [importing, setImporting] = useState<File[]>([]);
  const [importFailure, setImportFailure] = useState<ImportFailure | null>(null);
  const list = useBatches(productId, page, PAGE_SIZE);
  const errorOf = (cause: unknown) => apiErrorMessage(intl, cause);

  async function save(form: BatchForm, batch: Batch | null) {
    if (batch) await updateBatch(batch.batchId, form);
    else await createBatch(productId, form);
    showSnackbar(intl.formatMessage({ id: 'batches.saved' }, { lot: form.lot.trim() }), 'success');
    if (!batch) setPage(1);
    await list.mutate();
  }

  async function remove(batch: Batch) {
    try {
      await deleteBatch(batch.batchId);
      showSnackbar(intl.formatMessage({ id: 'batches.deleted' }, { lot: batch.lot }), 'success');
    } catch (cause) {
      showSnackbar(errorOf(cause), 'error');
      throw cause;
    } finally {
      await list.mutate();
    }
  }

  // The code jobs' list (in the serials card) follows the job; it refreshes this list when a generation ends.
  const jobQueued = useCodeJobQueued();

  async function importFile(file: File) {
    setImportFailure(null);
    setImporting([file]);
    setProgress(0);
    try {
      const result = await importBatches(file, { entryId: entry.entry_id, entryPath: entry.entryPath, gcp: entry.gcp }, setProgress);
      showSnackbar(intl.formatMessage({ id: 'batches.import.done' }, { batches: result.batches, updated: result.updated, serials: result.serials }), 'success');
      setPage(1);
    } catch (cause) {
      setImportFailure(importFailureOf(intl, cause));
    } finally {
      setProgress(null);
      setImporting([]);
      await list.mutate();
    }
  }

  return (
    <Card data-testid="batches-section" id="batches">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="batches.title" />
        </CardTitle>
        {canWrite ? (
          <Button $size="sm" onClick={() => setEditing('new')} data-testid="batch-add">
            <PlusIcon size={16} />
            <FormattedMessage id="batches.add" />
          </Button>
        ) : null}
      </CardHeader>
      {canWrite ? (
        <Band>
          <DropZone
            label={intl.formatMessage({ id: 'batches.import' })}
            testId="batches-import-input"
            accept={['.xlsx', '.csv']}
            maxBytes={UPLOAD_MAX_BYTES}
            thumbnails={false}
            files={importing}
            onChange={(files) => {
              if (files[0] && progress === null) void importFile(files[0]);
            }}
            progress={progress}
            disabled={progress !== null}
          />
          <Hint>
            <FormattedMessage id="batches.import.hint" />
          </Hint>
        </Band>
      ) : null}
      {importFailure ? <ImportProblems failure={importFailure} onClose={() => setImportFailure(null)} testId="batches-import-error" /> : null}
      <ListBody
        items={list.data?.result}
        error={list.error}
        onRetry={() => void list.mutate()}
        testId="batches"
        skeleton={{ rows: 2, height: '36px' }}
        emptyIcon={<BoxIcon size={28} />}
        empty={
          <p>
            <FormattedMessage id="batches.empty" />
          </p>
        }
      >
        {(batches) => (
          <TableScroll>
            <Table data-testid="batches-table">
              <ColumnHeads
                columns={['batches.column.lot', 'batches.column.production', 'batches.column.expiry', 'batches.column.quantity', 'batches.column.site', 'batches.column.serials']}
                actions
              />
              <tbody>
                {batches.map((batch) => (
                  <tr key={batch.batchId} data-testid={`batch-row-${batch.lot}`}>
                    <Cell label="batches.column.lot">
                      <Mono>{batch.lot}</Mono>
                    </Cell>
                    <Cell label="batches.column.production">{day(batch.productionDate)}</Cell>
                    <Cell label="batches.column.expiry">
                      {day(batch.expiryDate ?? batch.bestBeforeDate)}{' '}
                      {hasExpired(batch.expiryDate) || hasExpired(batch.bestBeforeDate) ? (
                        <Badge $tone="danger" data-testid={`batch-expired-${batch.lot}`}>
                          <FormattedMessage id="batches.expired" />
                        </Badge>
                      ) : null}
                    </Cell>
                    <Cell label="batches.column.quantity">{batch.quantity ?? '—'}</Cell>
                    <Cell label="batches.column.site">{batch.site ?? '—'}</Cell>
                    <Cell label="batches.column.serials">{batch.serials}</Cell>
                    <ActionCell>
                      <IconButton
                        as={Link}
                        to={`/${encodeURIComponent(serviceName)}/epcis/${productId}?lot=${encodeURIComponent(batch.lot)}`}
                        aria-label={intl.formatMessage({ id: 'batches.journey.open' }, { lot: batch.lot })}
                        title={intl.formatMessage({ id: 'batches.journey.open' }, { lot: batch.lot })}
                        data-testid={`batch-journey-${batch.batchId}`}
                      >
                        <TraceIcon size={18} />
                      </IconButton>
                      <IconButton
                        aria-label={intl.formatMessage({ id: 'batches.links.open' }, { lot: batch.lot, count: batch.links })}
                        title={intl.formatMessage({ id: 'batches.links.open' }, { lot: batch.lot, count: batch.links })}
                        onClick={() => setLinksOf(batch)}
                        data-testid={`batch-links-${batch.batchId}`}
                      >
                        <LinkIcon size={18} />
                      </IconButton>
                      <IconButton
                        aria-label={intl.formatMessage({ id: 'batches.exportCodes' }, { lot: batch.lot })}
                        title={intl.formatMessage({ id: 'batches.exportCodes' }, { lot: batch.lot })}
                        onClick={() => setExportRequest({ selection: { kind: 'batch', batchId: batch.batchId }, lot: batch.lot })}
                        disabled={batch.serials === 0}
                        data-testid={`batch-export-${batch.batchId}`}
                      >
                        <DownloadIcon size={18} />
                      </IconButton>
                      {canWrite ? (
                        <>
                          <IconButton
                            aria-label={intl.formatMessage({ id: 'batches.generate' }, { lot: batch.lot })}
                            title={intl.formatMessage({ id: 'batches.generate' }, { lot: batch.lot })}
                            onClick={() => setGeneratingFor(batch)}
                            data-testid={`batch-generate-${batch.batchId}`}
                          >
                            <QrIcon size={18} />
                          </IconButton>
                          <IconButton
                            aria-label={intl.formatMessage({ id: 'batches.edit' }, { lot: batch.lot })}
                            title={intl.formatMessage({ id: 'batches.edit' }, { lot: batch.lot })}
                            onClick={() => setEditing(batch)}
                            data-testid={`batch-edit-${batch.batchId}`}
                          >
                            <PencilIcon size={18} />
                          </IconButton>
                          <DeleteIconButton
                            label={intl.formatMessage({ id: 'batches.delete' }, { lot: batch.lot })}
                            onClick={() => setDeleting(batch)}
                            data-testid={`batch-delete-${batch.batchId}`}
                          />
                        </>
                      ) : null}
                    </ActionCell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </ListBody>
      <PagerFooter pageInfo={list.data?.pageInfo} page={page} onPage={setPage} />
      <BatchDialog target={editing} onSave={save} onClose={() => setEditing(null)} errorOf={errorOf} />
      <BatchLinksDialog batch={linksOf} canWrite={canWrite} onChanged={() => list.mutate()} onClose={() => setLinksOf(null)} errorOf={errorOf} />
      <ConfirmDialog payload={deleting} subject={deleting?.lot} onConfirm={remove} onClose={() => setDeleting(null)} />
      {canWrite ? (
        <BulkSerialsDialog
          open={generatingFor !== null}
          productId={productId}
          batch={generatingFor ?? undefined}
          onClose={() => setGeneratingFor(null)}
          onQueued={jobQueued}
        />
      ) : null}
      <CodeExportDialog
        productId={productId}
        request={exportRequest}
        onClose={() => setExportRequest(null)}
        onQueued={jobQueued}
      />
    </Card>
  );
}
