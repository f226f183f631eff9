import { describe, expect, it } from 'vitest';
import { buildEpcisEvent, defaultEventValues, eventFormSchema, fieldOfEventPath, type EventFormValues } from '@/features/trace/model/event-form';
import { TIME_ZONE_OFFSETS, browserOffset, formatOffset, localInputValue, offsetMinutes } from '@/features/trace/model/event-time';

const GTIN = '09506000134352';
const values = (overrides: Partial<EventFormValues>): EventFormValues => ({ ...defaultEventValues('2026-11-24T09:30', '+01:00'), ...overrides });

describe('buildEpcisEvent', () => {
  it('writes a shipping object event with Digital Link identifiers, GLN places and typed lists', () => {
    const event = buildEpcisEvent(
      values({
        bizStep: 'shipping',
        disposition: 'in_transit',
        readPoint: '9521234000006',
        bizLocation: 'urn:epc:id:sgln:9521234.00000.1',
        serials: ['S-1', 'A/B'],
        bizTransactions: [{ type: 'po', value: 'urn:epcglobal:cbv:bt:9521234000006:PO-4711' }],
        sources: [{ type: 'owning_party', value: '9521234000006' }],
        destinations: [{ type: 'location', value: '9521234000013' }],
      }),
      GTIN,
    );
    expect(event).toEqual({
      type: 'ObjectEvent',
      eventTime: '2026-11-24T09:30:00+01:00',
      eventTimeZoneOffset: '+01:00',
      action: 'OBSERVE',
      epcList: [`https://id.gs1.org/01/${GTIN}/21/S-1`, `https://id.gs1.org/01/${GTIN}/21/A%2FB`],
      bizStep: 'shipping',
      disposition: 'in_transit',
      readPoint: { id: 'https://id.gs1.org/414/9521234000006' },
      bizLocation: { id: 'urn:epc:id:sgln:9521234.00000.1' },
      bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epcglobal:cbv:bt:9521234000006:PO-4711' }],
      sourceList: [{ type: 'owning_party', source: 'https://id.gs1.org/417/9521234000006' }],
      destinationList: [{ type: 'location', destination: 'https://id.gs1.org/414/9521234000013' }],
    });
  });

  it('writes an aggregation with the SSCC as parent, children and a class quantity', () => {
    const event = buildEpcisEvent(
      values({ eventType: 'AggregationEvent', action: 'ADD', bizStep: 'packing', parentId: '106141412345678908', serials: ['S-1'], withQuantity: true, quantity: '12', uom: '' }),
      GTIN,
    );
    expect(event).toMatchObject({
      type: 'AggregationEvent',
      action: 'ADD',
      parentID: 'https://id.gs1.org/00/106141412345678908',
      childEPCs: [`https://id.gs1.org/01/${GTIN}/21/S-1`],
      childQuantityList: [{ epcClass: `https://id.gs1.org/01/${GTIN}`, quantity: 12 }],
      bizStep: 'packing',
    });
    expect(event).not.toHaveProperty('epcList');
  });

  it('keeps the seconds of a time that has them', () => {
    expect(buildEpcisEvent(values({ eventTime: '2026-11-24T09:30:15', serials: ['S-1'] }), GTIN).eventTime).toBe('2026-11-24T09:30:15+01:00');
  });

  it('writes a transaction event with its transaction and an optional parent', () => {
    const event = buildEpcisEvent(
      values({ eventType: 'TransactionEvent', action: 'ADD', serials: ['S-2'], bizTransactions: [{ type: 'inv', value: 'urn:epcglobal:cbv:bt:9521234000006:INV-1' }] }),
      GTIN,
    );
    expect(event).toMatchObject({
      type: 'TransactionEvent',
      action: 'ADD',
      epcList: [`https://id.gs1.org/01/${GTIN}/21/S-2`],
      bizTransactionList: [{ type: 'inv', bizTransaction: 'urn:epcglobal:cbv:bt:9521234000006:INV-1' }],
    });
    expect(event).not.toHaveProperty('parentID');
  });

  it('writes a transformation without an action, inputs and outputs apart', () => {
    const event = buildEpcisEvent(
      values({
        eventType: 'TransformationEvent',
        serials: ['S-1'],
        withQuantity: true,
        quantity: '2.5',
        uom: 'KGM',
        outputSerials: ['S-9'],
        bizStep: 'repairing',
      }),
      GTIN,
    );
    expect(event).toEqual({
      type: 'TransformationEvent',
      eventTime: '2026-11-24T09:30:00+01:00',
      eventTimeZoneOffset: '+01:00',
      inputEPCList: [`https://id.gs1.org/01/${GTIN}/21/S-1`],
      inputQuantityList: [{ epcClass: `https://id.gs1.org/01/${GTIN}`, quantity: 2.5, uom: 'KGM' }],
      outputEPCList: [`https://id.gs1.org/01/${GTIN}/21/S-9`],
      bizStep: 'repairing',
    });
  });
});

