import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  PLACES_PER_COMPANY_MAX,
  PLACE_DEPTH_MAX,
  PLACE_FILE_COLUMNS,
  PLACE_IMPORT_MAX_ROWS,
  PLACE_TYPES,
  placeCreateBodySchema,
  placeIdentifier,
  type PlaceImportResult,
  type SerialImportProblem,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { validationFailed } from '../../errors.js';
import { SerialImportRejected, readImportForm, rejection } from '../data/serials.js';
import { readSheetRecords, type SheetRecord } from '../data/spreadsheet.js';
import { fieldAttributes } from './service.js';
import { places, type PlaceRow } from './tables.js';

/*
 * `POST /api/trace/places/import`: places from an .xlsx or .csv file, read by the same sheet reader
 * as the serial and batch imports, all or nothing. A row is a place by GLN (and extension); a GLN the
 * company keeps already is updated with the row's fields, a new one created. `parentGln` (and
 * `parentExtension`) name the place it is inside: one of the file or one the company keeps.
 */

interface PlannedPlace {
  row: number;
  identifier: string;
  parentIdentifier: string | null;
  columns: Omit<typeof places.$inferInsert, 'companyId'>;
}

const numberCell = (value: string) => (value === '' ? null : Number(value.replace(',', '.')));

function planRow(record: SheetRecord): { plan?: PlannedPlace; problems: SerialImportProblem[] } {
  const cell = (name: (typeof PLACE_FILE_COLUMNS)[number]) => record.values[name] ?? '';
  const type = cell('type').toLowerCase().replace(/[\s-]+/g, '_');
  const body = {
    gln: cell('gln'),
    extension: cell('extension') || null,
    name: cell('name'),
    type: type === '' ? undefined : type === 'distribution_center' ? 'distribution_centre' : type,
    streetAddress: cell('streetAddress') || null,
    city: cell('city') || null,
    postalCode: cell('postalCode') || null,
    region: cell('region') || null,
    countryCode: cell('countryCode') ? cell('countryCode').toUpperCase() : null,
    latitude: numberCell(cell('latitude')),
    longitude: numberCell(cell('longitude')),
  };
  const parsed = placeCreateBodySchema.safeParse(body);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => {
        const field = String(issue.path[0] ?? 'gln');
        const message = field === 'type' ? `type: one of ${PLACE_TYPES.join(', ')}.` : `${field}: ${issue.message}`;
        return { row: record.row, value: String((body as Record<string, unknown>)[field] ?? '').slice(0, 40), message };
      }),
    };
  }
  const data = parsed.data;
  const parentGln = cell('parentGln');
  const parentIdentifier = parentGln === '' ? null : placeIdentifier(parentGln, cell('parentExtension') || null);
  return {
    plan: {
      row: record.row,
      identifier: placeIdentifier(data.gln, data.extension ?? null),
      parentIdentifier,
      columns: {
        identifier: placeIdentifier(data.gln, data.extension ?? null),
        gln: data.gln,
        extension: data.extension ?? null,
        name: data.name,
        type: data.type,
        streetAddress: data.streetAddress ?? null,
        city: data.city ?? null,
        postalCode: data.postalCode ?? null,
        region: data.region ?? null,
        countryCode: data.countryCode ?? null,
        latitude: data.latitude ?? null,
        longitude: data.longitude ?? null,
      },
    },
    problems: [],
  };
}

/** Whether following parents from `start` in `parentOf` comes back to `start` or goes deeper than PLACE_DEPTH_MAX. */
function cyclesOrTooDeep(start: number, parentOf: Map<number, number | null>): boolean {
  let current = parentOf.get(start) ?? null;
  for (let depth = 1; current !== null; depth += 1) {
    if (current === start || depth >= PLACE_DEPTH_MAX) return true;
    current = parentOf.get(current) ?? null;
  }
  return false;
}

