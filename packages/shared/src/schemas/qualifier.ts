import { z } from 'zod';

/** A qualifier (serial) of an entry as the API answers it (spec point 3). */
export const qualifierSchema = z.object({
  qualifierId: z.number().int(),
  qualifierPath: z.string().describe('/21/{serial}'),
  identifierCode: z.string().describe('the AI of the qualifier: 21'),
  entryId: z.number().int(),
  value: z.string(),
  createdAt: z.string(),
});
export type Qualifier = z.infer<typeof qualifierSchema>;