describe('eventFormSchema', () => {
  const issues = (input: EventFormValues) => {
    const result = eventFormSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('asks for objects, a valid parent, GLNs with their check digit and URIs for transactions', () => {
    expect(issues(values({}))).toEqual({ serials: 'trace.form.error.objects' });
    expect(issues(values({ eventType: 'AggregationEvent', action: 'ADD', serials: ['S-1'] }))).toEqual({ parentId: 'form.required' });
    expect(issues(values({ eventType: 'AggregationEvent', action: 'ADD', serials: ['S-1'], parentId: '106141412345678909' }))).toEqual({
      parentId: 'trace.form.error.parent',
    });
    expect(issues(values({ serials: ['S-1'], readPoint: '9521234000007', sources: [{ type: 'owning_party', value: 'ACME' }] }))).toEqual({
      readPoint: 'trace.form.error.place',
      'sources.0.value': 'trace.form.error.place',
    });
    expect(issues(values({ eventType: 'TransactionEvent', serials: ['S-1'] }))).toEqual({ bizTransactions: 'trace.form.error.transactionNeeded' });
    expect(issues(values({ serials: ['S-1'], bizTransactions: [{ type: 'po', value: 'PO 4711' }] }))).toEqual({ 'bizTransactions.0.value': 'trace.form.error.uri' });
    expect(issues(values({ withQuantity: true, quantity: '0' }))).toEqual({ quantity: 'trace.form.error.quantity' });
    expect(issues(values({ eventType: 'TransformationEvent' }))).toEqual({ serials: 'trace.form.error.transformation' });
    expect(issues(values({ serials: ['S-1'], timeZoneOffset: '+15:00' }))).toEqual({ timeZoneOffset: 'trace.form.error.offset' });
    expect(issues(values({ serials: ['S-1'] }))).toEqual({});
  });
});

describe('fieldOfEventPath', () => {
  it('maps EPCIS pointers and API paths to the form fields', () => {
    expect(fieldOfEventPath('/epcList/0')).toBe('serials');
    expect(fieldOfEventPath('epcList.0')).toBe('serials');
    expect(fieldOfEventPath('/childEPCs')).toBe('serials');
    expect(fieldOfEventPath('/outputEPCList/1')).toBe('outputSerials');
    expect(fieldOfEventPath('/quantityList/0/uom')).toBe('uom');
    expect(fieldOfEventPath('/bizTransactionList/1/bizTransaction')).toBe('bizTransactions.1.value');
    expect(fieldOfEventPath('body.sourceList.0.source')).toBe('sources.0.value');
    expect(fieldOfEventPath('/eventTimeZoneOffset')).toBe('timeZoneOffset');
    expect(fieldOfEventPath('/parentID')).toBe('parentId');
    expect(fieldOfEventPath('/ilmd/x')).toBeNull();
    expect(fieldOfEventPath(undefined)).toBeNull();
  });
});

describe('event time helpers', () => {
  it('turns offsets into minutes and back, and lists every quarter hour from −12:00 to +14:00', () => {
    expect(offsetMinutes('+05:30')).toBe(330);
    expect(offsetMinutes('-03:00')).toBe(-180);
    expect(formatOffset(-570)).toBe('-09:30');
    expect(TIME_ZONE_OFFSETS[0]).toBe('-12:00');
    expect(TIME_ZONE_OFFSETS.at(-1)).toBe('+14:00');
    expect(TIME_ZONE_OFFSETS).toContain('+05:45');
    expect(TIME_ZONE_OFFSETS).toContain(browserOffset(new Date('2026-11-24T09:30:00Z')));
    expect(localInputValue(new Date('2026-11-24T09:30:00Z'), '+09:00')).toBe('2026-11-24T18:30:00');
  });
});
