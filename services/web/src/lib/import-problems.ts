import type { SerialImportProblem } from '@product-console/shared';
import type { IntlShape } from 'react-intl';
import { isApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';

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

/**
 * What a failed import shows: a refused file's own summary ("5 rows cannot be imported…", which
 * says more than the catalogue's words) with its rows, or the usual message of any other failure.
 */
export function importFailureOf(intl: IntlShape, cause: unknown): ImportFailure {
  const problems = importProblems(cause);
  const message = problems.rows.length > 0 && isApiError(cause) ? cause.message : apiErrorMessage(intl, cause);
  return { message, ...problems };
}
