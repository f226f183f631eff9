import { z } from 'zod';
import { idTextSchema, text } from './common.js';
import { serviceCodeSchema } from './company.js';
import { productInputSchema, productUpdateInputSchema } from './product-detail.js';
import { SERIAL_STATUS_REASON_MAX, serialStatusSchema } from './authenticity.js';
import { contentBlockSchema, contentUpdateBodySchema, designSchema } from './content.js';
import { batchCreateFields, batchDatesInOrder, batchSchema } from './batch.js';
import { createLinkBodySchema, linkSchema, updateLinkBodySchema } from './link.js';
import { placeCreateBodySchema, placeSchema } from './place.js';
import { recallFieldsSchema, recallSchema, recallScopeRules } from './recall.js';
import { passportResponseSchema, passportVersionSchema, putPassportBodySchema } from './passport.js';

/*
 * The public REST API `/api/v1` (issue 30 §1): machine clients with API keys that carry scopes.
 * Request bodies reuse the console's schemas, so a product is checked by the same rules whichever
 * way it arrives; the answers are the API's own, stable shapes.
 */

export * from './api-scopes.js';

/* ---------- Errors: RFC 9457 problem details ---------- */

/** Problem types are relative URIs under the API's reference page, which describes each. */
export const PROBLEM_TYPE_BASE = '/api/v1/docs#problem-';

export const problemSchema = z
  .object({
    type: z.string().describe('A URI naming the kind of problem'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z
      .array(z.object({ pointer: z.string().describe('The field, as a dotted path'), detail: z.string() }))
      .optional()
      .describe('Field errors of a 400'),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;

/* ---------- Paging ---------- */

export const V1_PAGE_LIMIT_MAX = 200;
export const V1_PAGE_LIMIT_DEFAULT = 50;
/** An opaque cursor: what `next` of the previous page said. */
export const CURSOR_MAX = 200;

export const v1PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(V1_PAGE_LIMIT_MAX).default(V1_PAGE_LIMIT_DEFAULT).describe('Items per page'),
  cursor: text().max(CURSOR_MAX).optional().describe('The `next` cursor of the previous page'),
  updatedSince: z.iso.datetime({ offset: true }).optional().describe('Only items changed at or after this time (RFC 3339), for synchronisation'),
});
export type V1PageQuery = z.infer<typeof v1PageQuerySchema>;

export const v1Page = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    next: z.string().nullable().describe('Cursor of the next page, null on the last one'),
  });

/* ---------- Resources ---------- */

export const v1ProjectSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Project' });
export type V1Project = z.infer<typeof v1ProjectSchema>;

export const v1ProductSchema = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    service: serviceCodeSchema,
    name: z.string(),
    number: z.string(),
    website: z.string(),
    description: z.string(),
    features: z.string(),
    gtin: z.string().describe('GTIN-14 (AI 01)'),
    entryPath: z.string().nullable().describe('The GS1 Digital Link path of the product, /01/{gtin}'),
    digitalLink: z.string().nullable().describe('The product’s GS1 Digital Link URI'),
    createdAt: z.string(),
    updatedAt: z.string(),
    deletedAt: z.string().nullable().describe('Set on deleted products, which lists show only to `updatedSince` (for synchronisation)'),
  })
  .meta({ id: 'Product' });
export type V1Product = z.infer<typeof v1ProductSchema>;

export const v1ProductCreateSchema = productInputSchema
  .extend({ service: serviceCodeSchema.default('DL').describe('DL (Digital Link) or DPP (with a passport)') })
  .meta({ id: 'ProductCreate' });
export type V1ProductCreate = z.infer<typeof v1ProductCreateSchema>;

/** A whole product's new description (PUT): fields left out take their defaults. Images are kept. */
export const v1ProductUpdateSchema = productUpdateInputSchema
  .omit({ retainedImages: true, retainCareInfoImage: true })
  .extend({ service: serviceCodeSchema.optional().describe('Unchanged when left out') })
  .meta({ id: 'ProductUpdate' });
export type V1ProductUpdate = z.infer<typeof v1ProductUpdateSchema>;

export const v1ProductListQuerySchema = v1PageQuerySchema.extend({ projectId: idTextSchema.optional() });
export const v1ProductIdParamSchema = z.object({ productId: idTextSchema });
export const v1ProjectIdParamSchema = z.object({ projectId: idTextSchema });

export const V1_SERIALS_PER_CALL_MAX = 1000;

