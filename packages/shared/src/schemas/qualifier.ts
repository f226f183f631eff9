import { z } from 'zod';
import { aiDefinition, ENTRY_AIS } from '../gs1/ai-table.js';
import { idSchema, idTextSchema, pageInfoSchema, pageQuerySchema, text } from './common.js';
import { serialStatusSchema } from './authenticity.js';
import { entrySchema } from './gs1.js';

/*
 * Entries, qualifiers (serials) and the serial spreadsheet import/export of spec point 7
 * ("Entries, qualifiers, links").
 */

// ---------------------------------------------------------------------------------------------
// Serial values

/** The AI of a serial number, the one qualifier the console registers. */
export const SERIAL_AI = '21';

/**
 * GS1 AI encodable character set 82 (GS1 General Specifications 7.11): the characters an AI of
 * type X (batch, serial) may hold. No space, `#`, `$`, `@`, brackets, backslash or `~`.
 */
export const CSET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

/** Why a serial is refused; null when it is a valid AI 21 value. */
export type SerialProblem = 'empty' | 'tooLong' | 'charset';

export const SERIAL_PROBLEM_MESSAGES: Record<SerialProblem, string> = {
  empty: 'The serial is empty.',
  tooLong: `A serial has at most ${aiDefinition(SERIAL_AI)?.maxLength ?? 20} characters.`,
  charset: 'A serial may only contain letters A-Z and a-z, digits and ! " % & \' ( ) * + , - . / : ; < = > ? _',
};

/** Checks a serial by the AI 21 row of the AI table: 1 to 20 characters of CSET 82. */
export function serialProblem(value: string): SerialProblem | null {
  const definition = aiDefinition(SERIAL_AI)!;
  if (value.length < definition.minLength) return 'empty';
  if (value.length > definition.maxLength) return 'tooLong';
  if (!CSET_82.test(value)) return 'charset';
  return null;
}

/**
 * The canonical qualifier path of a value, percent-encoded as `formatDigitalLink` writes it:
 * `/21/A%2F1` for the serial `A/1`.
 */
export function qualifierPathOf(ai: string, value: string): string {
  return `/${ai}/${encodeURIComponent(value)}`;
}

// ---------------------------------------------------------------------------------------------
// Entries

const digits = (message: string) => text().trim().regex(/^\d+$/, message);

/** One key to register: a GTIN (AI 01, 8/12/13/14 digits, padded to 14) or a GLN (AI 414, company prefix plus value). */
export const entryCreateItemSchema = z.object({
  aiString: z.enum(ENTRY_AIS),
  aiValue: digits('Digits only').max(14).describe('AI 01: the GTIN as typed; AI 414: the location reference after the company prefix (with check digit), or the whole 13-digit GLN'),
  gcp: digits('Digits only').min(4).max(12).describe('one of the company prefixes (`gcps`) of the company'),
  title: text().trim().max(200).optional(),
});
export type EntryCreateItem = z.infer<typeof entryCreateItemSchema>;

export const entryCreateBodySchema = z.object({ entries: z.array(entryCreateItemSchema).min(1).max(100) });
export type EntryCreateBody = z.infer<typeof entryCreateBodySchema>;

export const entryListResponseSchema = z.object({ result: z.array(entrySchema) });

/** `PUT /api/entry/entries/`: activate or deactivate a live entry, or mark it deleted (which frees its key). */
export const entryUpdateBodySchema = z
  .object({
    entryPath: text().trim().regex(/^\/\d{2,4}\/\d{1,30}$/, 'An entry path such as /01/09506000134352'),
    isActive: z.boolean().optional(),
    isDeleted: z.boolean().optional(),
  })
  .refine((body) => body.isActive !== undefined || body.isDeleted !== undefined, { message: 'Give isActive or isDeleted', path: ['isActive'] });
export type EntryUpdateBody = z.infer<typeof entryUpdateBodySchema>;

export const entryResponseSchema = z.object({ result: entrySchema });

// ---------------------------------------------------------------------------------------------
// Qualifiers

/** A qualifier (serial) of an entry as the API answers it (spec point 3). */
export const qualifierSchema = z.object({
  qualifierId: z.number().int(),
  qualifierPath: z.string().describe('/21/{serial}, percent-encoded as in a Digital Link URI'),
  identifierCode: z.string().describe('the AI of the qualifier: 21'),
  entryId: z.number().int(),
  value: z.string().describe('the serial itself, decoded'),
  createdAt: z.string(),
  status: serialStatusSchema.describe('lifecycle: active, deactivated (destroyed, returned…) or blacklisted (a confirmed copy)'),
  statusReason: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
});
export type Qualifier = z.infer<typeof qualifierSchema>;

