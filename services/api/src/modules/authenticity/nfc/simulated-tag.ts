import { deriveFileReadKey, deriveMetaReadKey, encryptPiccData, hexBytes, counterBytesOf, sdmMac, UID_BYTES } from './crypto.js';

/*
 * A simulated NTAG 424 DNA tag (tests and demonstrations): what a real tag mirrors into its URL
 * on a tap, made from known keys. The inverse of the tap check's decoding.
 */

const bytesOf = (value: string | Buffer, bytes: number, name: string): Buffer => {
  const buffer = typeof value === 'string' ? hexBytes(value, bytes) : value;
  if (!buffer || buffer.length !== bytes) throw new Error(`${name} must be ${bytes} bytes`);
  return buffer;
};

export interface SimulatedTag {
  /** 7-byte UID, 14 hex. */
  uid: string | Buffer;
  /** SDMReadCtr of this tap (the tag counts up on every read). */
  counter: number;
  /** 16-byte keys, 32 hex. */
  metaReadKey: string | Buffer;
  fileReadKey: string | Buffer;
}

/**
 * The `picc_data` and `cmac` parameters of one tap: PICCData encrypted under the meta-read key
 * and the SDM MAC over an empty MAC input (the MAC input offset equals the MAC offset), upper-case hex.
 */
export function simulatedTap({ uid, counter, metaReadKey, fileReadKey }: SimulatedTag): { piccData: string; cmac: string } {
  const uidBytes = bytesOf(uid, UID_BYTES, 'uid');
  const piccData = encryptPiccData(bytesOf(metaReadKey, 16, 'metaReadKey'), uidBytes, counter);
  const mac = sdmMac(bytesOf(fileReadKey, 16, 'fileReadKey'), uidBytes, counterBytesOf(counter));
  return { piccData: piccData.toString('hex').toUpperCase(), cmac: mac.toString('hex').toUpperCase() };
}

/** The keys a tag encoder writes to a tag keyed from a company master key (32 hex each). */
export function masterTagKeys(masterKey: string | Buffer, uid: string | Buffer): { metaReadKey: string; fileReadKey: string } {
  const master = bytesOf(masterKey, 16, 'masterKey');
  return {
    metaReadKey: deriveMetaReadKey(master).toString('hex').toUpperCase(),
    fileReadKey: deriveFileReadKey(master, bytesOf(uid, UID_BYTES, 'uid')).toString('hex').toUpperCase(),
  };
}
