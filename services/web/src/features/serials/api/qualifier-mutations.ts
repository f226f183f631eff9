import { SERIAL_AI, qualifierPathOf, serialProblem, type SerialStatusResult, type SerialStatusValue } from '@product-console/shared';
import { api } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';

/** The entry a serial belongs to, as the product read-back gives it. */
export interface SerialEntry {
  entryId: number;
  entryPath: string;
  gcp: string;
}

/** Percent-encoded like any Digital Link value, so that `/` or `%` in a serial cannot break the path. */
export const serialPath = (serial: string) => qualifierPathOf(SERIAL_AI, serial);

/** AI 21: 1 to 20 characters of the GS1 set 82. */
export const isValidSerial = (serial: string) => serialProblem(serial) === null;

export function createQualifier(serial: string, entry: SerialEntry, idempotencyKey?: string) {
  return api.post<{ result: unknown }>(
    '/bff/api/entry/qualifiers/',
    {
      qualifierPath: serialPath(serial),
      identifierCode: SERIAL_AI,
      entryId: entry.entryId,
      entryPath: entry.entryPath,
      gcp: entry.gcp,
    },
    { idempotencyKey },
  );
}

export function deleteQualifier(qualifierId: number, entry: Pick<SerialEntry, 'entryId' | 'entryPath'>) {
  const query = new URLSearchParams({ qualifierId: String(qualifierId), entryId: String(entry.entryId), entryPath: entry.entryPath });
  return api.put<{ result: unknown }>(`/bff/api/entry/qualifiers/delete?${query}`);
}

/** Told apart by name: browsers give a .csv file different types (text/csv, application/vnd.ms-excel...). */
export const SERIAL_FILE_TYPES = ['.xlsx', '.csv'];

/** `POST /api/service/data/import?type=serial_material` multipart, with upload progress. */
export async function importSerials(file: File, entry: SerialEntry, onProgress?: (fraction: number) => void): Promise<{ imported: number }> {
  const body = new FormData();
  body.append('entryPath', entry.entryPath);
  body.append('entryId', String(entry.entryId));
  body.append('gcp', entry.gcp);
  body.append('file', file, file.name);
  const answer = await uploadForm<{ result?: unknown; imported?: number }>('/bff/api/service/data/import?type=serial_material', {
    method: 'POST',
    body,
    onProgress,
  });
  return { imported: typeof answer?.imported === 'number' ? answer.imported : 0 };
}

export type ExportFormat = 'xlsx' | 'csv';

/** A file download; the session cookie carries it, so a plain link will do. */
export const serialExportUrl = (entryId: number, ext: ExportFormat) =>
  `/bff/api/service/data/export/${entryId}?type=serial_material&ext=${ext}`;

/** Files a list of serials for a status change may be: a workbook, CSV or plain text with one serial a line. */
export const SERIAL_LIST_FILE_TYPES = ['.xlsx', '.csv', '.txt'];

/**
 * Changes the lifecycle status of serials of the entry: one (`PUT /api/entry/qualifiers/status`)
 * or a selection (`PUT /api/entry/qualifiers/status/bulk`), all or none.
 */
export function changeSerialStatus(
  qualifierIds: readonly number[],
  entry: Pick<SerialEntry, 'entryId' | 'entryPath'>,
  status: SerialStatusValue,
  reason: string,
): Promise<SerialStatusResult> {
  const common = { entryId: entry.entryId, entryPath: entry.entryPath, status, ...(reason.trim() ? { reason: reason.trim() } : {}) };
  if (qualifierIds.length === 1) return api.put<SerialStatusResult>('/bff/api/entry/qualifiers/status', { ...common, qualifierId: qualifierIds[0] });
  return api.put<SerialStatusResult>('/bff/api/entry/qualifiers/status/bulk', { ...common, qualifierIds });
}

/** `POST /api/entry/qualifiers/status/upload` multipart, with upload progress; a refused list fails like an import (`importProblems`). */
export function uploadSerialStatusList(
  file: File,
  entry: Pick<SerialEntry, 'entryId' | 'entryPath'>,
  status: SerialStatusValue,
  reason: string,
  onProgress?: (fraction: number) => void,
): Promise<SerialStatusResult> {
  const body = new FormData();
  body.append('entryId', String(entry.entryId));
  body.append('entryPath', entry.entryPath);
  body.append('status', status);
  if (reason.trim()) body.append('reason', reason.trim());
  body.append('file', file, file.name);
  return uploadForm<SerialStatusResult>('/bff/api/entry/qualifiers/status/upload', { method: 'POST', body, onProgress });
}