const id = idTextSchema;

/** How many qualifiers `GET /api/entry/qualifiers/all/product` answers at most. */
export const QUALIFIERS_OF_PRODUCT_MAX = 5_000;

export const qualifiersOfProductQuerySchema = z.object({ productId: id });
export const qualifiersOfProductResponseSchema = z.object({
  result: z.array(qualifierSchema).describe(`The live qualifiers of the product's entry, oldest first, at most ${QUALIFIERS_OF_PRODUCT_MAX}`),
});

export const qualifierPathQuerySchema = z.object({
  entryId: id,
  path: text().trim().min(1).max(200).describe('/21/{serial}'),
});

export const qualifierListQuerySchema = pageQuerySchema.extend({
  entryId: id,
  root: text()
    .trim()
    .regex(/^\/?\d{2,4}$/, 'An AI such as 21 or /21')
    .optional()
    .describe('only qualifiers of this AI: 21 or /21'),
  search: text().trim().max(100).optional().describe('part of the serial'),
  status: serialStatusSchema.optional().describe('only serials in this lifecycle status'),
});
export type QualifierListQuery = z.infer<typeof qualifierListQuerySchema>;

export const qualifierPageResponseSchema = z.object({ result: z.array(qualifierSchema), pageInfo: pageInfoSchema });

export const qualifierCreateBodySchema = z.object({
  qualifierPath: text().trim().min(1).max(200).describe('/21/{serial}; percent-encode `/`, `%`, `?` and `"` in the serial'),
  identifierCode: z.literal(SERIAL_AI),
  entryId: idSchema,
  entryPath: text().trim().min(1).max(200),
  gcp: text().trim().min(1).max(12),
});
export type QualifierCreateBody = z.infer<typeof qualifierCreateBodySchema>;

export const qualifierResponseSchema = z.object({ result: qualifierSchema });

export const qualifierDeleteQuerySchema = z.object({
  qualifierId: id,
  entryId: id,
  entryPath: text().trim().min(1).max(200),
});

// ---------------------------------------------------------------------------------------------
// Spreadsheet import and export

/** `serial_material`: serials of an entry; `batch_material`: batches of its product with their serials (import only). */
export const DATA_TYPES = ['serial_material', 'batch_material'] as const;
export const EXPORT_EXTENSIONS = ['xlsx', 'csv'] as const;
export type ExportExtension = (typeof EXPORT_EXTENSIONS)[number];

/** Most data rows a serial file may have. */
export const SERIAL_IMPORT_MAX_ROWS = 100_000;
/** Most bad rows an import failure lists; `more` counts the rest. */
export const SERIAL_IMPORT_MAX_PROBLEMS = 200;
/** Header names (case and spacing ignored) of the serial column; without one the first column is used. */
export const SERIAL_COLUMN_NAMES = ['serial', 'serial number', 'serialnumber', 'qualifier'] as const;

export const dataImportQuerySchema = z.object({ type: z.enum(DATA_TYPES) });

/** Text fields of the multipart import, beside the `file` part. */
export const serialImportFieldsSchema = z.object({
  entryPath: text().trim().min(1).max(200),
  entryId: id,
  gcp: text().trim().min(1).max(12),
});

export const serialImportResultSchema = z.object({ result: z.literal(true), imported: z.number().int().nonnegative() });

/** One refused row of an import: its number as the sheet shows it, the value read and why. */
export const serialImportProblemSchema = z.object({ row: z.number().int().positive(), value: z.string(), message: z.string() });
export type SerialImportProblem = z.infer<typeof serialImportProblemSchema>;

/** 400 answer of an import with bad or duplicate rows: nothing was imported. */
export const serialImportFailureSchema = z.object({
  code: z.string(),
  message: z.string(),
  result: z.literal(false),
  details: z.array(serialImportProblemSchema).describe(`at most ${SERIAL_IMPORT_MAX_PROBLEMS} rows`),
  more: z.number().int().nonnegative().describe('refused rows not listed'),
});
export type SerialImportFailure = z.infer<typeof serialImportFailureSchema>;

export const dataExportParamsSchema = z.object({ id: id.describe('entry id') });
export const dataExportQuerySchema = z.object({
  type: z.enum(['serial_material']),
  ext: z.enum(EXPORT_EXTENSIONS).default('xlsx'),
});
