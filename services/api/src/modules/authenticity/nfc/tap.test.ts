import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERIAL_AI, qualifierPathOf } from '@product-console/shared';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { demoSetUp } from '../../../test/demo.js';
import { products } from '../../products/tables.js';
import { qualifiers } from '../../qualifiers/tables.js';
import { nfcTags, nfcTaps } from '../tables.js';
import { generateMasterKey, sealImportedKeys } from './keys.js';
import { masterTagKeys, simulatedTap } from './simulated-tag.js';
import { checkTap, type TapTarget } from './tap.js';

let t: TestApp;
let product: { productId: number; entryId: number; companyId: number };
let nextSerial = 1;
let nextUid = 1;

const newUid = () => `04A1B2C3${(nextUid++).toString(16).toUpperCase().padStart(6, '0')}`;

async function addSerial(): Promise<TapTarget> {
  const serial = `NFC${nextSerial++}`;
  const [row] = await t.app.db
    .insert(qualifiers)
    .values({ companyId: product.companyId, entryId: product.entryId, identifierCode: SERIAL_AI, qualifierPath: qualifierPathOf(SERIAL_AI, serial), value: serial })
    .returning({ id: qualifiers.id });
  return { companyId: product.companyId, productId: product.productId, qualifierId: row.id, serial };
}

/** A serial with a tag keyed from the master key, and the keys its encoder wrote. */
async function masterTag(master: { id: number; key: string }) {
  const target = await addSerial();
  const uid = newUid();
  await t.app.db.insert(nfcTags).values({ companyId: target.companyId, productId: target.productId, qualifierId: target.qualifierId, uid, keySource: 'master', masterKeyId: master.id });
  return { target, uid, keys: masterTagKeys(master.key, uid) };
}

/** A serial with a tag of its own imported keys. */
async function importedTag() {
  const target = await addSerial();
  const uid = newUid();
  const keys = { metaReadKey: '42AFF114F2CB3B6141BE6DC95DFC5416', fileReadKey: 'B62A9BAF092439BD43C62AEE96B970C5' };
  await t.app.db.insert(nfcTags).values({
    companyId: target.companyId,
    productId: target.productId,
    qualifierId: target.qualifierId,
    uid,
    keySource: 'imported',
    sealedKeys: sealImportedKeys(t.app.nfcKeySealer, keys),
  });
  return { target, uid, keys };
}

const check = (target: TapTarget, tap: { piccData: string; cmac: string }, country: string | null = 'DE') => checkTap(t.app.db, t.app.nfcKeySealer, target, tap, country);

const tapsOf = (serial: string) =>
  t.app.db.select().from(nfcTaps).where(and(eq(nfcTaps.productId, product.productId), eq(nfcTaps.serial, serial))).orderBy(asc(nfcTaps.id));

let master: { id: number; key: string };

