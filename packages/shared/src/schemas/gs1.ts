import { z } from 'zod';
import { text } from './common.js';

/** Entry of spec point 3: the GS1 identity of a product. */
export const entrySchema = z.object({
  entry_id: z.number().int(),
  entryPath: z.string().describe('e.g. /01/09506000134352'),
  aiString: z.string().describe('Application identifier, 01 (GTIN) or 414 (GLN)'),
  aiValue: z.string().describe('Padded to 14 characters, except AI 414 (prefix plus value)'),
  gcp: z.string().describe('GS1 company prefix the value starts with'),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  title: z.string(),
  title_eng: z.string(),
  isAtq: z.boolean(),
  digitalLink: z.string().describe('https://{domain}/01/{gtin14}'),
});
export type Entry = z.infer<typeof entrySchema>;

/** A GTIN as typed: GTIN-8, -12, -13 or -14 digits (checked against the company prefixes by the API). */
export const gtinInputSchema = text()
  .trim()
  .regex(/^(\d{8}|\d{12}|\d{13}|\d{14})$/, 'Enter 8, 12, 13 or 14 digits');

export const availableGcpsResponseSchema = z.object({ result: z.array(z.string()) });
