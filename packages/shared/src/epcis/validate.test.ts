import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventHash } from './event-hash.js';
import { formatEventIdentifiers } from './format.js';
import { prefixLengthFromPrefixes } from './identifiers.js';
import { standardsPath } from '../../../../tests/fixtures/standards/index.mjs';
import { extractEventFields, splitTypedValue, typedValue, validateEpcisDocument, validateEpcisEvent, validateEpcisQueryDocument, type EpcisProblem } from './validate.js';

const root = standardsPath('epcis/openepcis-test-resources');
const read = (path: string): Record<string, unknown> => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;
const jsonFiles = (dir: string) => readdirSync(join(root, dir)).filter((file) => file.endsWith('.json')).sort();
const CONTEXT = ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld'];

function document(events: unknown[], context: unknown = CONTEXT): Record<string, unknown> {
  return { '@context': context, type: 'EPCISDocument', schemaVersion: '2.0', creationDate: '2024-05-01T10:00:00Z', epcisBody: { eventList: events } };
}

const details = (problems: EpcisProblem[]) => problems.map((problem) => problem.detail);

describe('EPCIS documents of the openepcis test resources', () => {
  it.each(jsonFiles('Capture/Documents'))('accepts Capture/Documents/%s', (file) => {
    const doc = read(`Capture/Documents/${file}`);
    const result = validateEpcisDocument(doc);
    expect(result.ok ? [] : details(result.problems)).toEqual([]);
    if (result.ok) expect(result.events).toEqual((doc.epcisBody as { eventList: unknown[] }).eventList);
  });

  it.each(jsonFiles('Capture/Events'))('accepts the bare event Capture/Events/%s in a document', (file) => {
    const event = read(`Capture/Events/${file}`);
    const context = event['@context'] ?? CONTEXT;
    expect(validateEpcisEvent(event, 0, context)).toEqual([]);
    const result = validateEpcisDocument(document([event], context));
    expect(result.ok ? [] : details(result.problems)).toEqual([]);
  });

  it.each(jsonFiles('Query'))('reads the events of the query document Query/%s', (file) => {
    const doc = read(`Query/${file}`);
    const result = validateEpcisQueryDocument(doc);
    expect(result.ok ? [] : details(result.problems)).toEqual([]);
    if (result.ok) {
      expect(result.events.length).toBeGreaterThan(0);
      for (const event of result.events) expect(extractEventFields(event).eventTime.getTime()).not.toBeNaN();
    }
  });

  it.each([
    ['QueryDocument_with_invalid_action.json', 'action "INVALIDACTION" is not one of ADD, OBSERVE, DELETE'],
    ['QueryDocument_with_invalid_eventType.json', 'type "ObjectEventInvalid" is not an EPCIS event type'],
  ])('refuses Query/Invalid/%s', (file, cause) => {
    const result = validateEpcisQueryDocument(read(`Query/Invalid/${file}`));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(details(result.problems).join('\n')).toContain(cause);
  });

  /** For each invalid document: the causes (detail fragments) with the event they concern. */
  const invalid: Record<string, [number | undefined, string][]> = {
    'Combination_of_events_with_missing_mandatory_fields.json': [
      [0, 'action is required in ObjectEvent'],
      [1, 'eventTimeZoneOffset is required in ObjectEvent'],
      [1, 'action is required in ObjectEvent'],
    ],
    'Combination_of_multiple_invalid_fields.json': [
      [0, 'bizStep "transforming" is not a CBV business step'],
      [1, 'disposition "in_transport" is not a CBV disposition'],
      [2, 'sourceList type "place" is not a CBV source/destination type'],
      [3, "ilmd field 'materialType' has no namespace"],
      [4, 'eventTime "22-07-2026" is not a date-time'],
      [4, 'action "CREATE" is not one of ADD, OBSERVE, DELETE'],
    ],
    'Combination_of_non_standard_bizStep_and_disposition.json': [
      [0, 'bizStep "transforming" is not a CBV business step'],
      [1, 'disposition "in_transport" is not a CBV disposition'],
    ],
    'EPCISDocument_without_context.json': [[undefined, '@context is required']],
    'ObjectEvent_with_ilmd_field_without_namespace.json': [[0, "ilmd field 'materialType' has no namespace"]],
    'ObjectEvent_with_invalid_action.json': [[0, 'action "CREATE" is not one of ADD, OBSERVE, DELETE']],
    'ObjectEvent_with_invalid_certificationInfo.json': [[0, 'certificationInfo must be a URI or a list of URIs']],
    'ObjectEvent_with_invalid_eventTime_format.json': [[0, 'eventTime "22-07-2026" is not a date-time']],
    'ObjectEvent_with_non_standard_bizStep.json': [[0, 'bizStep "transforming" is not a CBV business step']],
    'ObjectEvent_with_non_standard_bizStep_in_second_event.json': [[1, 'bizStep "transforming" is not a CBV business step']],
    'ObjectEvent_with_non_standard_disposition.json': [[0, 'disposition "in_transport" is not a CBV disposition']],
    'ObjectEvent_with_quantity_as_text.json': [[0, 'quantity must be a number, got "twenty"']],
    'ObjectEvent_with_unknown_field_in_quantityList.json': [[0, "unknown field 'weight' in quantityList"]],
    'ObjectEvent_without_action_and_eventTime.json': [
      [0, 'eventTime is required in ObjectEvent'],
      [0, 'eventTimeZoneOffset is required in ObjectEvent'],
      [0, 'action is required in ObjectEvent'],
    ],
    'ObjectEvent_without_identifier_list.json': [[0, 'ObjectEvent needs epcList or quantityList']],
  };

  it('has a cause for every invalid document', () => {
    expect(jsonFiles('Capture/Invalid')).toEqual(Object.keys(invalid).sort());
  });

  it.each(Object.entries(invalid))('refuses Capture/Invalid/%s naming the cause', (file, causes) => {
    const result = validateEpcisDocument(read(`Capture/Invalid/${file}`));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    for (const problem of result.problems) {
      expect(problem).toMatchObject({ type: 'epcisException:ValidationException', status: 400 });
      expect(problem.pointer).toMatch(/^\//);
    }
    for (const [eventIndex, cause] of causes) {
      const found = result.problems.find((problem) => problem.detail.includes(cause) && problem.eventIndex === eventIndex);
      expect(found, `${cause} in event ${String(eventIndex)}: ${details(result.problems).join(' | ')}`).toBeDefined();
      if (eventIndex !== undefined) expect(found?.pointer).toMatch(new RegExp(`^/epcisBody/eventList/${eventIndex}(/|$)`));
    }
    // Nothing else is reported: every problem is one of the expected causes.
    expect(result.problems.length).toBe(causes.length);
  });
});

const event = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'ObjectEvent',
  eventTime: '2024-05-01T10:00:00.000+02:00',
  eventTimeZoneOffset: '+02:00',
  action: 'OBSERVE',
  epcList: ['urn:epc:id:sgtin:0614141.107346.2017'],
  ...fields,
});
const problemsOf = (value: Record<string, unknown>, context: unknown = CONTEXT) => details(validateEpcisEvent(value, 0, context)).join('\n');

