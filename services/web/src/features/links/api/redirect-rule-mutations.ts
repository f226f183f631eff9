import type { LinkType, RedirectRule, RedirectRuleInput } from '@product-console/shared';
import { api } from '@/lib/api-client';

/** `PUT /api/entry/links/rules`: replaces the product's rules of one link type, in this order. */
export const putProductRules = (productId: number, linkType: LinkType, rules: RedirectRuleInput[]) =>
  api.put<{ result: RedirectRule[] }>('/bff/api/entry/links/rules', { productId, linkType, rules });

/** `PUT /api/service/redirect-rules`: replaces the company's default rules of one link type (managers). */
export const putCompanyRules = (linkType: LinkType, rules: RedirectRuleInput[]) =>
  api.put<{ result: RedirectRule[] }>('/bff/api/service/redirect-rules', { linkType, rules });
