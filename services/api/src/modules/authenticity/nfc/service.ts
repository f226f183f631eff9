import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  NFC_KEY_PATTERN,
  NFC_SDM_EXPORT_MAX_SIZE,
  NFC_TAG_FILE_COLUMNS,
  NFC_UID_PATTERN,
  SERIAL_AI,
  SERIAL_IMPORT_MAX_PROBLEMS,
  qualifierPathOf,
  type NfcSdmForm,
  type NfcTag,
  type SerialImportFailure,
  type SerialImportProblem,
} from '@product-console/shared';
import type { Db } from '../../../db/client.js';
import { conflict, notFound, validationFailed } from '../../../errors.js';
import type { AuthContext } from '../../access/auth-context.js';
import { authorizeProduct } from '../../access/policies.js';
import type { KeySealer } from '../../credentials/keys.js';
import { readSheetRecords } from '../../data/spreadsheet.js';
import { isUniqueViolation } from '../../entries/service.js';
import { productDigitalLink } from '../../links/digital-link.js';
import type { ProductRow } from '../../products/tables.js';
import { readParts } from '../../products/uploads.js';
import { qualifiers } from '../../qualifiers/tables.js';
import { nfcTags } from '../tables.js';
import { activeMasterKeyId, sealImportedKeys } from './keys.js';
import { sdmNdef, sdmUri } from './sdm-form.js';

/** Rows looked up or inserted per statement. */
const BATCH = 5_000;

export interface NfcContext {
  db: Db;
  auth: AuthContext;
  companyId: number;
}

// ---------------------------------------------------------------------------------------------
// Bound tags

