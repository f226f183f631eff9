import { describe, expect, it } from 'vitest';
import { SDM_CMAC_PLACEHOLDER, SDM_PICC_DATA_PLACEHOLDER } from '@product-console/shared';
import { sdmNdef, sdmUri } from './sdm-form.js';

const at = (ndef: Buffer, offset: number, length: number) => ndef.subarray(offset, offset + length).toString('ascii');

describe('the SDM form of an NFC record', () => {
  it('appends the placeholders to the Digital Link URI', () => {
    expect(sdmUri('https://id.example/01/09506000134352/21/A1')).toBe(
      'https://id.example/01/09506000134352/21/A1?picc_data=00000000000000000000000000000000&cmac=0000000000000000',
    );
  });

  it('lays out an https URI as NLEN and a short URI record, the placeholders at the offsets', () => {
    const uri = sdmUri('https://id.example/01/09506000134352/21/A1');
    const { ndef, piccDataOffset, sdmMacOffset, sdmMacInputOffset } = sdmNdef(uri);
    const rest = uri.slice('https://'.length);
    // NLEN, then D1 01 {payload length} 55 04 and the rest of the URI.
    expect(ndef.readUInt16BE(0)).toBe(ndef.length - 2);
    expect([...ndef.subarray(2, 7)]).toEqual([0xd1, 0x01, rest.length + 1, 0x55, 0x04]);
    expect(ndef.subarray(7).toString('utf8')).toBe(rest);
    expect(at(ndef, piccDataOffset, 32)).toBe(SDM_PICC_DATA_PLACEHOLDER);
    expect(at(ndef, piccDataOffset - 'picc_data='.length, 'picc_data='.length)).toBe('picc_data=');
    expect(at(ndef, sdmMacOffset, 16)).toBe(SDM_CMAC_PLACEHOLDER);
    expect(at(ndef, sdmMacOffset - 'cmac='.length, 'cmac='.length)).toBe('cmac=');
    expect(sdmMacOffset).toBe(ndef.length - 16);
    expect(sdmMacInputOffset).toBe(sdmMacOffset);
    // 7 header bytes + "id.example/01/09506000134352/21/A1?picc_data=" (45 bytes).
    expect(piccDataOffset).toBe(7 + 45);
  });

  it('uses identifier code 0x03 for http and counts multi-byte characters in bytes', () => {
    const uri = sdmUri('http://brand.example/01/09506000134352/21/%C3%A9%E2%82%AC');
    const { ndef, piccDataOffset, sdmMacOffset } = sdmNdef(uri);
    expect(ndef[6]).toBe(0x03);
    expect(at(ndef, piccDataOffset, 32)).toBe(SDM_PICC_DATA_PLACEHOLDER);
    expect(at(ndef, sdmMacOffset, 16)).toBe(SDM_CMAC_PLACEHOLDER);
    const unicode = sdmNdef(sdmUri('https://bränd.example/01/09506000134352/21/A1'));
    expect(at(unicode.ndef, unicode.piccDataOffset, 32)).toBe(SDM_PICC_DATA_PLACEHOLDER);
    expect(at(unicode.ndef, unicode.sdmMacOffset, 16)).toBe(SDM_CMAC_PLACEHOLDER);
  });

  it('switches to a long record (4-byte payload length) past 255 payload bytes', () => {
    const { ndef, piccDataOffset, sdmMacOffset } = sdmNdef(sdmUri(`https://id.example/${'x'.repeat(200)}/01/09506000134352/21/A1`));
    expect(ndef[2]).toBe(0xc1);
    expect(ndef.readUInt32BE(4)).toBe(ndef.length - 10 + 1);
    expect(at(ndef, piccDataOffset, 32)).toBe(SDM_PICC_DATA_PLACEHOLDER);
    expect(at(ndef, sdmMacOffset, 16)).toBe(SDM_CMAC_PLACEHOLDER);
  });
});
