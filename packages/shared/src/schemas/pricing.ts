import { z } from 'zod';
import { planLimitsSchema, serviceCodeSchema } from './company.js';

/** One plan of the pricing page: GET /api/service/plan/list. */
export const pricingPlanSchema = z.object({
  planId: z.number().int(),
  planName: z.string(),
  services: z.array(serviceCodeSchema),
  limits: planLimitsSchema,
  current: z.boolean().describe("The caller company's plan"),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;
export const planListResponseSchema = z.object({ result: z.array(pricingPlanSchema) });
