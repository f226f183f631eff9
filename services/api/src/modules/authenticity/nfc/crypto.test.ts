import { describe, expect, it } from 'vitest';
import {
  aesCmac,
  cmacSubkeys,
  decryptPiccData,
  deriveFileReadKey,
  deriveMetaReadKey,
  diversifyKey,
  encryptPiccData,
  macMatches,
  sdmMac,
  sessionMacKey,
  truncateMac,
} from './crypto.js';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');
const ZERO_KEY = Buffer.alloc(16);

describe('AES-128-CMAC (RFC 4493 section 4)', () => {
  const key = hex('2b7e1516 28aed2a6 abf71588 09cf4f3c');
  const message = hex(
    '6bc1bee2 2e409f96 e93d7e11 7393172a ae2d8a57 1e03ac9c 9eb76fac 45af8e51 30c81c46 a35ce411 e5fbc119 1a0a52ef f69f2445 df4f9b17 ad2b417b e66c3710',
  );

  it('generates the subkeys K1 and K2', () => {
    const { k1, k2 } = cmacSubkeys(key);
    expect(k1.toString('hex')).toBe('fbeed618357133667c85e08f7236a8de');
    expect(k2.toString('hex')).toBe('f7ddac306ae266ccf90bc11ee46d513b');
  });

  it.each([
    ['example 1: the empty message', 0, 'bb1d6929e95937287fa37d129b756746'],
    ['example 2: one block', 16, '070a16b46b4d4144f79bdd9dd04a287c'],
    ['example 3: 40 bytes (padded)', 40, 'dfa66747de9ae63030ca32611497c827'],
    ['example 4: four blocks', 64, '51f0bebf7e3b9d92fc49741779363cfe'],
  ])('%s', (_name, length, expected) => {
    expect(aesCmac(key, message.subarray(0, length)).toString('hex')).toBe(expected);
  });
});

describe('SUN messages (NXP AN12196, AES mode)', () => {
  it('decrypts PICCData into the tag byte, the UID and the read counter', () => {
    const picc = decryptPiccData(ZERO_KEY, hex('EF963FF7828658A599F3041510671E88'));
    expect(picc.tag).toBe(0xc7);
    expect(picc.uid.toString('hex').toUpperCase()).toBe('04DE5F1EACC040');
    expect(picc.counter).toBe(61);
    expect(picc.counterBytes.toString('hex')).toBe('3d0000');
  });

  it('derives the session MAC key from SV2 and verifies the truncated MAC of an empty MAC input', () => {
    const picc = decryptPiccData(ZERO_KEY, hex('EF963FF7828658A599F3041510671E88'));
    expect(sessionMacKey(ZERO_KEY, picc.uid, picc.counterBytes).toString('hex').toUpperCase()).toBe('3FB5F6E3A807A03D5E3570ACE393776F');
    const mac = sdmMac(ZERO_KEY, picc.uid, picc.counterBytes);
    expect(mac.toString('hex').toUpperCase()).toBe('94EED9EE65337086');
    expect(macMatches(mac, hex('94EED9EE65337086'))).toBe(true);
    expect(macMatches(mac, hex('94EED9EE65337087'))).toBe(false);
  });

  it('decrypts a second AN12196 message (PICCData of the encrypted-file example)', () => {
    const picc = decryptPiccData(ZERO_KEY, hex('FD91EC264309878BE6345CBE53BADF40'));
    expect(picc.tag).toBe(0xc7);
    expect(picc.uid.toString('hex').toUpperCase()).toBe('04958CAA5C5E80');
    expect(picc.counter).toBe(8);
  });

  it('truncates a CMAC to its odd bytes', () => {
    expect(truncateMac(hex('00112233445566778899AABBCCDDEEFF')).toString('hex')).toBe('1133557799bbddff');
  });

  it('encrypts PICCData that decrypts back (the tag side of simulated tags)', () => {
    const key = hex('42aff114f2cb3b6141be6dc95dfc5416');
    const picc = decryptPiccData(key, encryptPiccData(key, hex('041d3c8a2d6b80'), 291));
    expect(picc.uid.toString('hex')).toBe('041d3c8a2d6b80');
    expect(picc.counter).toBe(291);
  });
});

describe('key diversification (NXP AN10922, AES-128)', () => {
  it('diversifies with the application note example (UID, AID and system identifier)', () => {
    const master = hex('00112233445566778899AABBCCDDEEFF');
    const m = hex('04782E21801D80 3042F5 4E585020416275');
    expect(diversifyKey(master, m).toString('hex').toUpperCase()).toBe('A8DD63A3B89D54B37CA802473FDA9175');
  });

  it('derives one meta-read key per master key and a file-read key per UID', () => {
    const master = hex('C9EB67DF090AFF47C3B19A2516680B9D');
    const other = hex('B95F4C27E3D0BC333792EA968545217F');
    expect(deriveMetaReadKey(master)).toEqual(diversifyKey(master, Buffer.from('SDMMetaRead')));
    expect(deriveMetaReadKey(master)).not.toEqual(deriveMetaReadKey(other));
    const uid = hex('04DE5F1EACC040');
    expect(deriveFileReadKey(master, uid)).toEqual(diversifyKey(master, Buffer.concat([uid, Buffer.from('SDMFileRead')])));
    expect(deriveFileReadKey(master, uid)).not.toEqual(deriveFileReadKey(master, hex('04DE5F1EACC041')));
  });

  it('refuses inputs of the wrong size', () => {
    expect(() => diversifyKey(ZERO_KEY, Buffer.alloc(32))).toThrow();
    expect(() => diversifyKey(ZERO_KEY, Buffer.alloc(0))).toThrow();
    expect(() => deriveFileReadKey(ZERO_KEY, Buffer.alloc(6))).toThrow();
  });
});