describe('EPCIS event rules', () => {
  it('accepts a plain event', () => {
    expect(validateEpcisEvent(event())).toEqual([]);
  });

  it('checks eventTime and eventTimeZoneOffset', () => {
    expect(problemsOf(event({ eventTime: '2024-05-01T10:00:00' }))).toContain('is not a date-time with a time zone');
    expect(problemsOf(event({ eventTime: '2024-02-30T10:00:00Z' }))).toContain('is not a date-time');
    expect(problemsOf(event({ eventTimeZoneOffset: '+15:00' }))).toContain('eventTimeZoneOffset "+15:00" is not an offset');
    expect(problemsOf(event({ eventTimeZoneOffset: '0200' }))).toContain('is not an offset');
    expect(problemsOf(event({ eventTimeZoneOffset: '-14:00' }))).toBe('');
  });

  it('refuses unknown fields and undeclared extension prefixes, accepts declared ones at document or event level', () => {
    expect(problemsOf(event({ colour: 'red' }))).toContain("unknown field 'colour' in ObjectEvent");
    expect(problemsOf(event({ 'acme:colour': 'red' }))).toContain("the namespace prefix 'acme' of 'acme:colour' is not declared in @context");
    expect(problemsOf(event({ 'acme:colour': 'red' }), [...CONTEXT, { acme: 'https://acme.example/epcis/' }])).toBe('');
    expect(problemsOf(event({ 'acme:colour': 'red', '@context': [{ acme: 'https://acme.example/epcis/' }] }))).toBe('');
    expect(problemsOf(event({ 'https://acme.example/epcis/colour': 'red' }))).toBe('');
    expect(problemsOf(event({ 'acme:colour': 'red' }), [{ acme: { '@id': 'https://acme.example/epcis/', '@prefix': true } }])).toBe('');
    // Standard context prefixes are known without fetching the context.
    expect(problemsOf(event({ ilmd: { 'cbvmda:lotNumber': 'L1' }, action: 'ADD' }))).toBe('');
    expect(problemsOf(event({ readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234', 'acme:door': '3' } }), [{ acme: 'https://acme.example/' }])).toBe('');
    expect(problemsOf(event({ readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234', door: '3' } }))).toContain("unknown field 'door' in readPoint");
  });

  it('requires action where the event type has one, and refuses it in a TransformationEvent', () => {
    const transformation = { type: 'TransformationEvent', eventTime: '2024-05-01T10:00:00Z', eventTimeZoneOffset: '+00:00', inputEPCList: ['urn:epc:id:sgtin:0614141.107346.1'], outputEPCList: ['urn:epc:id:sgtin:0614141.107346.2'] };
    expect(problemsOf(transformation)).toBe('');
    expect(problemsOf({ ...transformation, action: 'ADD' })).toContain("unknown field 'action' in TransformationEvent");
    expect(problemsOf({ ...transformation, outputEPCList: [] })).toContain('TransformationEvent needs inputs and outputs');
    expect(problemsOf({ ...transformation, outputEPCList: [], transformationID: 'urn:epc:id:gdti:0614141.12345.400' })).toBe('');
    expect(problemsOf(event({ action: undefined }))).toContain('action is required in ObjectEvent');
  });

  it('applies the identification rules of each event type', () => {
    const aggregation = (fields: Record<string, unknown>) => ({ type: 'AggregationEvent', eventTime: '2024-05-01T10:00:00Z', eventTimeZoneOffset: '+00:00', ...fields });
    const children = { childEPCs: ['urn:epc:id:sgtin:0614141.107346.1'] };
    expect(problemsOf(aggregation({ action: 'ADD', parentID: 'urn:epc:id:sscc:0614141.1234567890', ...children }))).toBe('');
    expect(problemsOf(aggregation({ action: 'ADD', ...children }))).toContain('AggregationEvent needs parentID when action is ADD');
    expect(problemsOf(aggregation({ action: 'OBSERVE', ...children }))).toBe('');
    expect(problemsOf(aggregation({ action: 'ADD', parentID: 'urn:epc:id:sscc:0614141.1234567890' }))).toContain('needs childEPCs or childQuantityList unless action is DELETE');
    expect(problemsOf(aggregation({ action: 'DELETE', parentID: 'urn:epc:id:sscc:0614141.1234567890' }))).toBe('');
    expect(problemsOf({ ...aggregation({ action: 'OBSERVE', ...children }), type: 'AssociationEvent' })).toContain('AssociationEvent needs parentID');
    const transaction = { type: 'TransactionEvent', eventTime: '2024-05-01T10:00:00Z', eventTimeZoneOffset: '+00:00', action: 'ADD', epcList: ['urn:epc:id:sgtin:0614141.107346.1'] };
    expect(problemsOf(transaction)).toContain('TransactionEvent needs bizTransactionList');
    expect(problemsOf({ ...transaction, bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epcglobal:cbv:bt:0614141073467:1' }] })).toBe('');
    expect(problemsOf(event({ epcList: undefined, quantityList: [] }))).toContain('ObjectEvent needs epcList or quantityList');
    expect(problemsOf(event({ epcList: [] }))).toBe('');
    expect(problemsOf({ type: 'Event', eventTime: '2024-05-01T10:00:00Z' })).toContain('type "Event" is not an EPCIS event type');
  });

  it('checks quantities, units and identifier lists', () => {
    const quantity = (entry: Record<string, unknown>) => event({ epcList: undefined, quantityList: [{ epcClass: 'urn:epc:class:lgtin:4012345.012345.998877', ...entry }] });
    expect(problemsOf(quantity({ quantity: 200.5, uom: 'KGM' }))).toBe('');
    expect(problemsOf(quantity({ quantity: 2, uom: 'kg' }))).toContain('uom "kg" is not a UN/CEFACT Rec. 20 unit code');
    expect(problemsOf(quantity({ uom: 'KGM' }))).toContain('uom is given without a quantity');
    expect(problemsOf(event({ epcList: ['not a uri'] }))).toContain('epcList entry must be a URI');
    // EPC URNs of GS1 schemes follow the Tag Data Standard: 7 + 6 digits make a GTIN, 7 + 5 do not.
    expect(problemsOf(event({ epcList: ['urn:epc:id:sgtin:0614141.10734.1'] }))).toContain('epcList entry "urn:epc:id:sgtin:0614141.10734.1" is not a valid sgtin EPC URI');
    expect(problemsOf(event({ readPoint: { id: 'urn:epc:id:sgln:0614141.0734.0' } }))).toContain('readPoint id "urn:epc:id:sgln:0614141.0734.0" is not a valid sgln EPC URI');
    expect(problemsOf(event({ epcList: ['urn:epc:id:bic:CSQU3054383', 'urn:epc:id:sgtin:0614141.107346.1'] }))).toBe('');
    expect(problemsOf(event({ epcList: ['urn:epc:id:sgtin:0614141.107346.1', 'urn:epc:id:sgtin:0614141.107346.1'] }))).toContain('lists the same identifier twice');
  });

  it('checks vocabularies of bizStep, disposition, persistentDisposition and typed lists', () => {
    expect(problemsOf(event({ bizStep: 'urn:epcglobal:cbv:bizstep:shipping', disposition: 'https://ref.gs1.org/cbv/Disp-in_transit' }))).toBe('');
    expect(problemsOf(event({ bizStep: 'https://example.com/steps/labelling' }))).toBe('');
    expect(problemsOf(event({ bizStep: 'labelling' }))).toContain('bizStep "labelling" is not a CBV business step nor an extension URI');
    expect(problemsOf(event({ persistentDisposition: { set: ['completeness_verified'], unset: ['completeness_inferred'] } }))).toBe('');
    expect(problemsOf(event({ persistentDisposition: {} }))).toContain('persistentDisposition needs set or unset');
    expect(problemsOf(event({ persistentDisposition: { set: [] } }))).toContain('persistentDisposition set must not be empty');
    expect(problemsOf(event({ persistentDisposition: { set: ['broken'] } }))).toContain('persistentDisposition set "broken" is not a CBV disposition');
    expect(problemsOf(event({ bizTransactionList: [{ type: 'invoice', bizTransaction: 'urn:epcglobal:cbv:bt:1:2' }] }))).toContain('bizTransactionList type "invoice"');
    expect(problemsOf(event({ bizTransactionList: [{ bizTransaction: 'urn:epcglobal:cbv:bt:1:2' }] }))).toBe('');
    expect(problemsOf(event({ sourceList: [{ source: 'urn:epc:id:pgln:0614141.00001' }] }))).toContain('sourceList entry needs a type');
    expect(problemsOf(event({ destinationList: [{ type: 'owning_party', destination: 'urn:epc:id:pgln:0614141.00001', note: 'x' }] }))).toContain("unknown field 'note' in destinationList");
  });

  it('checks sensor data', () => {
    const sensors = (element: unknown) => event({ sensorElementList: [element] });
    expect(problemsOf(sensors({ sensorMetadata: { time: '2024-05-01T10:00:00Z' }, sensorReport: [{ type: 'Temperature', value: 4.5, uom: 'CEL' }] }))).toBe('');
    expect(problemsOf(sensors({ sensorMetadata: { time: '2024-05-01T10:00:00Z' } }))).toContain('sensorElement needs a sensorReport list');
    expect(problemsOf(sensors({ sensorReport: [] }))).toContain('sensorReport must not be empty');
    expect(problemsOf(sensors({ sensorReport: [{ type: 'Temperature', value: 'warm' }] }))).toContain('sensorReport value must be a number');
    expect(problemsOf(sensors({ sensorReport: [{ type: 'Temperature', booleanValue: 'yes' }] }))).toContain('sensorReport booleanValue must be true or false');
    expect(problemsOf(sensors({ sensorReport: [{ type: 'Temperature', hexBinaryValue: 'XYZ' }] }))).toContain('hexBinaryValue must be hexadecimal');
    expect(problemsOf(sensors({ sensorReport: [{ value: 1 }] }))).toContain('sensorReport needs a type');
    expect(problemsOf(sensors({ sensorReport: [{ type: 'Temperature', colour: 'red' }] }))).toContain("unknown field 'colour' in sensorReport");
  });

  it('checks certificationInfo', () => {
    expect(problemsOf(event({ certificationInfo: 'https://accreditation.example.org/certificate/ABC12345' }))).toBe('');
    expect(problemsOf(event({ certificationInfo: ['https://a.example/1', 'https://a.example/2'] }))).toBe('');
    expect(problemsOf(event({ certificationInfo: { 'gs1:certificationAgency': 'x' } }))).toContain('certificationInfo must be a URI or a list of URIs');
    expect(problemsOf(event({ certificationInfo: ['certificate 1'] }))).toContain('certificationInfo must be a URI or a list of URIs');
  });

  it('checks ILMD and error declarations', () => {
    expect(problemsOf(event({ action: 'ADD', ilmd: { 'cbvmda:bestBeforeDate': '2025-01-01' } }))).toBe('');
    expect(problemsOf(event({ action: 'OBSERVE', ilmd: { 'cbvmda:bestBeforeDate': '2025-01-01' } }))).toContain('ilmd is only allowed in an ObjectEvent with action ADD');
    expect(problemsOf(event({ errorDeclaration: { declarationTime: '2024-05-02T00:00:00Z', reason: 'did_not_occur', correctiveEventIDs: ['urn:uuid:1'] } }))).toBe('');
    expect(problemsOf(event({ errorDeclaration: { reason: 'did_not_occur' } }))).toContain('errorDeclaration needs a declarationTime');
    expect(problemsOf(event({ errorDeclaration: { declarationTime: '2024-05-02T00:00:00Z', reason: 'mistake' } }))).toContain('errorDeclaration reason "mistake"');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('never fetches a remote @context', () => {
    const fetch = vi.fn(() => {
      throw new Error('no network');
    });
    vi.stubGlobal('fetch', fetch);
    const doc = document([event({ 'acme:colour': 'red' })], ['https://acme.example/context.jsonld', { acme: 'https://acme.example/epcis/' }]);
    expect(validateEpcisDocument(doc).ok).toBe(true);
    expect(eventHash(event(), doc['@context'])).toMatch(/^ni:/);
    // A prefix only a remote context could declare stays undeclared.
    expect(validateEpcisDocument(document([event({ 'remote:colour': 'red' })], ['https://acme.example/context.jsonld'])).ok).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the document envelope without fetching a remote @context', () => {
    expect(validateEpcisDocument(document([event()])).ok).toBe(true);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...document([event()]), type: 'EPCISQueryDocument' }, 'type must be EPCISDocument'],
      [{ ...document([event()]), schemaVersion: undefined }, 'schemaVersion is required'],
      [{ ...document([event()]), creationDate: 'yesterday' }, 'creationDate "yesterday" is not a date-time'],
      [{ ...document([event()]), epcisBody: {} }, 'eventList is required'],
      [{ ...document([event()]), '@context': 42 }, '@context must be a URI, an object or a list of them'],
      [{ ...document([event()]), colour: 'red' }, "unknown field 'colour' in EPCISDocument"],
    ];
    for (const [doc, cause] of cases) {
      const result = validateEpcisDocument(JSON.parse(JSON.stringify(doc)));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(details(result.problems).join('\n')).toContain(cause);
    }
    expect(validateEpcisDocument('text').ok).toBe(false);
  });
});

describe('event fields for storage', () => {
  it('extracts canonical filter fields', () => {
    const fields = extractEventFields({
      type: 'AggregationEvent',
      eventTime: '2024-05-01T10:00:00.000+02:00',
      eventTimeZoneOffset: '+02:00',
      action: 'ADD',
      parentID: 'urn:epc:id:sscc:0614141.1234567890',
      childEPCs: ['urn:epc:id:sgtin:0614141.107346.1', 'https://example.com/01/10614141073464/21/2'],
      childQuantityList: [{ epcClass: 'urn:epc:class:lgtin:4012345.012345.998877', quantity: 5 }],
      bizStep: 'urn:epcglobal:cbv:bizstep:packing',
      disposition: 'https://ref.gs1.org/cbv/Disp-in_progress',
      readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234' },
      bizLocation: { id: 'urn:epc:id:sgln:0614141.07346.0' },
      bizTransactionList: [{ type: 'urn:epcglobal:cbv:btt:po', bizTransaction: 'http://acme.example/po/1' }, { bizTransaction: 'http://acme.example/x/2' }],
      sourceList: [{ type: 'possessing_party', source: 'urn:epc:id:pgln:0614141.00001' }],
      destinationList: [{ type: 'https://example.com/sdt/hub', destination: 'urn:epc:id:sgln:0614141.00002.0' }],
    });
    expect(fields).toEqual({
      eventType: 'AggregationEvent',
      action: 'ADD',
      eventTime: new Date('2024-05-01T08:00:00.000Z'),
      eventTimeZoneOffset: '+02:00',
      bizStep: 'packing',
      disposition: 'in_progress',
      readPoint: 'https://id.gs1.org/414/0614141073467/254/1234',
      bizLocation: 'https://id.gs1.org/414/0614141073467',
      parentId: 'https://id.gs1.org/00/106141412345678908',
      epcList: ['https://id.gs1.org/01/10614141073464/21/1', 'https://id.gs1.org/01/10614141073464/21/2'],
      inputEpcs: [],
      outputEpcs: [],
      anyEpcs: ['https://id.gs1.org/01/10614141073464/21/1', 'https://id.gs1.org/01/10614141073464/21/2', 'https://id.gs1.org/00/106141412345678908'],
      epcClasses: ['https://id.gs1.org/01/04012345123456/10/998877'],
      inputEpcClasses: [],
      outputEpcClasses: [],
      anyEpcClasses: ['https://id.gs1.org/01/04012345123456/10/998877'],
      gtins: ['10614141073464', '04012345123456'],
      bizTransactions: ['po\u001fhttp://acme.example/po/1', '\u001fhttp://acme.example/x/2'],
      sources: ['possessing_party\u001fhttps://id.gs1.org/417/0614141000012'],
      destinations: ['https://example.com/sdt/hub\u001fhttps://id.gs1.org/414/0614141000029'],
      errorDeclarationTime: null,
      errorReason: null,
    });
    expect(splitTypedValue(fields.bizTransactions[1])).toEqual({ type: null, value: 'http://acme.example/x/2' });
    expect(typedValue('possessing_party', 'urn:epc:id:pgln:0614141.00001')).toBe(fields.sources[0]);
  });

  it('extracts the error declaration and transformation lists', () => {
    const fields = extractEventFields({
      type: 'TransformationEvent',
      eventTime: '2024-05-01T10:00:00Z',
      eventTimeZoneOffset: '+00:00',
      inputEPCList: ['urn:epc:id:sgtin:0614141.107346.1'],
      outputQuantityList: [{ epcClass: 'urn:epc:idpat:sgtin:4012345.012345.*' }],
      errorDeclaration: { declarationTime: '2024-05-02T00:00:00+01:00', reason: 'urn:epcglobal:cbv:er:incorrect_data' },
    });
    expect(fields.action).toBeNull();
    expect(fields.inputEpcs).toEqual(['https://id.gs1.org/01/10614141073464/21/1']);
    expect(fields.outputEpcClasses).toEqual(['https://id.gs1.org/01/04012345123456']);
    expect(fields.gtins).toEqual(['10614141073464', '04012345123456']);
    expect(fields.errorDeclarationTime).toEqual(new Date('2024-05-01T23:00:00Z'));
    expect(fields.errorReason).toBe('incorrect_data');
  });
});

describe('GS1-EPC-Format', () => {
  const stored = {
    type: 'ObjectEvent',
    epcList: ['urn:epc:id:sgtin:0614141.107346.1', 'https://example.com/01/09506000134352/21/7', 'urn:uuid:9'],
    quantityList: [{ epcClass: 'https://id.gs1.org/01/10614141073464/10/L1', quantity: 2 }],
    readPoint: { id: 'https://id.gs1.org/414/0614141073467/254/1234' },
    sourceList: [{ type: 'owning_party', source: 'urn:epc:id:pgln:0614141.00001' }],
    'example:note': 'kept',
  };
  const prefixLength = prefixLengthFromPrefixes(['0614141']);

  it('converts identifiers to Digital Link', () => {
    const result = formatEventIdentifiers(stored, 'Always_GS1_Digital_Link', prefixLength);
    expect(result.epcList).toEqual(['https://id.gs1.org/01/10614141073464/21/1', 'https://id.gs1.org/01/09506000134352/21/7', 'urn:uuid:9']);
    expect(result.sourceList).toEqual([{ type: 'owning_party', source: 'https://id.gs1.org/417/0614141000012' }]);
    expect(result['example:note']).toBe('kept');
  });

  it('converts identifiers to EPC URNs where the prefix is known', () => {
    const result = formatEventIdentifiers(stored, 'Always_EPC_URN', prefixLength);
    expect(result.epcList).toEqual(['urn:epc:id:sgtin:0614141.107346.1', 'https://id.gs1.org/01/09506000134352/21/7', 'urn:uuid:9']);
    expect(result.quantityList).toEqual([{ epcClass: 'urn:epc:class:lgtin:0614141.107346.L1', quantity: 2 }]);
    expect(result.readPoint).toEqual({ id: 'urn:epc:id:sgln:0614141.07346.1234' });
  });

  it('leaves the event unchanged without a preference', () => {
    expect(formatEventIdentifiers(stored, 'No_Preference', prefixLength)).toBe(stored);
  });
});
