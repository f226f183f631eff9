import { z } from 'zod';
import { LINK_TYPES } from '../constants/links.js';
import { COUNTRY_CODES, countryCodeSchema } from './authenticity.js';
import { idSchema, idTextSchema, storable, text } from './common.js';

/*
 * Redirect rules (issue 27 part 3, decision 077): ordered rules per link type of a product, and
 * the company's default rules per link type, that send a scan to another target by the scan's
 * country, the visitor's language, the device, a date window and whether the scanned code carries a
 * batch (`/10/`) or a serial (`/21/`). The gateway's resolver evaluates them from its cache
 * (`redirect-rules.ts` holds the one matching function the console's preview uses too).
 */

/** Most rules one list (a link type of a product, or of the company's defaults) may hold. */
export const REDIRECT_RULES_MAX = 20;
export const REDIRECT_RULE_NAME_MAX = 100;
/** Most languages one rule may name. */
export const REDIRECT_RULE_LANGUAGES_MAX = 20;
/** The devices a rule can name (a scan of any other kind matches only rules that name none). */
export const REDIRECT_RULE_DEVICES = ['ios', 'android', 'desktop'] as const;
export type RedirectRuleDevice = (typeof REDIRECT_RULE_DEVICES)[number];
/** Whether a rule asks the scanned code to carry a batch (or a serial), not to, or does not care. */
export const REDIRECT_RULE_PRESENCE = ['any', 'with', 'without'] as const;
export type RedirectRulePresence = (typeof REDIRECT_RULE_PRESENCE)[number];
/** Where a rule comes from: the product's own list of the link type, or the company's defaults. */
export const REDIRECT_RULE_LEVELS = ['product', 'company'] as const;
export type RedirectRuleLevel = (typeof REDIRECT_RULE_LEVELS)[number];

/** The first and last instant a campaign window may name. */
export const REDIRECT_RULE_TIME_MIN = '2000-01-01T00:00:00.000Z';
export const REDIRECT_RULE_TIME_MAX = '2100-12-31T23:59:59.999Z';

const distinct = <T>(values: readonly T[]) => new Set(values).size === values.length;
const EACH_ONCE = 'Each value once';

/** A language a rule names: `de`, `pt-BR` (compared without case; stored lower case). */
export const ruleLanguageSchema = text()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Must be a language code such as de or pt-BR')
  .transform((code) => code.toLowerCase());

/** An instant with its offset (`2026-05-01T00:00:00Z`, `…+09:00`), answered as UTC ISO. */
const ruleInstantSchema = z.iso
  .datetime({ offset: true })
  .refine((value) => {
    const time = Date.parse(value);
    return time >= Date.parse(REDIRECT_RULE_TIME_MIN) && time <= Date.parse(REDIRECT_RULE_TIME_MAX);
  }, 'Must be between the years 2000 and 2100')
  .transform((value) => new Date(value).toISOString());

export const ruleTargetUrlSchema = storable(z.url({ protocol: /^https?$/, error: 'Must be an http or https URL' }).max(2_000));

/** One rule as the console sends it; the list's order is the rule's order. */
export const redirectRuleInputSchema = z
  .object({
    name: text().trim().max(REDIRECT_RULE_NAME_MAX).default(''),
    targetUrl: ruleTargetUrlSchema,
    countries: z.array(countryCodeSchema).max(COUNTRY_CODES.length).refine(distinct, EACH_ONCE).default([]).describe('ISO 3166-1 alpha-2; empty: any country'),
    languages: z.array(ruleLanguageSchema).max(REDIRECT_RULE_LANGUAGES_MAX).refine(distinct, EACH_ONCE).default([]).describe('empty: any language'),
    devices: z.array(z.enum(REDIRECT_RULE_DEVICES)).max(REDIRECT_RULE_DEVICES.length).refine(distinct, EACH_ONCE).default([]).describe('empty: any device'),
    startsAt: ruleInstantSchema.nullable().default(null).describe('campaign start (inclusive); null: open'),
    endsAt: ruleInstantSchema.nullable().default(null).describe('campaign end (exclusive); null: open'),
    batch: z.enum(REDIRECT_RULE_PRESENCE).default('any').describe('with: only codes that carry a batch (/10/); without: only codes that do not'),
    serial: z.enum(REDIRECT_RULE_PRESENCE).default('any').describe('with: only codes that carry a serial (/21/); without: only codes that do not'),
  })
  .superRefine((rule, context) => {
    if (rule.startsAt && rule.endsAt && rule.endsAt <= rule.startsAt) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'Must be after the start' });
    }
  });
export type RedirectRuleInput = z.input<typeof redirectRuleInputSchema>;
export type RedirectRuleFields = z.output<typeof redirectRuleInputSchema>;

const rulesSchema = z.array(redirectRuleInputSchema).max(REDIRECT_RULES_MAX);
const linkTypeField = z.enum(LINK_TYPES);

/** What a stored rule says, as every answer carries it (instants as UTC ISO). */
const storedRuleShape = {
  targetUrl: z.string(),
  countries: z.array(z.string()),
  languages: z.array(z.string()),
  devices: z.array(z.enum(REDIRECT_RULE_DEVICES)),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  batch: z.enum(REDIRECT_RULE_PRESENCE),
  serial: z.enum(REDIRECT_RULE_PRESENCE),
};

/** A stored rule, as the console reads it. */
export const redirectRuleSchema = z.object({
  ruleId: z.number().int(),
  linkType: z.string(),
  order: z.number().int(),
  name: z.string(),
  ...storedRuleShape,
});
export type RedirectRule = z.infer<typeof redirectRuleSchema>;
export const redirectRuleListResponseSchema = z.object({ result: z.array(redirectRuleSchema) });

/** `GET /api/entry/links/rules?productId&linkType?`: the product's rules (of one link type), by type and order. */
export const productRulesQuerySchema = z.object({ productId: idTextSchema, linkType: linkTypeField.optional() });
/** `PUT /api/entry/links/rules`: replaces the product's rules of one link type, in the order given. */
export const putProductRulesBodySchema = z.object({ productId: idSchema, linkType: linkTypeField, rules: rulesSchema });
export type PutProductRulesBody = z.infer<typeof putProductRulesBodySchema>;

/** `GET /api/service/redirect-rules?linkType?`: the company's default rules. */
export const companyRulesQuerySchema = z.object({ linkType: linkTypeField.optional() });
/** `PUT /api/service/redirect-rules`: replaces the company's default rules of one link type (managers). */
export const putCompanyRulesBodySchema = z.object({ linkType: linkTypeField, rules: rulesSchema });
export type PutCompanyRulesBody = z.infer<typeof putCompanyRulesBodySchema>;

/**
 * A rule as the resolver's record carries it (`resolverEntrySchema.rules`): the product's rules,
 * then the company's defaults, each list in its order: the order the resolver evaluates them in.
 */
export const resolverRuleSchema = z.object({
  ruleId: z.number().int(),
  level: z.enum(REDIRECT_RULE_LEVELS),
  linkType: z.string(),
  ...storedRuleShape,
});
export type ResolverRule = z.infer<typeof resolverRuleSchema>;

/** The longest `utm_campaign` value a scan records (longer ones are cut). */
export const SCAN_CAMPAIGN_MAX = 100;
