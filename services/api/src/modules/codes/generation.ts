import { and, eq, sql } from 'drizzle-orm';
import { SERIAL_AI, qualifierPathOf, sequentialSerial, serialGenerationBodySchema, type SerialGenerationBody } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { batches } from '../batches/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { randomSerials, sequentialSerials } from './serial-generator.js';
import { codeJobs, type CodeJobRow } from './tables.js';

/** Serials inserted per statement, sent as one JSON parameter (as the serial import does). */
const CHUNK = 10_000;
/** Rounds of fresh random serials for those that collided; at 40 bits one round is nearly always enough. */
const RANDOM_ROUNDS = 20;

/** A generation that cannot be done as asked: the job fails with this message and nothing is created. */
export class GenerationRefused extends Error {}

export interface GenerationOutcome {
  created: number;
  first: string;
  last: string;
  fromId: number;
  toId: number;
}

type Progress = (done: number) => Promise<void>;

interface Inserted {
  id: number;
  value: string;
}

/**
 * Inserts the chunk's serials that are free; answers those inserted (a live duplicate is skipped
 * by the unique index of live paths, so two writers at once cannot both register one serial).
 */
async function insertFree(tx: Db, row: CodeJobRow, entryId: number, values: readonly string[]): Promise<Inserted[]> {
  const rows = values.map((value) => ({ p: qualifierPathOf(SERIAL_AI, value), v: value }));
  const batchId = (row.request as { batchId?: number }).batchId ?? null;
  const result = await tx.execute(sql`
    insert into ${qualifiers} (company_id, entry_id, identifier_code, qualifier_path, value, batch_id)
    select ${row.companyId}, ${entryId}, ${SERIAL_AI}, p, v, ${batchId}::int from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(p text, v text)
    on conflict (entry_id, qualifier_path) where is_deleted = false do nothing
    returning id, value`);
  return (result as unknown as { rows: Inserted[] }).rows;
}

/** The chunk's serials that are live serials of the entry already, at most `limit`. */
async function taken(tx: Db, entryId: number, values: readonly string[], limit: number): Promise<string[]> {
  const paths = values.map((value) => qualifierPathOf(SERIAL_AI, value));
  const rows = await tx
    .select({ value: qualifiers.value })
    .from(qualifiers)
    .where(
      and(
        eq(qualifiers.entryId, entryId),
        eq(qualifiers.isDeleted, false),
        sql`${qualifiers.qualifierPath} in (select jsonb_array_elements_text(${JSON.stringify(paths)}::jsonb))`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.value);
}

function chunksOf<T>(items: Iterable<T>, size: number): Generator<T[]> {
  return (function* () {
    let chunk: T[] = [];
    for (const item of items) {
      chunk.push(item);
      if (chunk.length === size) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length > 0) yield chunk;
  })();
}

/**
 * A sequential run, all or none: a number already registered refuses the whole run (the user
 * picks another start or prefix), so the serials made are exactly the numbers asked for.
 */
async function generateSequential(tx: Db, row: CodeJobRow, entryId: number, body: Extract<SerialGenerationBody, { mode: 'sequential' }>, progress: Progress) {
  const made: number[] = [];
  for (const chunk of chunksOf(sequentialSerials(body), CHUNK)) {
    const inserted = await insertFree(tx, row, entryId, chunk);
    if (inserted.length < chunk.length) {
      const already = await taken(tx, entryId, chunk, 3);
      throw new GenerationRefused(`Some of these serials are registered already (${already.join(', ')}), so none was created. Choose another start or prefix.`);
    }
    for (const { id } of inserted) made.push(id);
    await progress(made.length);
  }
  return { count: made.length, ids: made, first: sequentialSerial(body.prefix, body.start, body.padding), last: sequentialSerial(body.prefix, body.start + body.count - 1, body.padding) };
}

/** Random serials: those that collide with a registered one (or each other) are drawn again. */
async function generateRandom(tx: Db, row: CodeJobRow, entryId: number, body: Extract<SerialGenerationBody, { mode: 'random' }>, progress: Progress) {
  let created = 0;
  let first = '';
  let last = '';
  const ids: number[] = [];
  for (let round = 0; created < body.count; round += 1) {
    if (round === RANDOM_ROUNDS) throw new GenerationRefused('Too few free serials are left with this prefix, alphabet and length. Choose a longer serial.');
    for (const chunk of chunksOf(randomSerials(body.alphabet, body.length, body.prefix, body.count - created), CHUNK)) {
      const inserted = await insertFree(tx, row, entryId, [...new Set(chunk)]);
      if (inserted.length > 0) {
        if (created === 0) first = inserted[0].value;
        last = inserted[inserted.length - 1].value;
      }
      created += inserted.length;
      for (const { id } of inserted) ids.push(id);
      await progress(created);
    }
  }
  return { count: created, ids, first, last };
}

/**
 * Makes the serials a generation job asks for, in one transaction: all of them are registered,
 * or (a refusal, a failure) none. `progress` is told how many are made after each chunk; `done`
 * records the outcome in the same transaction, so a job run again after a crash finds it done
 * and never makes its serials twice. Answers null when the job was done already.
 */
export async function generateSerials(
  db: Db,
  row: CodeJobRow,
  entryId: number,
  progress: Progress,
  done: (tx: Db, outcome: GenerationOutcome) => Promise<void>,
): Promise<GenerationOutcome | null> {
  const body = serialGenerationBodySchema.parse({ ...row.request, productId: row.productId });
  return db.transaction(async (tx) => {
    // Two runs of one job (one thought lost) take turns; the row itself stays free for the progress writes.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code-job:${row.id}`}))`);
    const [current] = await tx.select({ status: codeJobs.status }).from(codeJobs).where(eq(codeJobs.id, row.id));
    if (!current || current.status === 'done' || current.status === 'failed') return null;
    if (body.batchId !== undefined) {
      const [batch] = await tx.select({ id: batches.id }).from(batches).where(and(eq(batches.id, body.batchId), eq(batches.productId, row.productId)));
      if (!batch) throw new GenerationRefused('The batch has been deleted, so no serial was created.');
    }
    const made = body.mode === 'sequential' ? await generateSequential(tx, row, entryId, body, progress) : await generateRandom(tx, row, entryId, body, progress);
    let fromId = Number.POSITIVE_INFINITY;
    let toId = 0;
    for (const id of made.ids) {
      if (id < fromId) fromId = id;
      if (id > toId) toId = id;
    }
    const outcome = { created: made.count, first: made.first, last: made.last, fromId, toId };
    await done(tx, outcome);
    return outcome;
  });
}
