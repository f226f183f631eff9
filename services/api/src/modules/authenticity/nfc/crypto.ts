import { createCipheriv, createDecipheriv, timingSafeEqual } from 'node:crypto';

/*
 * The cryptography of NTAG 424 DNA Secure Unique NFC (SUN) messages, with Node's AES only:
 * AES-128-CMAC (RFC 4493), SUN message decoding and MAC (NXP AN12196, AES mode) and AES-128
 * key diversification (NXP AN10922). Decision 069 records the derivation inputs.
 */

const BLOCK = 16;
const RB = 0x87;

function assertKey(key: Buffer): void {
  if (key.length !== BLOCK) throw new Error('an AES-128 key is 16 bytes');
}

/** One block through AES-128 in ECB mode (no padding). */
function encryptBlock(key: Buffer, block: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-ecb', key, null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]);
}

/** A block shifted left by one bit; XOR with Rb when its top bit was set (RFC 4493 2.3). */
function doubled(block: Buffer): Buffer {
  const out = Buffer.alloc(BLOCK);
  for (let index = 0; index < BLOCK; index += 1) {
    out[index] = ((block[index] << 1) | (index + 1 < BLOCK ? block[index + 1] >>> 7 : 0)) & 0xff;
  }
  if (block[0] & 0x80) out[BLOCK - 1] ^= RB;
  return out;
}

/** The CMAC subkeys K1 and K2 of a key (RFC 4493 2.3, Generate_Subkey). */
export function cmacSubkeys(key: Buffer): { k1: Buffer; k2: Buffer } {
  assertKey(key);
  const l = encryptBlock(key, Buffer.alloc(BLOCK));
  const k1 = doubled(l);
  return { k1, k2: doubled(k1) };
}

const xor = (a: Buffer, b: Buffer) => Buffer.from(a.map((byte, index) => byte ^ b[index]));

/**
 * CBC-MAC with a zero IV over `message` whose last block is XORed with K1 when complete, or padded
 * (0x80 then zeros) to `paddedLength` and XORed with K2. RFC 4493 pads to the next block;
 * AN10922 pads its diversification input to 32 bytes.
 */
function cmacPaddedTo(key: Buffer, message: Buffer, paddedLength: number): Buffer {
  const { k1, k2 } = cmacSubkeys(key);
  const complete = message.length > 0 && message.length === paddedLength;
  const data = complete ? Buffer.from(message) : Buffer.concat([message, Buffer.from([0x80]), Buffer.alloc(paddedLength - message.length - 1)]);
  const lastStart = data.length - BLOCK;
  const last = xor(data.subarray(lastStart), complete ? k1 : k2);
  let state: Buffer = Buffer.alloc(BLOCK);
  for (let start = 0; start < lastStart; start += BLOCK) state = encryptBlock(key, xor(state, data.subarray(start, start + BLOCK)));
  return encryptBlock(key, xor(state, last));
}

/** AES-128-CMAC of a message (RFC 4493): 16 bytes. */
export function aesCmac(key: Buffer, message: Buffer): Buffer {
  const blocks = Math.max(1, Math.ceil(message.length / BLOCK));
  return cmacPaddedTo(key, message, blocks * BLOCK);
}

/**
 * AN10922 AES-128 key diversification: CMAC under the master key of 0x01 || M, padded to 32
 * bytes (K2 when padded, K1 when M is exactly 31 bytes). M is 1 to 31 bytes.
 */
export function diversifyKey(masterKey: Buffer, m: Buffer): Buffer {
  assertKey(masterKey);
  if (m.length < 1 || m.length > 31) throw new Error('the diversification input is 1 to 31 bytes');
  return cmacPaddedTo(masterKey, Buffer.concat([Buffer.from([0x01]), m]), 2 * BLOCK);
}

/** M of the company's SDM meta-read key: the same for every tag of a company (PICCData is read before the UID is known). */
export const META_READ_DIVERSIFICATION = Buffer.from('SDMMetaRead', 'ascii');
/** The suffix of M of a tag's SDM file-read key, after the tag's 7-byte UID. */
export const FILE_READ_DIVERSIFICATION = Buffer.from('SDMFileRead', 'ascii');

/** The company's SDM meta-read key: AN10922 with M = "SDMMetaRead" (ASCII). */
export function deriveMetaReadKey(masterKey: Buffer): Buffer {
  return diversifyKey(masterKey, META_READ_DIVERSIFICATION);
}

