import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { standardsPath } from '../../../../tests/fixtures/standards/index.mjs';
import { eventHash, eventPreHash, hashTimestamp } from './event-hash.js';

const here = dirname(fileURLToPath(import.meta.url));
const vectors = join(here, 'fixtures', 'event-hash');

type Json = Record<string, unknown>;
function eventsOf(doc: Json): Json[] {
  const body = doc.epcisBody as Json;
  const query = (body.queryResults as Json | undefined)?.resultsBody as Json | undefined;
  return (body.eventList ?? query?.eventList ?? [body.event]) as Json[];
}

/*
 * Two vectors of the reference tool use its own `ignoreFields` option (a document-level list of
 * repository fields to leave out of the hash); the standard algorithm has no such option.
 */
const TOOL_OPTION_VECTORS = ['epcisDocHavingEventWithIgnoreFields.jsonld', 'epcisQueryDocHavingEventWithIgnoreFields.jsonld'];

describe('EPCIS event hash', () => {
  const files = readdirSync(vectors).filter((file) => file.endsWith('.jsonld') && !TOOL_OPTION_VECTORS.includes(file));

  it.each(files)('reproduces the reference implementation on %s', (file) => {
    const doc = JSON.parse(readFileSync(join(vectors, file), 'utf8')) as Json;
    const expected = readFileSync(join(vectors, file.replace(/\.jsonld$/, '.hashes')), 'utf8').split('\n').filter(Boolean);
    const events = eventsOf(doc);
    expect(events).toHaveLength(expected.length);
    events.forEach((event, index) => {
      expect(eventHash(event, doc['@context']), `pre-hash ${eventPreHash(event, doc['@context'])}`).toBe(expected[index]);
    });
  });

  it('covers the reference vectors', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  const base: Json = {
    type: 'ObjectEvent',
    eventTime: '2024-05-01T10:00:00.000+02:00',
    eventTimeZoneOffset: '+02:00',
    epcList: ['urn:epc:id:sgtin:0614141.107346.2018', 'urn:epc:id:sgtin:0614141.107346.2017'],
    action: 'OBSERVE',
    bizStep: 'shipping',
    disposition: 'in_transit',
    readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234' },
    bizTransactionList: [{ type: 'po', bizTransaction: 'http://transaction.acme.com/po/12345678' }],
  };

  it('is the same for every representation of the same event', () => {
    const hash = eventHash(base);
    expect(hash).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/);
    // Digital Link identifiers on another domain, CBV URNs, UTC time, fields and list order shuffled.
    const same: Json = {
      bizTransactionList: [{ bizTransaction: 'http://transaction.acme.com/po/12345678', type: 'urn:epcglobal:cbv:btt:po' }],
      readPoint: { id: 'https://example.com/414/0614141073467/254/1234' },
      disposition: 'urn:epcglobal:cbv:disp:in_transit',
      bizStep: 'https://ref.gs1.org/cbv/BizStep-shipping',
      action: 'OBSERVE',
      epcList: ['https://id.gs1.org/01/10614141073464/21/2017', 'https://brand.example/01/10614141073464/21/2018'],
      eventTimeZoneOffset: '+02:00',
      eventTime: '2024-05-01T08:00:00Z',
      type: 'ObjectEvent',
      eventID: 'urn:uuid:7b1e5a8e-4e55-4c0e-9e0a-1c2d3e4f5a6b',
      recordTime: '2024-05-02T00:00:00Z',
      errorDeclaration: { declarationTime: '2024-05-03T00:00:00Z', reason: 'incorrect_data' },
    };
    expect(eventHash(same)).toBe(hash);
  });

  it('changes with any field that says what happened', () => {
    const hash = eventHash(base);
    expect(eventHash({ ...base, bizStep: 'receiving' })).not.toBe(hash);
    expect(eventHash({ ...base, eventTime: '2024-05-01T10:00:00.001+02:00' })).not.toBe(hash);
    expect(eventHash({ ...base, epcList: ['urn:epc:id:sgtin:0614141.107346.2017'] })).not.toBe(hash);
    expect(eventHash({ ...base, 'example:note': 'x' }, [{ example: 'https://ns.example.com/epcis/' }])).not.toBe(hash);
  });

  it('expands user extension prefixes from the document or the event @context', () => {
    const extension = { ...base, 'example:note': 'x' };
    const fromDocument = eventHash(extension, ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld', { example: 'https://ns.example.com/epcis/' }]);
    const fromEvent = eventHash({ ...extension, '@context': [{ example: 'https://ns.example.com/epcis/' }] });
    const otherPrefix = eventHash({ ...base, 'ex:note': 'x' }, [{ ex: 'https://ns.example.com/epcis/' }]);
    expect(fromEvent).toBe(fromDocument);
    expect(otherPrefix).toBe(fromDocument);
    expect(eventPreHash(extension, [{ example: 'https://ns.example.com/epcis/' }])).toContain('{https://ns.example.com/epcis/}note=x');
  });

  it('expands the cbv: and gs1: CURIEs of the EPCIS 2.0 context itself, declared or not', () => {
    const bare = eventHash({ ...base, bizStep: 'receiving', sensorElementList: [{ sensorReport: [{ type: 'Temperature', exception: 'ALARM_CONDITION' }] }] });
    const curies = { ...base, bizStep: 'cbv:BizStep-receiving', sensorElementList: [{ sensorReport: [{ type: 'gs1:Temperature', exception: 'gs1:ALARM_CONDITION' }] }] };
    expect(eventHash(curies)).toBe(bare);
    expect(eventHash(curies, ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld', { cbv: 'https://ref.gs1.org/cbv/', gs1: 'https://gs1.org/voc/' }])).toBe(bare);
    expect(eventHash({ ...base, bizStep: 'cbv:BizStep-shipping' })).not.toBe(bare);
  });

  it('writes timestamps in UTC with milliseconds', () => {
    expect(hashTimestamp('2020-03-04T11:00:30+01:00')).toBe('2020-03-04T10:00:30.000Z');
    expect(hashTimestamp('2023-01-18T11:04:03.1415Z')).toBe('2023-01-18T11:04:03.142Z');
    expect(hashTimestamp('2005-04-03T20:33:31.116000-06:00')).toBe('2005-04-04T02:33:31.116Z');
  });

  it('gives the same eventID to the openepcis test events that are the same event', () => {
    // The openepcis documents reuse some eventIDs; where the events are equal our hashes must be too.
    const root = standardsPath('epcis/openepcis-test-resources');
    const hashOf = (path: string, index: number) => {
      const doc = JSON.parse(readFileSync(join(root, path), 'utf8')) as Json;
      return eventHash(eventsOf(doc)[index], doc['@context']);
    };
    const second = hashOf('Capture/Documents/ObjectEvent.json', 1);
    expect(hashOf('Capture/Documents/ObjectEvent_with_error_declaration.json', 1)).toBe(second);
    expect(hashOf('Query/QueryDocumentWithMultipleEvents.json', 1)).toBe(second);
    expect(hashOf('Query/QueryDocumentWithMultipleEvents.json', 0)).toBe(hashOf('Capture/Documents/ObjectEvent.json', 0));
    // These two carry the same eventID in the test data but are different events (extension, transactions).
    expect(hashOf('Capture/Documents/AssociationEvent_2.json', 0)).not.toBe(hashOf('Capture/Documents/AssociationEvent_with_sensorData.json', 0));
  });
});
