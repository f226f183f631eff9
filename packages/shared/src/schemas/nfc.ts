import { z } from 'zod';
import { idTextSchema, pageInfoSchema, pageNumberSchema, pageQuerySchema, text } from './common.js';

/*
 * Cryptographic NFC tags (issue 25 part 2, decision 069): NTAG 424 DNA tags whose Secure Unique
 * NFC (SUN) messages the API checks; the company's master key, the tags bound to serials, and the
 * SDM form of a serial's NFC record for the tag supplier.
 */

/** The query parameters a tag mirrors its encrypted PICCData and its SDM MAC into (fixed names). */
export const SDM_PICC_DATA_PARAM = 'picc_data';
export const SDM_CMAC_PARAM = 'cmac';
/** What the tag's URL carries before the tag mirrors into it: 32 and 16 hex characters. */
export const SDM_PICC_DATA_PLACEHOLDER = '0'.repeat(32);
export const SDM_CMAC_PLACEHOLDER = '0'.repeat(16);

/** A 7-byte tag UID: 14 hex characters. */
export const NFC_UID_PATTERN = /^[0-9A-Fa-f]{14}$/;
/** An AES-128 key: 32 hex characters. */
export const NFC_KEY_PATTERN = /^[0-9A-Fa-f]{32}$/;

/** Columns of the supplier's tag file (header names; case, spaces, `_` and `-` ignored). */
export const NFC_TAG_FILE_COLUMNS = ['uid', 'serial', 'sdmMetaReadKey', 'sdmFileReadKey'] as const;

/** Most rows an encoding CSV page may hold. */
export const NFC_SDM_EXPORT_MAX_SIZE = 10_000;

export const nfcMasterKeySchema = z.object({
  id: z.number().int(),
  status: z.enum(['active', 'retired']),
  createdAt: z.string(),
  retiredAt: z.string().nullable(),
  tags: z.number().int().nonnegative().describe('tags whose keys are diversified from this key'),
});
export type NfcMasterKey = z.infer<typeof nfcMasterKeySchema>;

export const nfcMasterKeyListResponseSchema = z.object({ result: z.array(nfcMasterKeySchema) });

export const nfcNewMasterKeyResponseSchema = z.object({
  result: z.object({
    id: z.number().int(),
    key: z.string().describe('the new master key, 32 hex: shown in this answer only'),
    createdAt: z.string(),
    retiredKeyId: z.number().int().nullable().describe('the key this one replaces, now retired'),
  }),
});
export type NfcNewMasterKey = z.infer<typeof nfcNewMasterKeyResponseSchema>['result'];

export const nfcTagSchema = z.object({
  uid: z.string(),
  serial: z.string(),
  keySource: z.enum(['master', 'imported']),
  lastCounter: z.number().int().nullable().describe('the highest read counter accepted; null before the first tap'),
  lastTapAt: z.string().nullable(),
});
export type NfcTag = z.infer<typeof nfcTagSchema>;

export const nfcProductQuerySchema = z.object({ productId: idTextSchema });

export const nfcTagListQuerySchema = pageQuerySchema.extend({ productId: idTextSchema });
export const nfcTagPageResponseSchema = z.object({ result: z.array(nfcTagSchema), pageInfo: pageInfoSchema });

export const nfcTagImportResultSchema = z.object({ result: z.literal(true), imported: z.number().int().nonnegative() });

export const nfcSdmQuerySchema = z.object({ productId: idTextSchema, serial: text().trim().min(1).max(20) });

export const nfcSdmFormSchema = z.object({
  serial: z.string(),
  uri: z.string().describe('the serial’s Digital Link URI with `picc_data` and `cmac` placeholders'),
  ndefHex: z.string().describe('the NDEF file: 2-byte NLEN, then one URI record; upper-case hex'),
  piccDataOffset: z.number().int().describe('byte offset of the PICCData placeholder in the NDEF file'),
  sdmMacOffset: z.number().int().describe('byte offset of the SDM MAC placeholder'),
  sdmMacInputOffset: z.number().int().describe('byte offset where the MAC input starts (= the MAC offset: empty input)'),
});
export type NfcSdmForm = z.infer<typeof nfcSdmFormSchema>;

export const nfcSdmResponseSchema = z.object({ result: nfcSdmFormSchema });

export const nfcSdmExportQuerySchema = z.object({
  productId: idTextSchema,
  page: pageNumberSchema.optional().describe('with `size`: one page of the serials, oldest first; without: all'),
  size: z.coerce.number().int().min(1).max(NFC_SDM_EXPORT_MAX_SIZE).optional(),
});
