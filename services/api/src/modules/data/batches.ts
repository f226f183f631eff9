import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  BATCH_FILE_COLUMNS,
  BATCH_QUANTITY_MAX,
  BATCH_SITE_MAX,
  LOT_PROBLEM_MESSAGES,
  SERIAL_AI,
  SERIAL_PROBLEM_MESSAGES,
  batchFileDay,
  lotProblem,
  qualifierPathOf,
  serialImportFieldsSchema,
  serialProblem,
  toFieldErrors,
  type BatchImportResult,
  type SerialImportProblem,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { duplicateSerial, notFound, validationFailed } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { productOfEntry } from '../access/policies.js';
import { batchPathOf } from '../batches/service.js';
import { batches } from '../batches/tables.js';
import { isUniqueViolation } from '../entries/service.js';
import { entryForWrite } from '../qualifiers/service.js';
import { qualifiers } from '../qualifiers/tables.js';
import { BATCH, SerialImportRejected, readImportForm, rejection } from './serials.js';
import { readSheetRecords, type SheetRecord } from './spreadsheet.js';

type Column = (typeof BATCH_FILE_COLUMNS)[number];
type BatchFields = { productionDate?: string | null; expiryDate?: string | null; bestBeforeDate?: string | null; quantity?: number | null; site?: string | null };
const FIELD_COLUMNS = ['productionDate', 'expiryDate', 'bestBeforeDate', 'quantity', 'site'] as const;

interface LotPlan {
  firstRow: number;
  fields: BatchFields;
  /** The row that gave each field, for "differs from row N". */
  from: Partial<Record<keyof BatchFields, number>>;
  serials: { row: number; value: string; path: string }[];
}

/** The fields a row gives (empty cells give none), or the problems of its cells. */
function rowFields(record: SheetRecord, present: Set<string>): { fields: BatchFields; problems: SerialImportProblem[] } {
  const fields: BatchFields = {};
  const problems: SerialImportProblem[] = [];
  const cell = (name: Column) => (present.has(name) ? record.values[name] : '');
  for (const name of ['productionDate', 'expiryDate', 'bestBeforeDate'] as const) {
    if (cell(name) === '') continue;
    const day = batchFileDay(cell(name));
    if (day === undefined) problems.push({ row: record.row, value: cell(name), message: `${name}: a day as YYYY-MM-DD or YYMMDD.` });
    else fields[name] = day;
  }
  if (cell('quantity') !== '') {
    const quantity = /^\d{1,10}$/.test(cell('quantity')) ? Number(cell('quantity')) : NaN;
    if (!(quantity <= BATCH_QUANTITY_MAX)) problems.push({ row: record.row, value: cell('quantity'), message: `quantity: a whole number up to ${BATCH_QUANTITY_MAX}.` });
    else fields.quantity = quantity;
  }
  if (cell('site') !== '') {
    if (cell('site').length > BATCH_SITE_MAX) problems.push({ row: record.row, value: cell('site').slice(0, 40), message: `site: at most ${BATCH_SITE_MAX} characters.` });
    else fields.site = cell('site');
  }
  return { fields, problems };
}

/** Reads every row into a plan per lot; rows that contradict an earlier row of their lot, or repeat a serial, are problems. */
function planLots(rows: SheetRecord[], present: Set<string>) {
  const lots = new Map<string, LotPlan>();
  const problems: SerialImportProblem[] = [];
  const serialRows = new Map<string, number>();
  for (const record of rows) {
    const lot = record.values.lot;
    const lotIssue = lotProblem(lot);
    if (lotIssue) {
      problems.push({ row: record.row, value: lot, message: LOT_PROBLEM_MESSAGES[lotIssue] });
      continue;
    }
    const { fields, problems: cellProblems } = rowFields(record, present);
    problems.push(...cellProblems);
    let plan = lots.get(lot);
    if (!plan) lots.set(lot, (plan = { firstRow: record.row, fields: {}, from: {}, serials: [] }));
    for (const name of FIELD_COLUMNS) {
      if (fields[name] === undefined) continue;
      if (plan.fields[name] !== undefined && plan.fields[name] !== fields[name]) {
        problems.push({ row: record.row, value: String(fields[name]), message: `${name} differs from row ${plan.from[name]} of lot ${lot}.` });
        continue;
      }
      Object.assign(plan.fields, { [name]: fields[name] });
      plan.from[name] = record.row;
    }
    const serial = present.has('serial') ? record.values.serial : '';
    if (serial === '') continue;
    const serialIssue = serialProblem(serial);
    if (serialIssue) {
      problems.push({ row: record.row, value: serial, message: SERIAL_PROBLEM_MESSAGES[serialIssue] });
      continue;
    }
    const path = qualifierPathOf(SERIAL_AI, serial);
    const earlier = serialRows.get(path);
    if (earlier !== undefined) {
      problems.push({ row: record.row, value: serial, message: `Same serial as row ${earlier}.` });
      continue;
    }
    serialRows.set(path, record.row);
    plan.serials.push({ row: record.row, value: serial, path });
  }
  for (const [lot, plan] of lots) {
    const { productionDate, expiryDate, bestBeforeDate } = plan.fields;
    if (productionDate && expiryDate && expiryDate < productionDate) {
      problems.push({ row: plan.from.expiryDate!, value: expiryDate, message: `The expiry date of lot ${lot} is before its production date.` });
    }
    if (productionDate && bestBeforeDate && bestBeforeDate < productionDate) {
      problems.push({ row: plan.from.bestBeforeDate!, value: bestBeforeDate, message: `The best-before date of lot ${lot} is before its production date.` });
    }
  }
  return { lots, problems };
}

