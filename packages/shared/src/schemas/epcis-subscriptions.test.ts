import { describe, expect, it } from 'vitest';
import { epcisQueryBuilderSchema, epcisQueryParamsOf, epcisSubscriptionCreateSchema } from './epcis-subscriptions.js';

describe('the query builder', () => {
  it('maps each field given to its SimpleEventQuery parameter, a GLN to its Digital Link, and leaves out empty ones', () => {
    const builder = epcisQueryBuilderSchema.parse({ name: 'dock', eventType: '', bizStep: 'shipping', disposition: '', place: '9506000134369', epc: 'urn:epc:idpat:sgtin:0614141.107346.*' });
    expect(epcisQueryParamsOf(builder)).toEqual({
      EQ_bizStep: 'shipping',
      EQ_bizLocation: 'https://id.gs1.org/414/9506000134369',
      MATCH_epc: 'urn:epc:idpat:sgtin:0614141.107346.*',
    });
    expect(epcisQueryParamsOf(epcisQueryBuilderSchema.parse({ name: 'all' }))).toEqual({});
  });

  it('refuses a GLN with a wrong check digit, a word outside the CBV, a name that is not a path segment and text that is no EPC', () => {
    const paths = (input: object) => (epcisQueryBuilderSchema.safeParse(input).error?.issues ?? []).map((issue) => issue.path.join('.'));
    expect(paths({ name: 'a', place: '9506000134368' })).toEqual(['place']);
    expect(paths({ name: 'a', bizStep: 'teleporting' })).toEqual(['bizStep']);
    expect(paths({ name: 'a/b' })).toEqual(['name']);
    expect(paths({ name: 'a', epc: 'hello' })).toEqual(['epc']);
  });
});

describe('a subscription', () => {
  const base = { queryName: 'dock', dest: 'https://erp.example.com/epcis', delivery: 'stream' as const };
  it('takes an http(s) destination only, and a schedule with at least one field when scheduled', () => {
    expect(epcisSubscriptionCreateSchema.safeParse(base).success).toBe(true);
    expect(epcisSubscriptionCreateSchema.safeParse({ ...base, dest: 'ftp://erp.example.com/x' }).success).toBe(false);
    expect(epcisSubscriptionCreateSchema.safeParse({ ...base, delivery: 'schedule', schedule: { minute: '' } }).error?.issues[0]?.path).toEqual(['schedule', 'minute']);
    expect(epcisSubscriptionCreateSchema.safeParse({ ...base, delivery: 'schedule', schedule: { hour: '[1-5]', minute: '*/15' } }).success).toBe(true);
    expect(epcisSubscriptionCreateSchema.safeParse({ ...base, delivery: 'schedule', schedule: { hour: 'noon' } }).success).toBe(false);
    expect(epcisSubscriptionCreateSchema.parse({ ...base, signatureToken: '' }).signatureToken).toBeUndefined();
  });
});