beforeAll(async () => {
  t = await createTestApp();
  const { projectIds } = await demoSetUp(t.app);
  const [row] = await t.app.db.select().from(products).where(eq(products.projectId, projectIds.Camping)).limit(1);
  product = { productId: row.id, entryId: row.entryId!, companyId: row.companyId };
  master = await generateMasterKey(t.app.db, t.app.nfcKeySealer, product.companyId);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('checkTap', () => {
  it('accepts a first tap as genuine, records it and refuses the same URL again as replayed', async () => {
    const { target, uid, keys } = await masterTag(master);
    const tap = simulatedTap({ uid, counter: 5, ...keys });
    expect(await check(target, tap)).toEqual({ result: 'genuine', counter: 5 });
    expect(await check(target, tap)).toEqual({ result: 'replayed', counter: 5 });
    // A lower counter is a replay too; a higher one is a new tap.
    expect(await check(target, simulatedTap({ uid, counter: 4, ...keys }))).toEqual({ result: 'replayed', counter: 4 });
    expect(await check(target, simulatedTap({ uid, counter: 6, ...keys }))).toEqual({ result: 'genuine', counter: 6 });

    const [tag] = await t.app.db.select().from(nfcTags).where(eq(nfcTags.qualifierId, target.qualifierId));
    expect(tag.lastCounter).toBe(6);
    expect(tag.lastTapAt).not.toBeNull();
    const taps = await tapsOf(target.serial);
    expect(taps.map((row) => [row.result, row.counter, row.uid, row.country])).toEqual([
      ['genuine', 5, uid, 'DE'],
      ['replayed', 5, uid, 'DE'],
      ['replayed', 4, uid, 'DE'],
      ['genuine', 6, uid, 'DE'],
    ]);
  });

  it('refuses an altered MAC as badMac and leaves the counter alone', async () => {
    const { target, uid, keys } = await masterTag(master);
    const tap = simulatedTap({ uid, counter: 1, ...keys });
    const altered = { ...tap, cmac: `${tap.cmac.slice(0, 15)}${tap.cmac.endsWith('0') ? '1' : '0'}` };
    expect(await check(target, altered)).toEqual({ result: 'badMac', counter: 1 });
    // A MAC made with another file-read key (a cloned tag has no key).
    expect(await check(target, simulatedTap({ uid, counter: 1, metaReadKey: keys.metaReadKey, fileReadKey: '00'.repeat(16) }))).toMatchObject({ result: 'badMac' });
    expect(await check(target, tap)).toEqual({ result: 'genuine', counter: 1 });
  });

  it("answers otherSerial for serial A's tag presented on serial B's URL", async () => {
    const a = await masterTag(master);
    const b = await masterTag(master);
    const tapOfA = simulatedTap({ uid: a.uid, counter: 3, ...a.keys });
    expect(await check(b.target, tapOfA)).toEqual({ result: 'otherSerial', counter: 3 });
    // The tap was not spent on B: it is still genuine on A's own URL.
    expect(await check(a.target, tapOfA)).toEqual({ result: 'genuine', counter: 3 });
    // An unknown UID under the company's key is no tag of it.
    expect(await check(b.target, simulatedTap({ uid: '04FFFFFFFFFFFF', counter: 3, ...masterTagKeys(master.key, '04FFFFFFFFFFFF') }))).toEqual({
      result: 'badMac',
      counter: null,
    });
  });

  it('answers unknownTag for a serial without a tag and malformed for a broken tap', async () => {
    const bare = await addSerial();
    const { target, uid, keys } = await masterTag(master);
    const tap = simulatedTap({ uid, counter: 1, ...keys });
    expect(await check(bare, tap)).toEqual({ result: 'unknownTag', counter: null });
    expect(await check(target, { ...tap, piccData: 'XYZ' })).toEqual({ result: 'malformed', counter: null });
    expect(await check(target, { ...tap, cmac: tap.cmac.slice(2) })).toEqual({ result: 'malformed', counter: null });
    // PICCData under another meta-read key decrypts to another tag byte.
    expect(await check(target, simulatedTap({ uid, counter: 1, metaReadKey: '11'.repeat(16), fileReadKey: keys.fileReadKey }))).toEqual({
      result: 'malformed',
      counter: null,
    });
    expect((await tapsOf(bare.serial)).map((row) => row.result)).toEqual(['unknownTag']);
  });

  it('accepts a counter once when two taps carry it at the same moment', async () => {
    const { target, uid, keys } = await masterTag(master);
    const tap = simulatedTap({ uid, counter: 9, ...keys });
    const verdicts = await Promise.all(Array.from({ length: 4 }, () => check(target, tap)));
    expect(verdicts.filter((verdict) => verdict.result === 'genuine')).toHaveLength(1);
    expect(verdicts.filter((verdict) => verdict.result === 'replayed')).toHaveLength(3);
  });

  it('verifies tags with imported keys', async () => {
    const { target, uid, keys } = await importedTag();
    expect(await check(target, simulatedTap({ uid, counter: 1, ...keys }))).toEqual({ result: 'genuine', counter: 1 });
    expect(await check(target, simulatedTap({ uid, counter: 1, ...keys }))).toEqual({ result: 'replayed', counter: 1 });
    // A master-keyed tag of the company presented on this serial is recognised as another serial's tag.
    const other = await masterTag(master);
    expect(await check(target, simulatedTap({ uid: other.uid, counter: 2, ...other.keys }))).toEqual({ result: 'otherSerial', counter: 2 });
  });

  it("keeps verifying a rotated master key's tags, and keys new tags from the new one", async () => {
    const before = await masterTag(master);
    const rotated = await generateMasterKey(t.app.db, t.app.nfcKeySealer, product.companyId);
    expect(rotated.key).not.toBe(master.key);
    const after = await masterTag(rotated);
    expect(await check(before.target, simulatedTap({ uid: before.uid, counter: 1, ...before.keys }))).toEqual({ result: 'genuine', counter: 1 });
    expect(await check(after.target, simulatedTap({ uid: after.uid, counter: 1, ...after.keys }))).toEqual({ result: 'genuine', counter: 1 });
    // The old key's derivation does not fit a new tag.
    const wrong = masterTagKeys(master.key, after.uid);
    expect(await check(after.target, simulatedTap({ uid: after.uid, counter: 2, ...wrong }))).toMatchObject({ result: 'malformed' });
    master = rotated;
  });
});