/**
 * `POST /api/service/data/import?type=batch_material`: batches of the entry's product with their
 * serials, from one sheet (columns `lot`, `productionDate`, `expiryDate`, `bestBeforeDate`,
 * `quantity`, `site`, `serial`; one row per serial, or one per batch without serials). All or
 * nothing, as the serial import: new lots are created, the fields a file gives change existing
 * ones, new serials are registered into their batch and registered ones put into it; a serial
 * already in another batch is a problem.
 */
export async function importBatches(db: Db, auth: AuthContext, companyId: number, request: FastifyRequest): Promise<BatchImportResult & { entryPath: string }> {
  const form = await readImportForm(request);
  const parsedFields = serialImportFieldsSchema.safeParse(form.fields);
  const fieldProblems = parsedFields.success ? [] : toFieldErrors(parsedFields.error);
  if (!form.file) fieldProblems.push({ path: 'file', message: 'Required' });
  if (!parsedFields.success || !form.file) throw validationFailed(fieldProblems);

  const entry = await entryForWrite(db, auth, companyId, parsedFields.data);
  const product = await productOfEntry(db, entry.id);
  if (!product) throw notFound();
  const sheet = await readSheetRecords(form.file, BATCH_FILE_COLUMNS);
  if (!sheet.present.has('lot')) throw validationFailed([{ path: 'file', message: 'The file has no lot column.' }]);
  const { lots, problems } = planLots(sheet.rows, sheet.present);

  try {
    return await db.transaction(async (tx) => {
      const found = [...problems];
      const lotNames = [...lots.keys()];
      const existing = new Map<string, typeof batches.$inferSelect>();
      for (let start = 0; start < lotNames.length; start += BATCH) {
        const rows = await tx
          .select()
          .from(batches)
          .where(and(eq(batches.entryId, entry.id), inArray(batches.lot, lotNames.slice(start, start + BATCH))))
          .for('update');
        for (const row of rows) existing.set(row.lot, row);
      }
      // Dates against what is stored: a file giving only an expiry date must still follow the stored production date.
      for (const [lot, plan] of lots) {
        const stored = existing.get(lot);
        if (!stored) continue;
        const production = plan.fields.productionDate ?? stored.productionDate;
        const expiry = plan.fields.expiryDate ?? stored.expiryDate;
        if (production && expiry && expiry < production) found.push({ row: plan.firstRow, value: expiry, message: `The expiry date of lot ${lot} is before its production date.` });
      }

      const serials = [...lots.entries()].flatMap(([lot, plan]) => plan.serials.map((serial) => ({ ...serial, lot })));
      const registered = new Map<string, { id: number; batchId: number | null }>();
      for (let start = 0; start < serials.length; start += BATCH) {
        const paths = serials.slice(start, start + BATCH).map((serial) => serial.path);
        const rows = await tx
          .select({ id: qualifiers.id, path: qualifiers.qualifierPath, batchId: qualifiers.batchId })
          .from(qualifiers)
          .where(and(eq(qualifiers.entryId, entry.id), eq(qualifiers.isDeleted, false), inArray(qualifiers.qualifierPath, paths)));
        for (const row of rows) registered.set(row.path, { id: row.id, batchId: row.batchId });
      }
      for (const serial of serials) {
        const known = registered.get(serial.path);
        const batchId = existing.get(serial.lot)?.id;
        if (known?.batchId != null && known.batchId !== batchId) found.push({ row: serial.row, value: serial.value, message: 'Already in another batch.' });
      }
      if (found.length > 0) throw new SerialImportRejected(rejection(found));

      let created = 0;
      let updated = 0;
      const batchIds = new Map<string, number>();
      for (const [lot, plan] of lots) {
        const stored = existing.get(lot);
        if (stored) {
          batchIds.set(lot, stored.id);
          const changes = Object.entries(plan.fields).filter(([name, value]) => stored[name as keyof BatchFields] !== value);
          if (changes.length > 0) {
            await tx.update(batches).set({ ...Object.fromEntries(changes), updatedAt: new Date() }).where(eq(batches.id, stored.id));
            updated += 1;
          }
          continue;
        }
        const [row] = await tx
          .insert(batches)
          .values({ companyId, productId: product.id, entryId: entry.id, lot, batchPath: batchPathOf(lot), ...plan.fields })
          .returning({ id: batches.id });
        batchIds.set(lot, row.id);
        created += 1;
      }

      const fresh = serials.filter((serial) => !registered.has(serial.path)).map((serial) => ({ p: serial.path, v: serial.value, b: batchIds.get(serial.lot)! }));
      const moved = serials.filter((serial) => registered.get(serial.path)?.batchId === null).map((serial) => ({ id: registered.get(serial.path)!.id, b: batchIds.get(serial.lot)! }));
      // One JSON parameter per statement, as the serial import.
      for (let start = 0; start < fresh.length; start += BATCH) {
        await tx.execute(sql`
          insert into ${qualifiers} (company_id, entry_id, identifier_code, qualifier_path, value, batch_id)
          select ${companyId}, ${entry.id}, ${SERIAL_AI}, p, v, b from jsonb_to_recordset(${JSON.stringify(fresh.slice(start, start + BATCH))}::jsonb) as t(p text, v text, b int)`);
      }
      for (let start = 0; start < moved.length; start += BATCH) {
        await tx.execute(sql`
          update ${qualifiers} set batch_id = t.b
          from jsonb_to_recordset(${JSON.stringify(moved.slice(start, start + BATCH))}::jsonb) as t(id int, b int)
          where ${qualifiers.id} = t.id`);
      }
      return { result: true as const, batches: created, updated, serials: fresh.length + moved.length, entryPath: entry.entryPath };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSerial();
    throw error;
  }
}