export const v1SerialSchema = z
  .object({
    id: z.number().int(),
    serial: z.string(),
    path: z.string().describe('/21/{serial}, percent-encoded'),
    status: serialStatusSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Serial' });
export type V1Serial = z.infer<typeof v1SerialSchema>;

export const v1SerialsCreateSchema = z
  .object({
    serials: z
      .array(text().min(1).max(20))
      .min(1)
      .max(V1_SERIALS_PER_CALL_MAX)
      .describe(`Serial numbers (AI 21) to register, at most ${V1_SERIALS_PER_CALL_MAX}; all or none are stored`),
  })
  .meta({ id: 'SerialsCreate' });
export const v1SerialsCreatedSchema = z.object({ data: z.array(v1SerialSchema) });
export const v1SerialIdParamSchema = z.object({ productId: idTextSchema, serialId: idTextSchema });
export const v1SerialStatusSchema = z
  .object({
    status: serialStatusSchema,
    reason: text().trim().max(SERIAL_STATUS_REASON_MAX).optional().describe('Required to deactivate or blacklist'),
  })
  .refine((body) => body.status === 'active' || Boolean(body.reason), { path: ['reason'], message: 'A reason is required to deactivate or blacklist a serial.' })
  .meta({ id: 'SerialStatus' });
export const v1SerialListQuerySchema = v1PageQuerySchema.extend({ status: serialStatusSchema.optional() });

export const v1PassportDraftSchema = putPassportBodySchema.omit({ productId: true }).meta({ id: 'PassportDraft' });
export type V1PassportDraft = z.infer<typeof v1PassportDraftSchema>;

export const v1CredentialQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(1_000_000).optional().describe('A published version; default the latest'),
  lot: text().max(20).optional().describe('A batch passport’s subject is this batch'),
  serial: text().max(20).optional().describe('An item passport’s subject is this serial'),
});

export const v1PassportSchema = passportResponseSchema.shape.result.meta({ id: 'Passport' });
export const v1PassportVersionSchema = passportVersionSchema.meta({ id: 'PassportVersion' });


/* ---------- Batches, links, recalls, places: the services' own shapes ---------- */

export const v1BatchSchema = batchSchema.meta({ id: 'Batch' });
export const v1BatchCreateSchema = z.object(batchCreateFields).superRefine(batchDatesInOrder).meta({ id: 'BatchCreate' });
/** The fields that change (the lot number too); the others keep their values. */
export const v1BatchUpdateSchema = z
  .object({ ...batchCreateFields, lot: batchCreateFields.lot.optional() })
  .superRefine(batchDatesInOrder)
  .meta({ id: 'BatchUpdate' });
export const v1BatchIdParamSchema = z.object({ productId: idTextSchema, batchId: idTextSchema });

export const v1LinkSchema = linkSchema.meta({ id: 'Link' });
/** A link of the product's entry, or of one of its serials with `qualifierId`. */
export const v1LinkCreateSchema = createLinkBodySchema.omit({ productId: true, entryId: true, entryPath: true }).meta({ id: 'LinkCreate' });
/** The fields of a link that change; `order` moves it within its set. */
export const v1LinkUpdateSchema = updateLinkBodySchema.shape.updatedLink.omit({ linkId: true }).meta({ id: 'LinkUpdate' });
export const v1LinkIdParamSchema = z.object({ productId: idTextSchema, linkId: idTextSchema });
export const v1LinkListQuerySchema = z.object({ qualifierId: idTextSchema.optional().describe('The links of this serial instead of the product’s') });

export const v1RecallSchema = recallSchema.meta({ id: 'Recall' });
export const v1RecallCreateSchema = recallFieldsSchema.omit({ productId: true }).superRefine(recallScopeRules).meta({ id: 'RecallCreate' });
export const v1RecallIdParamSchema = z.object({ recallId: idTextSchema });

export const v1PlaceSchema = placeSchema.meta({ id: 'Place' });
export const v1PlaceWriteSchema = placeCreateBodySchema.meta({ id: 'PlaceWrite' });
export const v1PlaceIdParamSchema = z.object({ placeId: idTextSchema });

/* ---------- A product's page: content blocks and design ---------- */

export const v1ContentSchema = z.object({ data: z.array(contentBlockSchema.meta({ id: 'ContentBlock' })) });
export const v1ContentWriteSchema = contentUpdateBodySchema.omit({ productId: true }).meta({ id: 'ContentWrite' });
export const v1DesignSchema = designSchema.meta({ id: 'Design' });
