/*
 * The NDEF record an NFC tag carries for a Digital Link URI: one NFC Forum well-known URI
 * record (NFC Forum "URI Record Type Definition" 1.0).
 */

/** URI identifier codes: the payload's first byte stands for one of these prefixes. */
export const URI_IDENTIFIER_PREFIXES = [
  '',
  'http://www.',
  'https://www.',
  'http://',
  'https://',
  'tel:',
  'mailto:',
  'ftp://anonymous:anonymous@',
  'ftp://ftp.',
  'ftps://',
  'sftp://',
  'smb://',
  'nfs://',
  'ftp://',
  'dav://',
  'news:',
  'telnet://',
  'imap:',
  'rtsp://',
  'urn:',
  'pop:',
  'sip:',
  'sips:',
  'tftp:',
  'btspp://',
  'btl2cap://',
  'btgoep://',
  'tcpobex://',
  'irdaobex://',
  'file://',
  'urn:epc:id:',
  'urn:epc:tag:',
  'urn:epc:pat:',
  'urn:epc:raw:',
  'urn:epc:',
  'urn:nfc:',
] as const;

const FLAG_MB = 0x80;
const FLAG_ME = 0x40;
const FLAG_SR = 0x10;
const TNF_WELL_KNOWN = 0x01;
const TYPE_URI = 0x55; // 'U'

export interface NdefUriRecordFields {
  /** MB, ME, SR and the TNF in one byte. */
  header: number;
  shortRecord: boolean;
  typeLength: number;
  payloadLength: number;
  /** The bytes that carry the payload length: one for a short record, four otherwise. */
  payloadLengthBytes: number[];
  type: string;
  identifierCode: number;
  prefix: string;
  /** The rest of the URI after the abbreviated prefix, UTF-8 encoded in the payload. */
  rest: string;
  bytes: Uint8Array;
}

/** The longest prefix of the table the URI starts with (case-sensitive, as the standard says). */
function identifierCodeOf(uri: string): number {
  let best = 0;
  URI_IDENTIFIER_PREFIXES.forEach((prefix, code) => {
    if (prefix && uri.startsWith(prefix) && prefix.length > URI_IDENTIFIER_PREFIXES[best].length) best = code;
  });
  return best;
}

/** Every field of the record, for showing how the bytes are made. */
export function ndefUriRecordFields(uri: string): NdefUriRecordFields {
  const identifierCode = identifierCodeOf(uri);
  const prefix = URI_IDENTIFIER_PREFIXES[identifierCode];
  const rest = uri.slice(prefix.length);
  const restBytes = new TextEncoder().encode(rest);
  const payloadLength = 1 + restBytes.length;
  const shortRecord = payloadLength < 256;
  const header = FLAG_MB | FLAG_ME | (shortRecord ? FLAG_SR : 0) | TNF_WELL_KNOWN;
  const payloadLengthBytes = shortRecord
    ? [payloadLength]
    : [(payloadLength >>> 24) & 0xff, (payloadLength >>> 16) & 0xff, (payloadLength >>> 8) & 0xff, payloadLength & 0xff];
  const bytes = new Uint8Array([header, 1, ...payloadLengthBytes, TYPE_URI, identifierCode, ...restBytes]);
  return { header, shortRecord, typeLength: 1, payloadLength, payloadLengthBytes, type: 'U', identifierCode, prefix, rest, bytes };
}

/** The bytes of a single NDEF message holding one URI record for `uri`. */
export function ndefUriRecord(uri: string): Uint8Array {
  return ndefUriRecordFields(uri).bytes;
}

/** `D1 01 0C …`: bytes as upper-case hex pairs. */
export function toHex(bytes: Iterable<number>): string {
  return Array.from(bytes, (byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}
