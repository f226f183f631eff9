import { SDM_CMAC_PARAM, SDM_CMAC_PLACEHOLDER, SDM_PICC_DATA_PARAM, SDM_PICC_DATA_PLACEHOLDER } from '@product-console/shared';

/*
 * The SDM form of a serial's NFC record (decision 069): the serial's Digital Link URI with the
 * `picc_data` and `cmac` placeholders the tag mirrors into, written as an NDEF file (2-byte NLEN,
 * then one NFC Forum URI record), and the byte offsets a tag encoder programs (NTAG 424 DNA
 * ChangeFileSettings: PICCDataOffset, SDMMACOffset, SDMMACInputOffset).
 */

const HEADER_SHORT = 0xd1; // MB, ME, SR, TNF well-known
const HEADER_LONG = 0xc1; // MB, ME, TNF well-known (4-byte payload length)
const TYPE_URI = 0x55; // 'U'
const NLEN_BYTES = 2;

/** The URI a tag carries for a serial: its Digital Link URI and the two placeholders. */
export function sdmUri(serialDigitalLink: string): string {
  const separator = serialDigitalLink.includes('?') ? '&' : '?';
  return `${serialDigitalLink}${separator}${SDM_PICC_DATA_PARAM}=${SDM_PICC_DATA_PLACEHOLDER}&${SDM_CMAC_PARAM}=${SDM_CMAC_PLACEHOLDER}`;
}

export interface SdmNdef {
  ndef: Buffer;
  piccDataOffset: number;
  sdmMacOffset: number;
  /** Equal to the MAC offset: the MAC input is empty. */
  sdmMacInputOffset: number;
}

/** URI identifier code and the rest of the URI: 0x04 for `https://`, 0x03 for `http://`, else 0x00 (the whole URI). */
function abbreviate(uri: string): { code: number; rest: string } {
  if (uri.startsWith('https://')) return { code: 0x04, rest: uri.slice('https://'.length) };
  if (uri.startsWith('http://')) return { code: 0x03, rest: uri.slice('http://'.length) };
  return { code: 0x00, rest: uri };
}

/** The NDEF file of an SDM URI and the offsets of its placeholders, counted from the file's first byte (NLEN). */
export function sdmNdef(uri: string): SdmNdef {
  const { code, rest } = abbreviate(uri);
  const restBytes = Buffer.from(rest, 'utf8');
  const payloadLength = 1 + restBytes.length;
  const short = payloadLength < 256;
  const lengthBytes = short ? Buffer.from([payloadLength]) : Buffer.alloc(4);
  if (!short) lengthBytes.writeUInt32BE(payloadLength);
  const record = Buffer.concat([Buffer.from([short ? HEADER_SHORT : HEADER_LONG, 1]), lengthBytes, Buffer.from([TYPE_URI, code]), restBytes]);
  const nlen = Buffer.alloc(NLEN_BYTES);
  nlen.writeUInt16BE(record.length);
  const ndef = Buffer.concat([nlen, record]);

  const restStart = ndef.length - restBytes.length;
  const offsetOfValue = (name: string) => {
    const index = restBytes.lastIndexOf(Buffer.from(`${name}=`, 'utf8'));
    if (index < 0) throw new Error(`the URI has no ${name} parameter`);
    return restStart + index + name.length + 1;
  };
  const sdmMacOffset = offsetOfValue(SDM_CMAC_PARAM);
  return { ndef, piccDataOffset: offsetOfValue(SDM_PICC_DATA_PARAM), sdmMacOffset, sdmMacInputOffset: sdmMacOffset };
}
