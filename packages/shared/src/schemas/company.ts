import { z } from 'zod';
import { SERVICES } from '../constants/services.js';
import { idTextSchema } from './common.js';

export const serviceCodeSchema = z.enum(SERVICES);

/** Company of spec point 3. */
export const companySchema = z.object({
  companyName: z.string(),
  serviceName: z.string(),
  categoryId: z.number().int(),
  gcps: z.array(z.string()).describe('GS1 company prefixes'),
  primaryLogo: z.string().nullable(),
  description: z.string(),
  country: z.string(),
  contactPhone: z.string(),
  contactHour: z.string(),
  contactEmail: z.string(),
  website: z.string(),
  sns: z.array(z.object({ type: z.string(), url: z.string() })),
  timeZone: z.string().describe("IANA time zone of the company's analytics days and hours; UTC until set"),
  analyticsRebuild: z
    .object({
      status: z.enum(['queued', 'running', 'failed']),
      timeZone: z.string(),
      step: z.number().int(),
      steps: z.number().int().describe('0 until known'),
      requestedAt: z.string(),
      startedAt: z.string().nullable(),
    })
    .nullable()
    .optional()
    .describe("The regrouping of the analytics into a new time zone, while it is queued or running; null once done"),
  publicOrigin: z
    .string()
    .optional()
    .describe("The product's public address (origin of PUBLIC_URL): the addresses the console shows for shoppers and machine clients use it, whatever host the console was opened on"),
});
export type Company = z.infer<typeof companySchema>;

/** IANA time zones this runtime knows (`Intl.supportedValuesOf`), and UTC, which it does not list. */
function knownTimeZones(): Set<string> {
  return new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
}
let timeZones: Set<string> | undefined;

/**
 * Is `value` an IANA time zone? One the runtime lists, or another name of one (Asia/Kolkata for the
 * listed Asia/Calcutta: runtimes differ on which name is canonical). Offsets such as `+09:00` are not zones.
 */
export function isIanaTimeZone(value: string): boolean {
  timeZones ??= knownTimeZones();
  if (timeZones.has(value)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){1,2}$/.test(value)) return false;
  try {
    return timeZones.has(new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** A company's time zone as a request gives it. */
export const timeZoneSchema = z.string().max(64).refine(isIanaTimeZone, 'Must be an IANA time zone such as Europe/Berlin');

export const companyInfoResponseSchema = z.object({ result: companySchema });

/**
 * A company prefix of one company that overlaps a prefix of another (one starts with the other,
 * equal included): the GTINs of the longer prefix are GTINs of the shorter one too.
 */
export const prefixConflictSchema = z.object({
  prefix: z.string().describe('The prefix of the company the conflict is reported for'),
  heldPrefix: z.string().describe("The other company's prefix it overlaps"),
  customerId: z.number().int().describe('The other company'),
  companyName: z.string(),
  approved: z.boolean().describe('Whether the other company is approved: only approved companies hold their prefixes'),
});
export type PrefixConflict = z.infer<typeof prefixConflictSchema>;

/** Customer list item of spec point 3, with what the switch page shows. */
export const customerListItemSchema = z.object({
  customerId: z.number().int(),
  permission: z.boolean().describe('True once a super-admin has approved the company'),
  companyName: z.string(),
  serviceName: z.string(),
  planName: z.string().nullable(),
  services: z.array(serviceCodeSchema),
  createdAt: z.string(),
  gcps: z.array(z.string()).describe('GS1 company prefixes the company claims'),
  prefixConflicts: z
    .array(prefixConflictSchema)
    .describe('Its prefixes that overlap those of other companies; one overlapping an approved company blocks its approval'),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

export const customerListResponseSchema = z.object({ result: z.array(customerListItemSchema) });

export const planLimitsSchema = z.object({
  product: z.number().int().nonnegative(),
  link: z.number().int().nonnegative().describe('Links per product'),
  subAdmin: z.number().int().nonnegative(),
});

/** Plan of spec point 3 with the company's current usage. */
export const planSchema = z.object({
  planName: z.string(),
  services: z.array(serviceCodeSchema),
  limits: planLimitsSchema,
  usage: z.object({ product: z.number().int(), subAdmin: z.number().int() }),
  subscription: z.object({ startDate: z.string(), endDate: z.string().nullable(), status: z.string() }).nullable(),
});
export type Plan = z.infer<typeof planSchema>;

export const planInfoResponseSchema = z.object({ result: planSchema });

export const checkLinkQuerySchema = z.object({ productId: idTextSchema });
