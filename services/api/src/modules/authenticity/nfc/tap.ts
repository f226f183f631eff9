import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { KeySealer } from '../../credentials/keys.js';
import { nfcTags, nfcTaps } from '../tables.js';
import { decryptPiccData, hexBytes, macMatches, PICC_DATA_TAG_UID_COUNTER, sdmMac, type PiccData } from './crypto.js';
import { companyMetaReadKeys, tagKeys } from './keys.js';

export type TapVerdict =
  | { result: 'genuine'; counter: number }
  | { result: 'replayed' | 'badMac' | 'otherSerial' | 'unknownTag' | 'malformed'; counter: number | null };

export type TapResult = TapVerdict['result'];

export interface TapTarget {
  companyId: number;
  productId: number;
  /** The serial (`qualifiers` row) the tapped URL names. */
  qualifierId: number;
  serial: string;
}

/** The `picc_data` and `cmac` query parameters of a tapped URL, as given. */
export interface TapParameters {
  piccData: string;
  cmac: string;
}

const uidHex = (uid: Buffer) => uid.toString('hex').toUpperCase();

/** The company's tag with this UID, if any (a tag of another serial when its qualifier differs). */
async function companyTagByUid(db: Db, companyId: number, uid: string) {
  const [row] = await db
    .select({ id: nfcTags.id })
    .from(nfcTags)
    .where(and(eq(nfcTags.companyId, companyId), eq(nfcTags.uid, uid)));
  return row;
}

/**
 * Checks one tap of an NTAG 424 DNA tag presented on a serial's URL (AN12196, decision 069):
 * the tag bound to the serial (none: `unknownTag`); PICCData decrypted with its meta-read key
 * (another tag byte than 0xC7: `malformed`); the UID must be the tag's (another tag of the
 * company: `otherSerial`, else `badMac`); the SDM MAC checked with the file-read key in constant
 * time (`badMac`); and the counter accepted only when greater than the last accepted one, in one
 * conditional update, so that concurrent taps or API replicas accept a counter once (else
 * `replayed`). Every tap, whatever its result, is written to `nfc_taps`.
 */
export async function checkTap(db: Db, sealer: KeySealer, target: TapTarget, tap: TapParameters, country: string | null): Promise<TapVerdict> {
  const record = async (verdict: TapVerdict, tagId: number | null, uid: string | null): Promise<TapVerdict> => {
    await db.insert(nfcTaps).values({
      companyId: target.companyId,
      productId: target.productId,
      serial: target.serial,
      tagId,
      uid,
      counter: verdict.counter,
      result: verdict.result,
      country,
    });
    return verdict;
  };

  const [tag] = await db
    .select({
      id: nfcTags.id,
      companyId: nfcTags.companyId,
      uid: nfcTags.uid,
      keySource: nfcTags.keySource,
      masterKeyId: nfcTags.masterKeyId,
      sealedKeys: nfcTags.sealedKeys,
    })
    .from(nfcTags)
    .where(and(eq(nfcTags.qualifierId, target.qualifierId), eq(nfcTags.companyId, target.companyId)));
  if (!tag) return record({ result: 'unknownTag', counter: null }, null, null);

  const encrypted = hexBytes(tap.piccData, 16);
  const presentedMac = hexBytes(tap.cmac, 8);
  const keys = await tagKeys(db, sealer, tag);
  if (!encrypted || !presentedMac || !keys) return record({ result: 'malformed', counter: null }, tag.id, null);

  let picc: PiccData = decryptPiccData(keys.metaReadKey, encrypted);
  if (picc.tag !== PICC_DATA_TAG_UID_COUNTER && tag.keySource === 'imported') {
    // A tag of the company keyed from a master key, presented on the URL of a tag with imported keys.
    for (const { metaReadKey } of await companyMetaReadKeys(db, sealer, tag.companyId)) {
      const other = decryptPiccData(metaReadKey, encrypted);
      if (other.tag === PICC_DATA_TAG_UID_COUNTER) {
        picc = other;
        break;
      }
    }
  }
  if (picc.tag !== PICC_DATA_TAG_UID_COUNTER) return record({ result: 'malformed', counter: null }, tag.id, null);

  const uid = uidHex(picc.uid);
  if (uid !== tag.uid) {
    const other = await companyTagByUid(db, tag.companyId, uid);
    return other ? record({ result: 'otherSerial', counter: picc.counter }, other.id, uid) : record({ result: 'badMac', counter: null }, tag.id, null);
  }

  if (!macMatches(sdmMac(keys.fileReadKey, picc.uid, picc.counterBytes), presentedMac)) {
    return record({ result: 'badMac', counter: picc.counter }, tag.id, uid);
  }

  // The row lock of the update orders concurrent taps: the second re-reads the new counter and matches nothing.
  const accepted = await db
    .update(nfcTags)
    .set({ lastCounter: picc.counter, lastTapAt: sql`now()` })
    .where(and(eq(nfcTags.id, tag.id), lt(nfcTags.lastCounter, picc.counter)))
    .returning({ id: nfcTags.id });
  return record({ result: accepted.length === 1 ? 'genuine' : 'replayed', counter: picc.counter }, tag.id, uid);
}
