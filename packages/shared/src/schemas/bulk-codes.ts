import { z } from 'zod';
import { aiDefinition } from '../gs1/ai-table.js';
import { idSchema, idTextSchema, daySchema, pageInfoSchema, pageQuerySchema, text } from './common.js';
import { CSET_82, SERIAL_AI } from './qualifier.js';

/*
 * Codes by the ten thousand (issue 27, section 4; decision 078): serials generated in bulk and the
 * codes of many serials exported for print, each as a background job of the product's job queue
 * that the console follows until its result is there.
 */

/** Most serials one generation creates, and most codes one export holds. */
export const BULK_CODES_MAX = 100_000;
/** Most serials a selection names by id (one page of the list, or a few). */
export const CODE_SELECTION_MAX = 1_000;
/** Longest serial AI 21 allows. */
export const SERIAL_MAX_LENGTH = aiDefinition(SERIAL_AI)?.maxLength ?? 20;

/**
 * Alphabets of random serials, each a subset of GS1 CSET 82. `unambiguous` leaves out 0/O, 1/I/L
 * and U/V, so that a serial read aloud or typed from a label is not mistaken.
 */
export const SERIAL_ALPHABETS = {
  numeric: '0123456789',
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  upperNumeric: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  alphanumeric: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  unambiguous: '23456789ABCDEFGHJKMNPQRSTWXYZ',
} as const;
export type SerialAlphabet = keyof typeof SERIAL_ALPHABETS;
export const SERIAL_ALPHABET_NAMES = Object.keys(SERIAL_ALPHABETS) as SerialAlphabet[];

/**
 * Least randomness of one random serial, in bits: guessing a live serial among 100 000 then takes
 * about 2^40 / 10^5 ≈ 11 million tries on average, and a batch's serials rarely collide.
 */
export const RANDOM_SERIAL_MIN_BITS = 40;

/** Bits of randomness of a serial of `length` characters drawn from `alphabet`. */
export const randomSerialBits = (alphabet: SerialAlphabet, length: number) => length * Math.log2(SERIAL_ALPHABETS[alphabet].length);

/** Shortest random part that reaches RANDOM_SERIAL_MIN_BITS with the alphabet. */
export const minimumRandomLength = (alphabet: SerialAlphabet) => Math.ceil(RANDOM_SERIAL_MIN_BITS / Math.log2(SERIAL_ALPHABETS[alphabet].length));

const prefixSchema = text()
  .max(SERIAL_MAX_LENGTH - 1)
  .regex(CSET_82, 'Letters A-Z and a-z, digits and ! " % & \' ( ) * + , - . / : ; < = > ? _ only')
  .default('')
  .describe('Text before every serial (GS1 CSET 82)');

const countSchema = z
  .number()
  .int()
  .min(1)
  .max(BULK_CODES_MAX)
  .describe(`How many serials, 1 to ${BULK_CODES_MAX}`);

/** Highest start of a sequential run: within a PostgreSQL integer, like every number of a request, with room for the count. */
export const SEQUENTIAL_START_MAX = 2_000_000_000;

const batchIdSchema = idSchema.optional().describe('The batch (lot) of the product the serials belong to; absent: the product alone');

/** `POST /api/product/codes/serials`: serials of the product, or of one of its batches. */
export const serialGenerationBodySchema = z
  .discriminatedUnion('mode', [
    z.object({
      mode: z.literal('sequential'),
      productId: idSchema,
      batchId: batchIdSchema,
      count: countSchema,
      prefix: prefixSchema,
      start: z.number().int().min(0).max(SEQUENTIAL_START_MAX).default(1).describe('The first number'),
      padding: z.number().int().min(0).max(SERIAL_MAX_LENGTH).default(0).describe('Digits of every number, zeros in front (0: as many as it has)'),
    }),
    z.object({
      mode: z.literal('random'),
      productId: idSchema,
      batchId: batchIdSchema,
      count: countSchema,
      prefix: prefixSchema,
      alphabet: z.enum(SERIAL_ALPHABET_NAMES as [SerialAlphabet, ...SerialAlphabet[]]).default('unambiguous'),
      length: z.number().int().min(1).max(SERIAL_MAX_LENGTH).describe('Random characters after the prefix'),
    }),
  ])
  .superRefine((body, context) => {
    if (body.mode === 'sequential') {
      const widest = Math.max(body.padding, String(body.start + body.count - 1).length);
      if (body.prefix.length + widest > SERIAL_MAX_LENGTH) {
        context.addIssue({ code: 'custom', path: ['padding'], message: `Prefix and number together have at most ${SERIAL_MAX_LENGTH} characters` });
      }
      return;
    }
    if (body.prefix.length + body.length > SERIAL_MAX_LENGTH) {
      context.addIssue({ code: 'custom', path: ['length'], message: `Prefix and random part together have at most ${SERIAL_MAX_LENGTH} characters` });
    } else if (randomSerialBits(body.alphabet, body.length) < RANDOM_SERIAL_MIN_BITS) {
      context.addIssue({
        code: 'custom',
        path: ['length'],
        message: `Too easy to guess: with this alphabet use at least ${minimumRandomLength(body.alphabet)} characters`,
      });
    }
  });
export type SerialGenerationBody = z.infer<typeof serialGenerationBodySchema>;
export type SerialGenerationInput = z.input<typeof serialGenerationBodySchema>;

