import type { SerialImportProblem } from '@product-console/shared';
import { isApiError } from '@/lib/api-client';

/*
 * A file import refused because of its rows (serials, NFC tags): the API answers 400
 * `{message, details: [{row, value, message}], more}` and nothing is imported.
 */

export type ImportRowProblem = SerialImportProblem;

/**
 * The bad rows of a refused import (400 `{message, details: [{row, value, message}], more}`) and
 * how many more the API did not list.
 */
export function importProblems(error: unknown): { rows: ImportRowProblem[]; more: number } {
  if (!isApiError(error) || !Array.isArray(error.details)) return { rows: [], more: 0 };
  const more = typeof error.body.more === 'number' ? error.body.more : 0;
  const rows = (error.details as unknown[]).flatMap((detail) => {
    if (!detail || typeof detail !== 'object') return [];
    const { row, value, message } = detail as Record<string, unknown>;
    if (typeof row !== 'number') return [];
    return [{ row, value: value === undefined || value === null ? '' : String(value), message: typeof message === 'string' ? message : '' }];
  });
  return { rows, more };
}

/** Why an import was refused: the API's summary, the rows it listed and how many more it did not. */
export interface ImportFailure {
  message: string;
  rows: ImportRowProblem[];
  more: number;
}