/** A page of the product's tags, newest first: UID, serial, key source, last counter and tap. Never a key. */
export async function listTags(context: NfcContext, query: { productId: number; page: number; size: number }): Promise<{ result: NfcTag[]; total: number }> {
  const product = await authorizeProduct(context.db, context.auth, context.companyId, query.productId, 'read');
  const where = and(eq(nfcTags.companyId, context.companyId), eq(nfcTags.productId, product.id));
  const [{ total }] = await context.db.select({ total: count() }).from(nfcTags).where(where);
  const rows = await context.db
    .select({ uid: nfcTags.uid, serial: qualifiers.value, keySource: nfcTags.keySource, lastCounter: nfcTags.lastCounter, lastTapAt: nfcTags.lastTapAt })
    .from(nfcTags)
    .innerJoin(qualifiers, eq(qualifiers.id, nfcTags.qualifierId))
    .where(where)
    .orderBy(desc(nfcTags.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return {
    total: Number(total),
    result: rows.map((row) => ({ ...row, lastCounter: row.lastCounter < 0 ? null : row.lastCounter, lastTapAt: row.lastTapAt?.toISOString() ?? null })),
  };
}

// ---------------------------------------------------------------------------------------------
// The supplier's file

/** An import refused because of its rows; the answer lists them. */
export class TagImportRejected extends Error {
  constructor(readonly failure: SerialImportFailure) {
    super(failure.message);
  }
}

function rejection(problems: SerialImportProblem[]): SerialImportFailure {
  const sorted = problems.sort((a, b) => a.row - b.row);
  const rows = new Set(sorted.map((problem) => problem.row)).size;
  return {
    code: ERROR_CODES.VALIDATION,
    message: `${rows} ${rows === 1 ? 'row' : 'rows'} cannot be imported, so no tag was bound.${sorted.length > SERIAL_IMPORT_MAX_PROBLEMS ? ` The first ${SERIAL_IMPORT_MAX_PROBLEMS} are listed.` : ''}`,
    result: false,
    details: sorted.slice(0, SERIAL_IMPORT_MAX_PROBLEMS),
    more: Math.max(0, sorted.length - SERIAL_IMPORT_MAX_PROBLEMS),
  };
}

interface TagCandidate {
  row: number;
  uid: string;
  serial: string;
  keys: { metaReadKey: string; fileReadKey: string } | null;
}

/** Checks every row on its own and against the rows above it. */
function checkTagRows(rows: { row: number; values: Record<string, string> }[]) {
  const candidates: TagCandidate[] = [];
  const problems: SerialImportProblem[] = [];
  const uidRow = new Map<string, number>();
  const serialRow = new Map<string, number>();
  for (const { row, values } of rows) {
    const uid = values.uid.toUpperCase();
    const { serial, sdmMetaReadKey: metaReadKey, sdmFileReadKey: fileReadKey } = values;
    const before = problems.length;
    if (!NFC_UID_PATTERN.test(uid)) problems.push({ row, value: values.uid, message: 'uid: a UID is 14 hex characters (7 bytes).' });
    else if (uidRow.has(uid)) problems.push({ row, value: values.uid, message: `uid: same UID as row ${uidRow.get(uid)}.` });
    if (serial === '') problems.push({ row, value: serial, message: 'serial: the serial is empty.' });
    else if (serialRow.has(serial)) problems.push({ row, value: serial, message: `serial: same serial as row ${serialRow.get(serial)}.` });
    if ((metaReadKey === '') !== (fileReadKey === '')) {
      problems.push({ row, value: '', message: 'sdmMetaReadKey, sdmFileReadKey: give both keys of the tag, or neither (the master key).' });
    } else {
      if (metaReadKey !== '' && !NFC_KEY_PATTERN.test(metaReadKey)) problems.push({ row, value: '', message: 'sdmMetaReadKey: a key is 32 hex characters (16 bytes).' });
      if (fileReadKey !== '' && !NFC_KEY_PATTERN.test(fileReadKey)) problems.push({ row, value: '', message: 'sdmFileReadKey: a key is 32 hex characters (16 bytes).' });
    }
    if (NFC_UID_PATTERN.test(uid) && !uidRow.has(uid)) uidRow.set(uid, row);
    if (serial !== '' && !serialRow.has(serial)) serialRow.set(serial, row);
    if (problems.length === before) candidates.push({ row, uid, serial, keys: metaReadKey ? { metaReadKey, fileReadKey } : null });
  }
  return { candidates, problems };
}

const jsonList = (values: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * Binds tags to the product's serials from the supplier's file (CSV or xlsx; columns `uid`,
 * `serial`, optionally `sdmMetaReadKey` and `sdmFileReadKey`). Every row is checked (UID, live
 * serial of the product, duplicates in the file, UID or serial already bound, keys); any problem
 * refuses the whole file, else all tags are written in one transaction. Rows without keys use the
 * company's active master key; imported keys are sealed. Neither is ever logged or answered.
 */
export async function importTags(context: NfcContext, sealer: KeySealer, productId: number, request: FastifyRequest): Promise<number> {
  const product = await authorizeProduct(context.db, context.auth, context.companyId, productId, 'write');
  const { raw } = await readParts(request, ['file'], { oneEach: true });
  const file = raw[0]?.data;
  if (!file) throw validationFailed([{ path: 'file', message: 'Required' }]);
  if (product.entryId === null) throw conflict('The product has no GS1 entry, so it has no serials to bind tags to.');
  const entryId = product.entryId;

  const sheet = await readSheetRecords(file, NFC_TAG_FILE_COLUMNS);
  const missing = ['uid', 'serial'].filter((name) => !sheet.present.has(name));
  if (missing.length > 0) throw validationFailed(missing.map((name) => ({ path: 'file', message: `The header row has no \`${name}\` column.` })));
  const checked = checkTagRows(sheet.rows);

  try {
    return await context.db.transaction(async (tx) => {
      const found: SerialImportProblem[] = [...checked.problems];
      const masterKeyId = checked.candidates.some((candidate) => candidate.keys === null) ? await activeMasterKeyId(tx, context.companyId) : null;
      const serialIds = new Map<string, number>();
      for (let start = 0; start < checked.candidates.length; start += BATCH) {
        const batch = checked.candidates.slice(start, start + BATCH);
        const live = await tx
          .select({ id: qualifiers.id, value: qualifiers.value })
          .from(qualifiers)
          .where(
            and(
              eq(qualifiers.entryId, entryId),
              eq(qualifiers.companyId, context.companyId),
              eq(qualifiers.identifierCode, SERIAL_AI),
              eq(qualifiers.isDeleted, false),
              inArray(qualifiers.value, jsonList(batch.map((candidate) => candidate.serial))),
            ),
          );
        for (const row of live) serialIds.set(row.value, row.id);
        const boundUids = await tx
          .select({ uid: nfcTags.uid, serial: qualifiers.value })
          .from(nfcTags)
          .innerJoin(qualifiers, eq(qualifiers.id, nfcTags.qualifierId))
          .where(and(eq(nfcTags.companyId, context.companyId), inArray(nfcTags.uid, jsonList(batch.map((candidate) => candidate.uid)))));
        const boundUid = new Map(boundUids.map((row) => [row.uid, row.serial]));
        const ids = batch.map((candidate) => serialIds.get(candidate.serial)).filter((id): id is number => id !== undefined);
        const boundSerials = new Set(
          ids.length === 0 ? [] : (await tx.select({ id: nfcTags.qualifierId }).from(nfcTags).where(inArray(nfcTags.qualifierId, ids))).map((row) => row.id),
        );
        for (const candidate of batch) {
          const id = serialIds.get(candidate.serial);
          if (id === undefined) found.push({ row: candidate.row, value: candidate.serial, message: 'serial: no live serial of this product has this value.' });
          else if (boundSerials.has(id)) found.push({ row: candidate.row, value: candidate.serial, message: 'serial: this serial already has a tag.' });
          if (boundUid.has(candidate.uid)) found.push({ row: candidate.row, value: candidate.uid, message: `uid: this tag is already bound (serial ${boundUid.get(candidate.uid)}).` });
          if (candidate.keys === null && masterKeyId === null) {
            found.push({ row: candidate.row, value: candidate.uid, message: 'sdmMetaReadKey, sdmFileReadKey: the company has no NFC master key yet; generate it, or give the tag’s keys.' });
          }
        }
      }
      if (found.length > 0) throw new TagImportRejected(rejection(found));

      for (let start = 0; start < checked.candidates.length; start += BATCH) {
        const batch = checked.candidates.slice(start, start + BATCH);
        await tx.insert(nfcTags).values(
          batch.map((candidate) => ({
            companyId: context.companyId,
            productId: product.id,
            qualifierId: serialIds.get(candidate.serial)!,
            uid: candidate.uid,
            keySource: candidate.keys ? ('imported' as const) : ('master' as const),
            masterKeyId: candidate.keys ? null : masterKeyId,
            sealedKeys: candidate.keys ? sealImportedKeys(sealer, candidate.keys) : null,
          })),
        );
      }
      return checked.candidates.length;
    });
  } catch (error) {
    // A tag bound by another request at the same moment.
    if (isUniqueViolation(error)) throw conflict('A tag or serial of this file was bound at the same moment; import the file again.');
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The SDM form for the tag supplier

/** The product for SDM forms: readable by the caller, NFC on, with a GS1 entry and its Digital Link URI. */
async function sdmProduct(context: NfcContext, templateOrigin: string, productId: number): Promise<{ product: ProductRow; entryId: number; digitalLink: string }> {
  const product = await authorizeProduct(context.db, context.auth, context.companyId, productId, 'read');
  if (product.isNfc !== 1) throw conflict('NFC is off for this product: turn it on in the product’s settings first.');
  const digitalLink = await productDigitalLink(context.db, templateOrigin, { productId: product.id, companyId: context.companyId, userId: context.auth.userId });
  if (product.entryId === null || digitalLink === null) throw conflict('The product has no GS1 entry, so it has no serials.');
  return { product, entryId: product.entryId, digitalLink };
}

function formOf(digitalLink: string, serial: string): NfcSdmForm {
  const uri = sdmUri(`${digitalLink}${qualifierPathOf(SERIAL_AI, serial)}`);
  const { ndef, piccDataOffset, sdmMacOffset, sdmMacInputOffset } = sdmNdef(uri);
  return { serial, uri, ndefHex: ndef.toString('hex').toUpperCase(), piccDataOffset, sdmMacOffset, sdmMacInputOffset };
}

/** The SDM form of one live serial of the product (404 for another value). */
export async function serialSdmForm(context: NfcContext, templateOrigin: string, productId: number, serial: string): Promise<NfcSdmForm> {
  const { entryId, digitalLink } = await sdmProduct(context, templateOrigin, productId);
  const [row] = await context.db
    .select({ value: qualifiers.value })
    .from(qualifiers)
    .where(and(eq(qualifiers.entryId, entryId), eq(qualifiers.identifierCode, SERIAL_AI), eq(qualifiers.isDeleted, false), eq(qualifiers.value, serial)));
  if (!row) throw notFound();
  return formOf(digitalLink, row.value);
}

/** The SDM forms of the product's live serials, oldest first: all of them in batches, or one page (`size` defaults to the most). */
export async function sdmFormsForExport(
  context: NfcContext,
  templateOrigin: string,
  query: { productId: number; page?: number; size?: number },
): Promise<{ product: ProductRow; batches: AsyncIterable<NfcSdmForm[]> }> {
  const { product, entryId, digitalLink } = await sdmProduct(context, templateOrigin, query.productId);
  const live = and(eq(qualifiers.entryId, entryId), eq(qualifiers.identifierCode, SERIAL_AI), eq(qualifiers.isDeleted, false));
  const select = () => context.db.select({ id: qualifiers.id, value: qualifiers.value }).from(qualifiers);
  async function* batches(): AsyncGenerator<NfcSdmForm[]> {
    if (query.page !== undefined) {
      const size = query.size ?? NFC_SDM_EXPORT_MAX_SIZE;
      const rows = await select()
        .where(live)
        .orderBy(asc(qualifiers.id))
        .limit(size)
        .offset((query.page - 1) * size);
      yield rows.map((row) => formOf(digitalLink, row.value));
      return;
    }
    let after = 0;
    for (;;) {
      const rows = await select()
        .where(and(live, gt(qualifiers.id, after)))
        .orderBy(asc(qualifiers.id))
        .limit(BATCH);
      if (rows.length === 0) return;
      yield rows.map((row) => formOf(digitalLink, row.value));
      after = rows[rows.length - 1].id;
    }
  }
  return { product, batches: batches() };
}
