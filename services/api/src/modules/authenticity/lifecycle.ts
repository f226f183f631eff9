import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  SERIAL_AI,
  SERIAL_IMPORT_MAX_PROBLEMS,
  SERIAL_PROBLEM_MESSAGES,
  serialProblem,
  serialStatusUploadFieldsSchema,
  toFieldErrors,
  type SerialImportFailure,
  type SerialImportProblem,
  type SerialStatusBody,
  type SerialStatusBulkBody,
  type SerialStatusHistoryItem,
  type SerialStatusResult,
  type SerialStatusValue,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { notFound, validationFailed } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { productOfEntry } from '../access/policies.js';
import { users } from '../auth/tables.js';
import { readSerialColumn } from '../data/spreadsheet.js';
import type { EntryRow } from '../entries/tables.js';
import { readParts } from '../products/uploads.js';
import { entryForRead, entryForWrite } from '../qualifiers/service.js';
import { qualifiers } from '../qualifiers/tables.js';
import { recordSerialStatusWebhook, SERIAL_STATUS_WEBHOOK_SERIALS_MAX, setSerialStatus } from './serial-status.js';
import type { WebhookSender } from '../webhooks/outbox.js';
import { serialStatusChanges } from './tables.js';

/*
 * Serial lifecycle (decision 070): one serial, a selection or an uploaded list of a product's
 * serials changes status in one transaction through `setSerialStatus`; every serial named is
 * checked first, and one unknown serial changes nothing. The routes answer `x-resolver-invalidate`
 * with the entry path once committed.
 */

/** Serials looked up or changed per statement (`setSerialStatus` sends its ids as parameters). */
const BATCH = 5_000;
/** Most history rows one read answers (a serial changes status a handful of times). */
const HISTORY_MAX = 500;

/** An uploaded list refused because of its lines; the answer lists them. */
export class SerialStatusListRejected extends Error {
  constructor(readonly failure: SerialImportFailure) {
    super(failure.message);
  }
}

function rejection(problems: SerialImportProblem[]): SerialImportFailure {
  const sorted = problems.sort((a, b) => a.row - b.row);
  const rows = new Set(sorted.map((problem) => problem.row)).size;
  return {
    code: ERROR_CODES.VALIDATION,
    message: `${rows} ${rows === 1 ? 'line names' : 'lines name'} no registered serial of this product, so no status changed.${sorted.length > SERIAL_IMPORT_MAX_PROBLEMS ? ` The first ${SERIAL_IMPORT_MAX_PROBLEMS} are listed.` : ''}`,
    result: false,
    details: sorted.slice(0, SERIAL_IMPORT_MAX_PROBLEMS),
    more: Math.max(0, sorted.length - SERIAL_IMPORT_MAX_PROBLEMS),
  };
}

interface Target {
  entry: EntryRow;
  productId: number;
}

/** The entry the caller may write (its path checked) and its product: a status belongs to a product's serial. */
async function targetFor(db: Db, auth: AuthContext, companyId: number, ref: { entryId: number; entryPath: string }): Promise<Target> {
  const entry = await entryForWrite(db, auth, companyId, ref);
  const product = await productOfEntry(db, entry.id);
  if (!product) throw validationFailed([{ path: 'entryId', message: 'This entry belongs to no product: only the serials of a product have a status.' }]);
  return { entry, productId: product.id };
}

/** Who changes it: the id and name kept in the history (the account may go later). */
async function changedByOf(db: Db, userId: number): Promise<{ id: number; name: string }> {
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
  return { id: userId, name: user ? `${user.firstName} ${user.lastName}`.trim() || user.email : '' };
}

const liveOf = (entryId: number) => and(eq(qualifiers.entryId, entryId), eq(qualifiers.isDeleted, false), eq(qualifiers.identifierCode, SERIAL_AI));

async function applyStatus(
  tx: Db,
  target: Target,
  companyId: number,
  qualifierIds: number[],
  change: { status: SerialStatusValue; reason: string | null; changedBy: { id: number; name: string } },
  jobs: WebhookSender,
): Promise<SerialStatusResult> {
  let changed = 0;
  const serials: string[] = [];
  for (let start = 0; start < qualifierIds.length; start += BATCH) {
    const done = await setSerialStatus(tx, {
      companyId,
      productId: target.productId,
      qualifierIds: qualifierIds.slice(start, start + BATCH),
      to: change.status,
      reason: change.reason,
      changedBy: change.changedBy,
    });
    changed += done.length;
    for (const serial of done) if (serials.length < SERIAL_STATUS_WEBHOOK_SERIALS_MAX) serials.push(serial.serial);
  }
  if (changed > 0) await recordSerialStatusWebhook(tx, jobs, companyId, target.productId, { status: change.status, reason: change.reason, changed, serials });
  return { result: true, changed, unchanged: qualifierIds.length - changed };
}

const reasonOf = (body: { status: SerialStatusValue; reason?: string }) => (body.reason ? body.reason : null);