/** A tag's SDM file-read key: AN10922 with M = UID (7 bytes) || "SDMFileRead" (ASCII). */
export function deriveFileReadKey(masterKey: Buffer, uid: Buffer): Buffer {
  if (uid.length !== UID_BYTES) throw new Error('a UID is 7 bytes');
  return diversifyKey(masterKey, Buffer.concat([uid, FILE_READ_DIVERSIFICATION]));
}

/** PICCDataTag of a PICCData block mirroring the 7-byte UID and the read counter (AES mode). */
export const PICC_DATA_TAG_UID_COUNTER = 0xc7;
export const UID_BYTES = 7;
const PICC_DATA_BYTES = 16;
const MAC_BYTES = 8;

export interface PiccData {
  /** The first byte: 0xC7 when UID and counter are mirrored. */
  tag: number;
  uid: Buffer;
  /** SDMReadCtr, 3 bytes little-endian on the tag. */
  counter: number;
  /** The counter's 3 bytes as the tag holds them (they enter the session vector as such). */
  counterBytes: Buffer;
}

/** Bytes of a hex string of exactly `bytes` bytes, or null when it is not one. */
export function hexBytes(text: string, bytes: number): Buffer | null {
  return text.length === bytes * 2 && /^[0-9a-fA-F]+$/.test(text) ? Buffer.from(text, 'hex') : null;
}

/** Decrypts PICCData (16 bytes, AES-128-CBC with a zero IV under the SDM meta-read key, AN12196 3.4.2). */
export function decryptPiccData(metaReadKey: Buffer, encrypted: Buffer): PiccData {
  assertKey(metaReadKey);
  if (encrypted.length !== PICC_DATA_BYTES) throw new Error('PICCData is 16 bytes');
  const decipher = createDecipheriv('aes-128-cbc', metaReadKey, Buffer.alloc(BLOCK));
  decipher.setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
  const counterBytes = plain.subarray(1 + UID_BYTES, 1 + UID_BYTES + 3);
  return { tag: plain[0], uid: plain.subarray(1, 1 + UID_BYTES), counter: counterBytes.readUIntLE(0, 3), counterBytes };
}

/** The 3 little-endian bytes of a read counter (0 to 16 777 215). */
export function counterBytesOf(counter: number): Buffer {
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffffff) throw new Error('the read counter is 3 bytes');
  const bytes = Buffer.alloc(3);
  bytes.writeUIntLE(counter, 0, 3);
  return bytes;
}

/** Encrypts a PICCData block (the tag's side; simulated tags and tests). */
export function encryptPiccData(metaReadKey: Buffer, uid: Buffer, counter: number, random: Buffer = Buffer.alloc(5)): Buffer {
  assertKey(metaReadKey);
  if (uid.length !== UID_BYTES || random.length !== 5) throw new Error('a UID is 7 bytes and the padding 5');
  const plain = Buffer.concat([Buffer.from([PICC_DATA_TAG_UID_COUNTER]), uid, counterBytesOf(counter), random]);
  const cipher = createCipheriv('aes-128-cbc', metaReadKey, Buffer.alloc(BLOCK));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

/** SV2 = 3C C3 00 01 00 80 || UID || SDMReadCtr (AN12196 3.4.4, AES mode). */
const SV2_PREFIX = Buffer.from('3CC300010080', 'hex');

/** The session MAC key KSesSDMFileReadMAC: CMAC of SV2 under the SDM file-read key. */
export function sessionMacKey(fileReadKey: Buffer, uid: Buffer, counterBytes: Buffer): Buffer {
  if (uid.length !== UID_BYTES || counterBytes.length !== 3) throw new Error('a UID is 7 bytes and a counter 3');
  return aesCmac(fileReadKey, Buffer.concat([SV2_PREFIX, uid, counterBytes]));
}

/** The truncated MAC: bytes 1, 3, 5, …, 15 of a 16-byte CMAC (8 bytes). */
export function truncateMac(cmac: Buffer): Buffer {
  return Buffer.from(Array.from({ length: MAC_BYTES }, (_, index) => cmac[2 * index + 1]));
}

/**
 * The SDM MAC a tag writes: the truncated CMAC, under the session MAC key, of the MAC input (the
 * NDEF bytes from the MAC input offset to the MAC offset; empty when the two offsets are equal).
 */
export function sdmMac(fileReadKey: Buffer, uid: Buffer, counterBytes: Buffer, macInput: Buffer = Buffer.alloc(0)): Buffer {
  return truncateMac(aesCmac(sessionMacKey(fileReadKey, uid, counterBytes), macInput));
}

/** Whether a presented 8-byte MAC is the expected one (constant-time). */
export function macMatches(expected: Buffer, presented: Buffer): boolean {
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}