/** The serial a sequential run gives for `number`: the prefix and the number padded with zeros. */
export function sequentialSerial(prefix: string, number: number, padding: number): string {
  return `${prefix}${String(number).padStart(padding, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Exports for print

export const CODE_EXPORT_FORMATS = ['pdf', 'svg-zip', 'png-zip', 'csv'] as const;
export type CodeExportFormat = (typeof CODE_EXPORT_FORMATS)[number];

/** Sides of the PNG files of a ZIP, in pixels (quiet zone included), as the single download offers. */
export const CODE_PNG_SIZES = [256, 512, 1024] as const;

export const PAPER_SIZES_MM = { A4: [210, 297], Letter: [215.9, 279.4] } as const;
export type PaperSize = keyof typeof PAPER_SIZES_MM;

/** Smallest label side: a QR code of a Digital Link with a serial needs about 12 mm to scan well. */
export const LABEL_MIN_MM = 20;

/** A sheet of labels: the paper, the labels' size and grid, and the sheet's margins and gaps, in millimetres. */
export const labelLayoutSchema = z
  .object({
    paper: z.enum(Object.keys(PAPER_SIZES_MM) as [PaperSize, ...PaperSize[]]).default('A4'),
    labelWidthMm: z.number().min(LABEL_MIN_MM).max(200).default(63.5),
    labelHeightMm: z.number().min(LABEL_MIN_MM).max(280).default(38.1),
    columns: z.number().int().min(1).max(10).default(3),
    rows: z.number().int().min(1).max(14).default(7),
    marginTopMm: z.number().min(0).max(100).default(15.1),
    marginLeftMm: z.number().min(0).max(100).default(7.2),
    gapXMm: z.number().min(0).max(50).default(2.5),
    gapYMm: z.number().min(0).max(50).default(0),
  })
  .superRefine((layout, context) => {
    const [width, height] = PAPER_SIZES_MM[layout.paper];
    const across = layout.marginLeftMm + layout.columns * layout.labelWidthMm + (layout.columns - 1) * layout.gapXMm;
    const down = layout.marginTopMm + layout.rows * layout.labelHeightMm + (layout.rows - 1) * layout.gapYMm;
    if (across > width + 0.01) context.addIssue({ code: 'custom', path: ['columns'], message: `The labels are ${across.toFixed(1)} mm wide with the margin; the paper is ${width} mm` });
    if (down > height + 0.01) context.addIssue({ code: 'custom', path: ['rows'], message: `The labels are ${down.toFixed(1)} mm high with the margin; the paper is ${height} mm` });
  });
export type LabelLayout = z.infer<typeof labelLayoutSchema>;
export type LabelLayoutInput = z.input<typeof labelLayoutSchema>;

/** Which serials of the product an export holds: all live ones, some by id, those a generation created, or a batch's. */
export const codeSelectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('serials'), qualifierIds: z.array(idSchema).min(1).max(CODE_SELECTION_MAX) }),
  z.object({ kind: z.literal('generation'), jobId: z.uuid() }),
  z.object({ kind: z.literal('batch'), batchId: idSchema }),
]);
export type CodeSelection = z.infer<typeof codeSelectionSchema>;

const lotDefinition = aiDefinition('10');
/** A batch or lot number as AI 10 allows it: 1 to 20 characters of CSET 82. */
export const lotSchema = text()
  .min(lotDefinition?.minLength ?? 1)
  .max(lotDefinition?.maxLength ?? 20)
  .regex(CSET_82, 'Letters, digits and the GS1 CSET 82 signs only');

/** `POST /api/product/codes/exports`. */
export const codeExportBodySchema = z.object({
  productId: idSchema,
  format: z.enum(CODE_EXPORT_FORMATS),
  selection: codeSelectionSchema.default({ kind: 'all' }),
  /** PNG side in pixels (png-zip). */
  size: z
    .union(CODE_PNG_SIZES.map((size) => z.literal(size)) as unknown as [z.ZodLiteral<256>, z.ZodLiteral<512>, z.ZodLiteral<1024>])
    .default(512),
  /** Printed on each label under the GTIN; a serial of a batch prints its batch's lot. */
  lot: lotSchema.optional(),
  /** Printed on each label as the expiry date; a serial of a batch prints its batch's dates. */
  expiry: daySchema().optional(),
  layout: labelLayoutSchema.optional().describe('pdf: the label sheet; absent: 3 × 7 labels of 63.5 × 38.1 mm on A4'),
});
export type CodeExportBody = z.infer<typeof codeExportBodySchema>;
export type CodeExportInput = z.input<typeof codeExportBodySchema>;

// ---------------------------------------------------------------------------------------------
// Jobs

export const CODE_JOB_KINDS = ['serials', 'export'] as const;
export const CODE_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type CodeJobStatus = (typeof CODE_JOB_STATUSES)[number];

/** A generation or export as the console follows it. */
export const codeJobSchema = z.object({
  jobId: z.string(),
  kind: z.enum(CODE_JOB_KINDS),
  status: z.enum(CODE_JOB_STATUSES),
  productId: z.number().int(),
  /** What the job asked for (the request body less the product). */
  request: z.record(z.string(), z.unknown()),
  /** Serials or codes to make, and how many are made so far. */
  total: z.number().int(),
  done: z.number().int(),
  /** Why it failed, in words for the user. */
  error: z.string().nullable(),
  /** A generation's result: the first and last serial made. */
  serials: z.object({ created: z.number().int(), first: z.string(), last: z.string() }).nullable(),
  /** An export's file, downloadable while it is kept. */
  file: z.object({ name: z.string(), bytes: z.number().int(), contentType: z.string() }).nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CodeJob = z.infer<typeof codeJobSchema>;

export const codeJobResponseSchema = z.object({ result: codeJobSchema });
export const codeJobParamsSchema = z.object({ jobId: z.uuid() });
export const codeJobListQuerySchema = pageQuerySchema.extend({ productId: idTextSchema });
export const codeJobPageResponseSchema = z.object({ result: z.array(codeJobSchema), pageInfo: pageInfoSchema });

/** How long an export's file is kept for download. */
export const CODE_FILE_KEEP_DAYS = 7;