/** `PUT /api/entry/qualifiers/status`: one live serial of the entry (else 404). */
export async function changeSerialStatus(db: Db, jobs: WebhookSender, auth: AuthContext, companyId: number, body: SerialStatusBody): Promise<{ outcome: SerialStatusResult; entryPath: string }> {
  const target = await targetFor(db, auth, companyId, body);
  const changedBy = await changedByOf(db, auth.userId);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: qualifiers.id })
      .from(qualifiers)
      .where(and(liveOf(target.entry.id), eq(qualifiers.id, body.qualifierId)));
    if (!row) throw notFound();
    return applyStatus(tx, target, companyId, [row.id], { status: body.status, reason: reasonOf(body), changedBy }, jobs);
  });
  return { outcome, entryPath: target.entry.entryPath };
}

/** `PUT /api/entry/qualifiers/status/bulk`: every id must be a live serial of the entry (else 400 per id, nothing changes). */
export async function changeSelectionStatus(db: Db, jobs: WebhookSender, auth: AuthContext, companyId: number, body: SerialStatusBulkBody): Promise<{ outcome: SerialStatusResult; entryPath: string }> {
  const target = await targetFor(db, auth, companyId, body);
  const changedBy = await changedByOf(db, auth.userId);
  const ids = [...new Set(body.qualifierIds)];
  const outcome = await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: qualifiers.id })
      .from(qualifiers)
      .where(and(liveOf(target.entry.id), inArray(qualifiers.id, ids)));
    const known = new Set(found.map((row) => row.id));
    const problems = body.qualifierIds.flatMap((id, index) => (known.has(id) ? [] : [{ path: `qualifierIds.${index}`, message: 'Not a registered serial of this product.' }]));
    if (problems.length > 0) throw validationFailed(problems);
    return applyStatus(tx, target, companyId, ids, { status: body.status, reason: reasonOf(body), changedBy }, jobs);
  });
  return { outcome, entryPath: target.entry.entryPath };
}

/**
 * `POST /api/entry/qualifiers/status/upload`: a list of serial values (xlsx, CSV or plain text,
 * one per line; a `serial` heading is optional). Every line must name a live serial of the
 * entry; a line that does not is listed (row, value, why) and nothing changes. A serial named
 * twice changes once.
 */
export async function changeListedStatus(db: Db, jobs: WebhookSender, auth: AuthContext, companyId: number, request: FastifyRequest): Promise<{ outcome: SerialStatusResult; entryPath: string }> {
  const { fields, raw } = await readParts(request, ['file'], { oneEach: true });
  const parsed = serialStatusUploadFieldsSchema.safeParse(fields);
  const file = raw[0]?.data;
  const problems = parsed.success ? [] : toFieldErrors(parsed.error);
  if (!file) problems.push({ path: 'file', message: 'Required' });
  if (!parsed.success || !file) throw validationFailed(problems);

  const target = await targetFor(db, auth, companyId, parsed.data);
  const lines = await readSerialColumn(file, { headerOptional: true });
  const changedBy = await changedByOf(db, auth.userId);

  const found: SerialImportProblem[] = [];
  const candidates: { row: number; value: string }[] = [];
  for (const line of lines) {
    const problem = serialProblem(line.value);
    if (problem) found.push({ row: line.row, value: line.value, message: SERIAL_PROBLEM_MESSAGES[problem] });
    else candidates.push(line);
  }

  const outcome = await db.transaction(async (tx) => {
    const idOf = new Map<string, number>();
    const values = [...new Set(candidates.map((line) => line.value))];
    for (let start = 0; start < values.length; start += BATCH) {
      const batch = values.slice(start, start + BATCH);
      const rows = await tx
        .select({ id: qualifiers.id, value: qualifiers.value })
        .from(qualifiers)
        .where(and(liveOf(target.entry.id), sql`${qualifiers.value} in (select jsonb_array_elements_text(${JSON.stringify(batch)}::jsonb))`));
      for (const row of rows) idOf.set(row.value, row.id);
    }
    for (const line of candidates) {
      if (!idOf.has(line.value)) found.push({ row: line.row, value: line.value, message: 'Not a registered serial of this product.' });
    }
    if (found.length > 0) throw new SerialStatusListRejected(rejection(found));
    const ids = [...new Set(candidates.map((line) => idOf.get(line.value)!))];
    return applyStatus(tx, target, companyId, ids, { status: parsed.data.status, reason: reasonOf(parsed.data), changedBy }, jobs);
  });
  return { outcome, entryPath: target.entry.entryPath };
}

/** `GET /api/entry/qualifiers/status/history`: a serial's status changes, newest first (deleted serials keep theirs). */
export async function serialStatusHistory(db: Db, auth: AuthContext, companyId: number, entryId: number, qualifierId: number): Promise<SerialStatusHistoryItem[]> {
  const entry = await entryForRead(db, auth, companyId, entryId);
  const [serial] = await db
    .select({ id: qualifiers.id })
    .from(qualifiers)
    .where(and(eq(qualifiers.id, qualifierId), eq(qualifiers.entryId, entry.id)));
  if (!serial) throw notFound();
  const rows = await db
    .select()
    .from(serialStatusChanges)
    .where(eq(serialStatusChanges.qualifierId, serial.id))
    .orderBy(desc(serialStatusChanges.changedAt), desc(serialStatusChanges.id))
    .limit(HISTORY_MAX);
  return rows.map((row) => ({
    id: row.id,
    fromStatus: row.fromStatus as SerialStatusValue,
    toStatus: row.toStatus as SerialStatusValue,
    reason: row.reason,
    changedBy: row.changedByName,
    changedAt: row.changedAt.toISOString(),
  }));
}
