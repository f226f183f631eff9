import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  SERIAL_AI,
  SERIAL_IMPORT_MAX_PROBLEMS,
  SERIAL_PROBLEM_MESSAGES,
  qualifierPathOf,
  serialImportFieldsSchema,
  serialProblem,
  toFieldErrors,
  type SerialImportFailure,
  type SerialImportProblem,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { duplicateSerial, validationFailed } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { isUniqueViolation } from '../entries/service.js';
import type { EntryRow } from '../entries/tables.js';
import { readParts } from '../products/uploads.js';
import { entryForRead, entryForWrite, parseSerialPath } from '../qualifiers/service.js';
import { qualifiers } from '../qualifiers/tables.js';
import { readSerialColumn, type SerialRow } from './spreadsheet.js';

/** Rows looked up, inserted or exported per statement (each lookup or insert sends them as one JSON parameter). */
export const BATCH = 10_000;

/** The parts of `POST /api/service/data/import`: the text fields and the one `file`. */
export async function readImportForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: Buffer | undefined }> {
  const { fields, raw } = await readParts(request, ['file'], { oneEach: true });
  return { fields, file: raw[0]?.data };
}

export function rejection(problems: SerialImportProblem[]): SerialImportFailure {
  const sorted = problems.sort((a, b) => a.row - b.row);
  const rows = new Set(sorted.map((problem) => problem.row)).size;
  return {
    code: ERROR_CODES.VALIDATION,
    message: `${rows} ${rows === 1 ? 'row' : 'rows'} cannot be imported, so nothing was imported.${sorted.length > SERIAL_IMPORT_MAX_PROBLEMS ? ` The first ${SERIAL_IMPORT_MAX_PROBLEMS} are listed.` : ''}`,
    result: false,
    details: sorted.slice(0, SERIAL_IMPORT_MAX_PROBLEMS),
    more: Math.max(0, sorted.length - SERIAL_IMPORT_MAX_PROBLEMS),
  };
}

/** An import refused because of its rows; the answer lists them. */
export class SerialImportRejected extends Error {
  constructor(readonly failure: SerialImportFailure) {
    super(failure.message);
  }
}

interface Candidate {
  row: number;
  value: string;
  qualifierPath: string;
}

/** Checks every row on its own and against the rows above it; answers the valid ones and the problems. */
function checkRows(entry: EntryRow, rows: { row: number; value: string }[]) {
  const candidates: Candidate[] = [];
  const problems: SerialImportProblem[] = [];
  const firstRow = new Map<string, number>();
  for (const { row, value } of rows) {
    const problem = serialProblem(value);
    if (problem) {
      problems.push({ row, value, message: SERIAL_PROBLEM_MESSAGES[problem] });
      continue;
    }
    const parsed = parseSerialPath(entry.entryPath, qualifierPathOf(SERIAL_AI, value));
    if ('problem' in parsed) {
      problems.push({ row, value, message: parsed.problem });
      continue;
    }
    const first = firstRow.get(parsed.qualifierPath);
    if (first !== undefined) {
      problems.push({ row, value, message: `Same serial as row ${first}.` });
      continue;
    }
    firstRow.set(parsed.qualifierPath, row);
    candidates.push({ row, value: parsed.value, qualifierPath: parsed.qualifierPath });
  }
  return { candidates, problems };
}

/**
 * `POST /api/service/data/import?type=serial_material`: every row is checked (empty, too long,
 * characters, duplicates in the file and among the entry's live serials); any problem refuses
 * the whole file, otherwise all serials are inserted in one transaction.
 */
export async function importSerials(db: Db, auth: AuthContext, companyId: number, request: FastifyRequest): Promise<{ imported: number; entryPath: string }> {
  const form = await readImportForm(request);
  const parsedFields = serialImportFieldsSchema.safeParse(form.fields);
  const problems = parsedFields.success ? [] : toFieldErrors(parsedFields.error);
  if (!form.file) problems.push({ path: 'file', message: 'Required' });
  if (!parsedFields.success || !form.file) throw validationFailed(problems);

  const entry = await entryForWrite(db, auth, companyId, parsedFields.data);
  const checked = checkRows(entry, await readSerialColumn(form.file));

  try {
    const imported = await db.transaction(async (tx) => {
      const found: SerialImportProblem[] = [...checked.problems];
      for (let start = 0; start < checked.candidates.length; start += BATCH) {
        const batch = checked.candidates.slice(start, start + BATCH);
        const taken = await tx
          .select({ qualifierPath: qualifiers.qualifierPath })
          .from(qualifiers)
          .where(
            and(
              eq(qualifiers.entryId, entry.id),
              eq(qualifiers.isDeleted, false),
              sql`${qualifiers.qualifierPath} in (select jsonb_array_elements_text(${JSON.stringify(batch.map((candidate) => candidate.qualifierPath))}::jsonb))`,
            ),
          );
        const takenPaths = new Set(taken.map((row) => row.qualifierPath));
        for (const candidate of batch) {
          if (takenPaths.has(candidate.qualifierPath)) found.push({ row: candidate.row, value: candidate.value, message: 'Already registered for this product.' });
        }
      }
      if (found.length > 0) throw new SerialImportRejected(rejection(found));

      const columns = sql.join(
        [qualifiers.companyId, qualifiers.entryId, qualifiers.identifierCode, qualifiers.qualifierPath, qualifiers.value].map((column) => sql.identifier(column.name)),
        sql`, `,
      );
      // One JSON parameter per statement: far fewer round trips and parameters than a VALUES list.
      for (let start = 0; start < checked.candidates.length; start += BATCH) {
        const rows = checked.candidates.slice(start, start + BATCH).map((candidate) => ({ p: candidate.qualifierPath, v: candidate.value }));
        await tx.execute(sql`
          insert into ${qualifiers} (${columns})
          select ${companyId}, ${entry.id}, ${SERIAL_AI}, p, v from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(p text, v text)`);
      }
      return checked.candidates.length;
    });
    return { imported, entryPath: entry.entryPath };
  } catch (error) {
    // A serial registered by another request at the same moment.
    if (isUniqueViolation(error)) throw duplicateSerial();
    throw error;
  }
}

/** The live serials of an entry, oldest first, in batches (keyset paging, so any size streams). */
async function* serialBatches(db: Db, entryId: number): AsyncGenerator<SerialRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: qualifiers.id, value: qualifiers.value, qualifierPath: qualifiers.qualifierPath, status: qualifiers.status })
      .from(qualifiers)
      .where(and(eq(qualifiers.entryId, entryId), eq(qualifiers.isDeleted, false), gt(qualifiers.id, after)))
      .orderBy(asc(qualifiers.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows.map((row) => ({ serial: row.value, qualifierPath: row.qualifierPath, status: row.status }));
    after = rows[rows.length - 1].id;
  }
}

/** The entry to export (the caller may read it) and its serials as batches. */
export async function serialsForExport(db: Db, auth: AuthContext, companyId: number, entryId: number) {
  const entry = await entryForRead(db, auth, companyId, entryId);
  return { entry, batches: serialBatches(db, entry.id) };
}
