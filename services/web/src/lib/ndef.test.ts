import { describe, expect, it } from 'vitest';
import { ndefUriRecord, ndefUriRecordFields, toHex } from '@/lib/ndef';

describe('ndefUriRecord', () => {
  it('abbreviates https:// as identifier code 0x04 in a short well-known record', () => {
    expect(toHex(ndefUriRecord('https://example.com'))).toBe('D1 01 0C 55 04 65 78 61 6D 70 6C 65 2E 63 6F 6D');
  });

  it('abbreviates http:// as 0x03 and prefers the longer http://www. (0x01)', () => {
    expect(toHex(ndefUriRecord('http://a.b'))).toBe('D1 01 04 55 03 61 2E 62');
    // The example of the NFC Forum URI RTD: http://www.nfc.com
    expect(toHex(ndefUriRecord('http://www.nfc.com'))).toBe('D1 01 08 55 01 6E 66 63 2E 63 6F 6D');
  });

  it('encodes a GS1 Digital Link URI with its serial', () => {
    const uri = 'https://id.example.com/01/09506000134352/21/ABC1';
    const bytes = ndefUriRecord(uri);
    const rest = new TextEncoder().encode('id.example.com/01/09506000134352/21/ABC1');
    expect([...bytes.slice(0, 5)]).toEqual([0xd1, 0x01, rest.length + 1, 0x55, 0x04]);
    expect([...bytes.slice(5)]).toEqual([...rest]);
  });

  it('keeps an unknown scheme whole with identifier code 0x00', () => {
    expect(toHex(ndefUriRecord('geo:1,2'))).toBe('D1 01 08 55 00 67 65 6F 3A 31 2C 32');
  });

  it('drops the short-record flag and writes a four-byte length from 256 payload bytes on', () => {
    const uri = `https://example.com/${'a'.repeat(300)}`;
    const fields = ndefUriRecordFields(uri);
    expect(fields.shortRecord).toBe(false);
    expect(fields.payloadLength).toBe(1 + 'example.com/'.length + 300);
    expect([...fields.bytes.slice(0, 7)]).toEqual([0xc1, 0x01, 0x00, 0x00, 0x01, 0x39, 0x55]);
    expect(fields.bytes).toHaveLength(7 + fields.payloadLength);
    // 255 payload bytes still fit a short record.
    expect(ndefUriRecordFields(`https://${'b'.repeat(254)}`).shortRecord).toBe(true);
    expect(ndefUriRecordFields(`https://${'b'.repeat(255)}`).shortRecord).toBe(false);
  });
});
