import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { validationFailed } from '../../errors.js';

/*
 * Cursor paging of `/api/v1` lists (decision 085): items in the order of their last change, then
 * id, so that a client synchronising with `updatedSince` and then following `next` sees every
 * change once. The cursor is opaque to clients: base64url JSON of the last item's change time (to
 * the microsecond, as PostgreSQL keeps it) and id.
 */

export interface Cursor {
  /** The last item's change time, as PostgreSQL's text of a timestamptz in UTC. */
  t: string;
  id: number;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function decodeCursor(text: string | undefined): Cursor | null {
  if (text === undefined) return null;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof value.t === 'string' && TIME.test(value.t) && Number.isSafeInteger(value.id) && (value.id as number) > 0) {
      return { t: value.t, id: value.id as number };
    }
  } catch {
    // Falls through to the field error.
  }
  throw validationFailed([{ path: 'cursor', message: 'Not a cursor this API gave' }]);
}

/** A timestamptz column as the cursor's text: UTC, microseconds. */
export const cursorTime = (column: AnyColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows after the cursor in (time, id) order. */
export const afterCursor = (time: AnyColumn | SQL, id: AnyColumn, cursor: Cursor) => sql`(${time}, ${id}) > (${cursor.t}::timestamptz, ${cursor.id})`;

/** One page from `limit + 1` rows read: the page, and the cursor of its last item when more follow. */
export function pageOf<Row extends { cursorTime: string; id: number }>(rows: Row[], limit: number): { rows: Row[]; next: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { rows: page, next: more && last ? encodeCursor({ t: last.cursorTime, id: last.id }) : null };
}