export async function importPlaces(db: Db, companyId: number, request: FastifyRequest): Promise<PlaceImportResult> {
  const form = await readImportForm(request);
  if (!form.file) throw validationFailed([{ path: 'file', message: 'Required' }]);
  const sheet = await readSheetRecords(form.file, PLACE_FILE_COLUMNS);
  for (const column of ['gln', 'name'] as const) {
    if (!sheet.present.has(column)) throw validationFailed([{ path: 'file', message: `The file has no ${column} column.` }]);
  }
  if (sheet.rows.length > PLACE_IMPORT_MAX_ROWS) throw validationFailed([{ path: 'file', message: `A file may hold at most ${PLACE_IMPORT_MAX_ROWS} places.` }]);

  const problems: SerialImportProblem[] = [];
  const plans = new Map<string, PlannedPlace>();
  for (const record of sheet.rows) {
    const { plan, problems: rowProblems } = planRow(record);
    problems.push(...rowProblems);
    if (!plan) continue;
    const earlier = plans.get(plan.identifier);
    if (earlier) problems.push({ row: record.row, value: plan.columns.gln ?? '', message: `Same GLN and extension as row ${earlier.row}.` });
    else plans.set(plan.identifier, plan);
  }

  return db.transaction(async (tx) => {
    const wanted = [...new Set([...plans.keys(), ...[...plans.values()].flatMap((plan) => (plan.parentIdentifier ? [plan.parentIdentifier] : []))])];
    const existing = new Map<string, PlaceRow>();
    for (let start = 0; start < wanted.length; start += 1_000) {
      const rows = await tx
        .select()
        .from(places)
        .where(and(eq(places.companyId, companyId), inArray(places.identifier, wanted.slice(start, start + 1_000))))
        .for('update');
      for (const row of rows) existing.set(row.identifier, row);
    }
    for (const plan of plans.values()) {
      if (plan.parentIdentifier && !plans.has(plan.parentIdentifier) && !existing.has(plan.parentIdentifier)) {
        problems.push({ row: plan.row, value: plan.parentIdentifier.replace('https://id.gs1.org/414/', ''), message: 'parentGln: no such place in the file or the company.' });
      }
    }
    const created = [...plans.keys()].filter((identifier) => !existing.has(identifier)).length;
    const [{ total }] = await tx.select({ total: count() }).from(places).where(eq(places.companyId, companyId));
    if (total + created > PLACES_PER_COMPANY_MAX) throw validationFailed([{ path: 'file', message: `A company keeps at most ${PLACES_PER_COMPANY_MAX} places.` }]);
    if (problems.length > 0) throw new SerialImportRejected(rejection(problems));

    const now = new Date();
    const ids = new Map<string, number>();
    for (const plan of plans.values()) {
      const stored = existing.get(plan.identifier);
      if (stored) {
        await tx
          .update(places)
          .set({ ...plan.columns, attributes: { ...stored.attributes, ...fieldAttributes(plan.columns as PlaceRow) }, updatedAt: now })
          .where(eq(places.id, stored.id));
        ids.set(plan.identifier, stored.id);
      } else {
        const [row] = await tx
          .insert(places)
          .values({ ...plan.columns, companyId, origin: 'console', attributes: fieldAttributes(plan.columns as PlaceRow) })
          .returning({ id: places.id });
        ids.set(plan.identifier, row.id);
      }
    }
    for (const row of existing.values()) if (!ids.has(row.identifier)) ids.set(row.identifier, row.id);

    // Parents once every place has its id: a file may name a parent below the place.
    for (const plan of plans.values()) {
      const parentId = plan.parentIdentifier ? ids.get(plan.parentIdentifier)! : null;
      await tx.update(places).set({ parentId }).where(eq(places.id, ids.get(plan.identifier)!));
    }
    const all = await tx.select({ id: places.id, parentId: places.parentId }).from(places).where(eq(places.companyId, companyId));
    const parentOf = new Map(all.map((row) => [row.id, row.parentId]));
    for (const plan of plans.values()) {
      if (plan.parentIdentifier && cyclesOrTooDeep(ids.get(plan.identifier)!, parentOf)) {
        problems.push({ row: plan.row, value: plan.parentIdentifier.replace('https://id.gs1.org/414/', ''), message: `parentGln: the place would be inside itself, or more than ${PLACE_DEPTH_MAX} levels deep.` });
      }
    }
    if (problems.length > 0) throw new SerialImportRejected(rejection(problems));
    return { result: true as const, created, updated: plans.size - created };
  });
}
