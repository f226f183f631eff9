import { describe, expect, it } from 'vitest';
import { chooseRedirectRule, firstMatchingRule, ruleMatches, type RuleVisitor } from './redirect-rules.js';
import {
  putCompanyRulesBodySchema,
  putProductRulesBodySchema,
  redirectRuleInputSchema,
  resolverEntrySchema,
  REDIRECT_RULES_MAX,
  type RedirectRuleFields,
} from './index.js';

const rule = (fields: Partial<RedirectRuleFields> = {}): RedirectRuleFields => redirectRuleInputSchema.parse({ targetUrl: 'https://brand.example/campaign', ...fields });

const visitor = (fields: Partial<RuleVisitor> = {}): RuleVisitor => ({
  country: 'DE',
  language: 'de-at',
  device: 'ios',
  at: Date.parse('2026-06-15T12:00:00Z'),
  batch: false,
  serial: false,
  ...fields,
});

describe('a redirect rule as the console sends it', () => {
  it('fills what it leaves out: any country, language, device and time, codes with or without batch and serial', () => {
    expect(rule()).toEqual({
      name: '',
      targetUrl: 'https://brand.example/campaign',
      countries: [],
      languages: [],
      devices: [],
      startsAt: null,
      endsAt: null,
      batch: 'any',
      serial: 'any',
    });
  });

  it('keeps languages lower case and instants in UTC', () => {
    expect(rule({ languages: ['pt-BR', 'DE'], startsAt: '2026-05-01T09:00:00+09:00' })).toMatchObject({
      languages: ['pt-br', 'de'],
      startsAt: '2026-05-01T00:00:00.000Z',
    });
  });

  it('names each refused field', () => {
    const result = redirectRuleInputSchema.safeParse({
      name: 'x'.repeat(101),
      targetUrl: 'javascript:alert(1)',
      countries: ['DE', 'DE', 'ZZ'],
      languages: ['german'],
      devices: ['fridge'],
      startsAt: '2026-06-01T00:00:00Z',
      endsAt: '2026-05-01T00:00:00Z',
      batch: 'maybe',
    });
    expect(result.success).toBe(false);
    const paths = new Set(result.error!.issues.map((issue) => issue.path.join('.')));
    expect([...paths].sort()).toEqual(['batch', 'countries', 'countries.2', 'devices.0', 'languages.0', 'name', 'targetUrl'].sort());
    // The window is checked once the fields themselves are right.
    const window = redirectRuleInputSchema.safeParse({ targetUrl: 'https://a.example', startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' });
    expect(window.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['endsAt']);
    expect(redirectRuleInputSchema.safeParse({ targetUrl: 'https://a.example', startsAt: '1999-12-31T00:00:00Z' }).success).toBe(false);
  });

  it('bounds a list to REDIRECT_RULES_MAX rules of one link type', () => {
    const rules = Array.from({ length: REDIRECT_RULES_MAX + 1 }, () => ({ targetUrl: 'https://a.example' }));
    expect(putProductRulesBodySchema.safeParse({ productId: 1, linkType: 'gs1:pip', rules }).success).toBe(false);
    expect(putProductRulesBodySchema.safeParse({ productId: 1, linkType: 'gs1:pip', rules: rules.slice(1) }).success).toBe(true);
    expect(putCompanyRulesBodySchema.safeParse({ linkType: 'gs1:nothing', rules: [] }).success).toBe(false);
  });

  it('travels with the resolver record, which reads as before without it', () => {
    const record = { entryPath: '/01/09506000134352', entryId: 1, productId: 2, companyId: 3, title: 'Boots', links: [] };
    expect(resolverEntrySchema.parse(record).rules).toBeUndefined();
  });
});

describe('which rule takes a scan', () => {
  it('takes a scan that every condition the rule sets holds for', () => {
    const germanIphone = rule({ countries: ['DE', 'AT'], languages: ['de'], devices: ['ios'], startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-07-01T00:00:00Z' });
    expect(ruleMatches(germanIphone, visitor())).toBe(true);
    expect(ruleMatches(germanIphone, visitor({ country: 'FR' }))).toBe(false);
    expect(ruleMatches(germanIphone, visitor({ country: null }))).toBe(false);
    expect(ruleMatches(germanIphone, visitor({ language: 'fr' }))).toBe(false);
    expect(ruleMatches(germanIphone, visitor({ language: null }))).toBe(false);
    expect(ruleMatches(germanIphone, visitor({ device: 'android' }))).toBe(false);
    expect(ruleMatches(germanIphone, visitor({ device: 'other' }))).toBe(false);
    expect(ruleMatches(germanIphone, visitor({ at: Date.parse('2026-07-01T00:00:00Z') }))).toBe(false);
    expect(ruleMatches(germanIphone, visitor({ at: Date.parse('2026-06-01T00:00:00Z') }))).toBe(true);
    expect(ruleMatches(germanIphone, visitor({ at: Date.parse('2026-05-31T23:59:59Z') }))).toBe(false);
  });

  it('compares a language exactly or by its primary language', () => {
    expect(ruleMatches(rule({ languages: ['pt'] }), visitor({ language: 'pt-br' }))).toBe(true);
    expect(ruleMatches(rule({ languages: ['pt-br'] }), visitor({ language: 'pt-br' }))).toBe(true);
    expect(ruleMatches(rule({ languages: ['pt-br'] }), visitor({ language: 'pt' }))).toBe(false);
    expect(ruleMatches(rule({ languages: ['pt-br'] }), visitor({ language: 'pt-pt' }))).toBe(false);
  });

  it('asks for a batch or a serial on the code, their absence, or neither', () => {
    expect(ruleMatches(rule({ batch: 'with' }), visitor({ batch: true }))).toBe(true);
    expect(ruleMatches(rule({ batch: 'with' }), visitor({ batch: false }))).toBe(false);
    expect(ruleMatches(rule({ batch: 'without' }), visitor({ batch: true }))).toBe(false);
    expect(ruleMatches(rule({ serial: 'with' }), visitor({ serial: true }))).toBe(true);
    expect(ruleMatches(rule({ serial: 'without' }), visitor({ serial: true }))).toBe(false);
    expect(ruleMatches(rule({ serial: 'without' }), visitor({ serial: false }))).toBe(true);
  });

  it('is the first matching rule of the product, then of the company, else none', () => {
    const french = rule({ countries: ['FR'], targetUrl: 'https://brand.example/fr' });
    const ios = rule({ devices: ['ios'], targetUrl: 'https://brand.example/ios' });
    const any = rule({ targetUrl: 'https://brand.example/any' });
    expect(firstMatchingRule([french, ios, any], visitor())).toBe(ios);
    expect(chooseRedirectRule([french], [ios, any], visitor())).toEqual({ level: 'company', rule: ios, position: 0 });
    expect(chooseRedirectRule([french, any], [ios], visitor())).toEqual({ level: 'product', rule: any, position: 1 });
    expect(chooseRedirectRule([french], [french], visitor())).toBeNull();
  });
});
