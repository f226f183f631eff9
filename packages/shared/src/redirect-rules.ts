import type { RedirectRuleDevice, RedirectRulePresence } from './schemas/redirect-rule.js';

/*
 * The one matching of redirect rules (decision 077), for the gateway's resolver and the console's
 * "test this rule" preview. Pure: the caller says who scanned, where and when.
 */

/** What a rule looks at. */
export interface RuleConditions {
  /** ISO 3166-1 alpha-2 codes; empty: any country. */
  countries: readonly string[];
  /** Lower-case language codes (`de`, `pt-br`); empty: any language. */
  languages: readonly string[];
  devices: readonly RedirectRuleDevice[];
  /** ISO instants; null: open. */
  startsAt: string | null;
  endsAt: string | null;
  batch: RedirectRulePresence;
  serial: RedirectRulePresence;
}

/** One scan as the rules see it. */
export interface RuleVisitor {
  /** The scan's country (the analytics' geolocation), null when unknown. */
  country: string | null;
  /** The visitor's most wanted language (`de-at`, lower case), null when none. */
  language: string | null;
  /** `other` (a bot, an unknown agent) matches only rules that name no device. */
  device: RedirectRuleDevice | 'other';
  /** The scan's time, milliseconds since the epoch. */
  at: number;
  /** The scanned code carries a batch (`/10/`). */
  batch: boolean;
  /** The scanned code carries a serial (`/21/`). */
  serial: boolean;
}

const presenceMatches = (presence: RedirectRulePresence, present: boolean) => presence === 'any' || (presence === 'with') === present;

/**
 * A rule's language matches the visitor's language exactly or as its primary language: a rule for
 * `de` takes `de-at`; a rule for `pt-br` does not take `pt`.
 */
function languageMatches(languages: readonly string[], language: string | null): boolean {
  if (languages.length === 0) return true;
  if (language === null) return false;
  const primary = language.split('-', 1)[0];
  return languages.some((code) => code === language || code === primary);
}

/** Whether a rule takes this scan: every condition it sets holds (a window's start inclusive, its end exclusive). */
export function ruleMatches(rule: RuleConditions, visitor: RuleVisitor): boolean {
  if (rule.countries.length > 0 && (visitor.country === null || !rule.countries.includes(visitor.country))) return false;
  if (!languageMatches(rule.languages, visitor.language)) return false;
  if (rule.devices.length > 0 && (visitor.device === 'other' || !rule.devices.includes(visitor.device))) return false;
  if (rule.startsAt !== null && visitor.at < Date.parse(rule.startsAt)) return false;
  if (rule.endsAt !== null && visitor.at >= Date.parse(rule.endsAt)) return false;
  return presenceMatches(rule.batch, visitor.batch) && presenceMatches(rule.serial, visitor.serial);
}

/** The first rule of the list that takes the scan, or null. */
export function firstMatchingRule<T extends RuleConditions>(rules: readonly T[], visitor: RuleVisitor): T | null {
  for (const rule of rules) if (ruleMatches(rule, visitor)) return rule;
  return null;
}

/** The rule a scan of a link type follows: the product's rules in their order, then the company's defaults; null: the link's own target. */
export function chooseRedirectRule<T extends RuleConditions>(
  productRules: readonly T[],
  companyRules: readonly T[],
  visitor: RuleVisitor,
): { level: 'product' | 'company'; rule: T; position: number } | null {
  const own = firstMatchingRule(productRules, visitor);
  if (own) return { level: 'product', rule: own, position: productRules.indexOf(own) };
  const fallback = firstMatchingRule(companyRules, visitor);
  return fallback ? { level: 'company', rule: fallback, position: companyRules.indexOf(fallback) } : null;
}

/** A rule needs the scan's country only when it names countries: the geolocation is looked up for those alone. */
export const ruleNeedsCountry = (rule: Pick<RuleConditions, 'countries'>) => rule.countries.length > 0;
