import { z } from 'zod';
import { idSchema } from './common.js';
import { planLimitsSchema, serviceCodeSchema } from './company.js';

/** One plan of the pricing page: GET /api/service/plan/list. */
export const pricingPlanSchema = z.object({
  planId: z.number().int(),
  planName: z.string(),
  services: z.array(serviceCodeSchema),
  limits: planLimitsSchema,
  current: z.boolean().describe("The caller company's plan"),
  price: z
    .object({ monthly: z.number().int().describe('in the minor unit (cents)'), currency: z.string() })
    .nullable()
    .describe('null: the price is on request'),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;
export const planListResponseSchema = z.object({ result: z.array(pricingPlanSchema) });

/** `POST /api/service/plan/request`: a manager asks for another plan; the operators (super-admins) are told. */
export const planRequestBodySchema = z.object({ planId: idSchema });
