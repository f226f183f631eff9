import { useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CompanyPlace } from '@product-console/shared';
import { ConfirmDialog, DeleteIconButton } from '@/components/confirm-dialog';
import { useCountryNames } from '@/components/country-multi-select';
import { PencilIcon, PlusIcon, TraceIcon } from '@/components/icons';
import { ImportProblems } from '@/components/import-problems';
import { ListBody } from '@/components/list-body';
import { ListToolbar, SearchBox } from '@/components/list-toolbar';
import { ColumnHeads, PagerFooter } from '@/components/paged-table';
import { Mono } from '@/components/product-cell';
import { Button, IconButton } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { DropZone } from '@/components/ui/drop-zone';
import { Hint } from '@/components/ui/form-controls';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { apiErrorMessage } from '@/lib/api-error-message';
import { UPLOAD_MAX_BYTES } from '@/lib/files';
import { importFailureOf, type ImportFailure } from '@/lib/import-problems';
import { showSnackbar } from '@/lib/snackbar';
import { usePlaces } from '@/features/trace/api/get-places';
import { createPlace, deletePlace, importPlaces, updatePlace } from '@/features/trace/api/place-mutations';
import { PlaceDialog, bodyOfPlaceForm, type PlaceForm } from '@/features/trace/components/place-dialog';

const PAGE_SIZE = 10;
/** Places the parent picker offers (the first by name). */
const PARENT_CHOICES = 100;

const Band = styled.div`
  display: grid;
  gap: 6px;
  padding: 12px 22px;
`;

const ActionCell = styled.td`
  text-align: end;
  white-space: nowrap;
`;

const Sub = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 13px;
`;

/**
 * The company's places (decision 081): a paged list searched by name, town or GLN; add, edit and
 * delete (after a confirmation) in a dialog with a parent picker; an import from an .xlsx or .csv
 * file with its progress and the rows it refused.
 */
export function PlacesSection() {
  const intl = useIntl();
  const countryName = useCountryNames();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CompanyPlace | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CompanyPlace | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [importing, setImporting] = useState<File[]>([]);
  const [importFailure, setImportFailure] = useState<ImportFailure | null>(null);
  const list = usePlaces({ page, size: PAGE_SIZE, search: search.trim() || undefined });
  const parents = usePlaces(editing === null ? null : { page: 1, size: PARENT_CHOICES });
  const errorOf = (cause: unknown) => apiErrorMessage(intl, cause);

  async function refresh() {
    await Promise.all([list.mutate(), parents.mutate()]);
  }

  async function save(form: PlaceForm, place: CompanyPlace | null) {
    const body = bodyOfPlaceForm(form);
    if (place) await updatePlace(place.placeId, body);
    else await createPlace(body);
    showSnackbar(intl.formatMessage({ id: 'places.saved' }, { name: body.name }), 'success');
    await refresh();
  }

  async function remove(place: CompanyPlace) {
    try {
      await deletePlace(place.placeId);
      showSnackbar(intl.formatMessage({ id: 'places.deleted' }, { name: place.name }), 'success');
    } catch (cause) {
      showSnackbar(errorOf(cause), 'error');
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
      const result = await importPlaces(file, setProgress);
      showSnackbar(intl.formatMessage({ id: 'places.import.done' }, { created: result.created, updated: result.updated }), 'success');
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
    <Card data-testid="places-section">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="places.title" />
        </CardTitle>
        <Button $size="sm" onClick={() => setEditing('new')} data-testid="place-add">
          <PlusIcon size={16} />
          <FormattedMessage id="places.add" />
        </Button>
      </CardHeader>
      <Band>
        <DropZone
          label={intl.formatMessage({ id: 'places.import' })}
          testId="places-import-input"
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
          <FormattedMessage id="places.import.hint" />
        </Hint>
      </Band>
      {importFailure ? <ImportProblems failure={importFailure} onClose={() => setImportFailure(null)} testId="places-import-error" /> : null}
      <ListToolbar>
        <SearchBox
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          label={intl.formatMessage({ id: 'places.search' })}
          testId="places-search"
        />
      </ListToolbar>
      <ListBody
        items={list.data?.result}
        error={list.error}
        onRetry={() => void list.mutate()}
        testId="places"
        skeleton={{ rows: 3, height: '40px' }}
        emptyIcon={<TraceIcon size={28} />}
        empty={
          <p>
            <FormattedMessage id={search.trim() ? 'places.noMatch' : 'places.empty'} />
          </p>
        }
      >
        {(places) => (
          <TableScroll>
            <Table data-testid="places-table">
              <ColumnHeads columns={['places.column.name', 'places.column.gln', 'places.column.type', 'places.column.city', 'places.column.country', 'places.column.parent']} actions />
              <tbody>
                {places.map((place) => (
                  <tr key={place.placeId} data-testid={`place-row-${place.placeId}`}>
                    <Cell label="places.column.name">
                      <strong>{place.name}</strong>
                      {place.latitude === null ? null : (
                        <Sub>
                          {place.latitude.toFixed(3)}, {place.longitude?.toFixed(3)}
                        </Sub>
                      )}
                    </Cell>
                    <Cell label="places.column.gln">
                      <Mono>
                        {place.gln ?? place.identifier}
                        {place.extension ? ` · ${place.extension}` : ''}
                      </Mono>
                    </Cell>
                    <Cell label="places.column.type">{intl.formatMessage({ id: `places.type.${place.type}` })}</Cell>
                    <Cell label="places.column.city">{place.city ?? '—'}</Cell>
                    <Cell label="places.column.country">{place.countryCode ? countryName(place.countryCode) : '—'}</Cell>
                    <Cell label="places.column.parent">{place.parentName ?? '—'}</Cell>
                    <ActionCell>
                      <IconButton
                        aria-label={intl.formatMessage({ id: 'places.edit' }, { name: place.name })}
                        title={intl.formatMessage({ id: 'places.edit' }, { name: place.name })}
                        onClick={() => setEditing(place)}
                        data-testid={`place-edit-${place.placeId}`}
                      >
                        <PencilIcon size={18} />
                      </IconButton>
                      <DeleteIconButton label={intl.formatMessage({ id: 'places.delete' }, { name: place.name })} onClick={() => setDeleting(place)} data-testid={`place-delete-${place.placeId}`} />
                    </ActionCell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </ListBody>
      <PagerFooter pageInfo={list.data?.pageInfo} page={page} onPage={setPage} />
      <PlaceDialog target={editing} parents={parents.data?.result ?? []} onSave={save} onClose={() => setEditing(null)} errorOf={errorOf} />
      <ConfirmDialog payload={deleting} subject={deleting?.name} onConfirm={remove} onClose={() => setDeleting(null)} />
    </Card>
  );
}
