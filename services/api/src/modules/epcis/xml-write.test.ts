import { describe, expect, it } from 'vitest';
import { eventHash } from '@product-console/shared';
import { captureBodyFromXml } from './xml-read.js';
import { eventToXml, prefersXml, queryDocumentXml } from './xml-write.js';

type Json = Record<string, unknown>;

const EVENT: Json = {
  '@context': [{ example: 'https://ns.example.com/epcis/' }],
  type: 'AggregationEvent',
  eventID: 'urn:uuid:5e5e5e5e-0000-4000-8000-000000000001',
  eventTime: '2026-03-01T10:00:00.000+01:00',
  eventTimeZoneOffset: '+01:00',
  parentID: 'urn:epc:id:sscc:0614141.1234567890',
  childEPCs: ['urn:epc:id:sgtin:0614141.107346.1'],
  action: 'ADD',
  bizStep: 'packing',
  disposition: 'in_progress',
  readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234' },
  bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epc:id:gdti:0614141.00001.1618034' }],
  childQuantityList: [{ epcClass: 'urn:epc:class:lgtin:4012345.012345.998877', quantity: 200.5, uom: 'KGM' }],
  sensorElementList: [{ sensorMetadata: { time: '2026-03-01T09:00:00Z' }, sensorReport: [{ type: 'Temperature', value: 4.5, uom: 'CEL', 'example:probe': 'P1' }] }],
  'example:note': 'fragile <glass> & "more"',
  'example:nested': { 'example:level': ['a', 'b'] },
  'https://ns.other.example/terms#grade': 'A',
};

describe('EPCIS 2.0 XML of stored events', () => {
  it('writes the XSD order, CBV URNs, gs1: sensor types and escaped extensions, and reads back to the same event and hash', () => {
    const xml = eventToXml(EVENT);
    expect(xml.indexOf('<eventTime>')).toBeLessThan(xml.indexOf('<parentID>'));
    expect(xml.indexOf('<parentID>')).toBeLessThan(xml.indexOf('<childEPCs>'));
    expect(xml.indexOf('<childEPCs>')).toBeLessThan(xml.indexOf('<action>'));
    expect(xml.indexOf('<bizTransactionList>')).toBeLessThan(xml.indexOf('<childQuantityList>'));
    expect(xml).toContain('<bizStep>urn:epcglobal:cbv:bizstep:packing</bizStep>');
    expect(xml).toContain('<bizTransaction type="urn:epcglobal:cbv:btt:po">');
    expect(xml).toContain('type="gs1:Temperature"');
    expect(xml).toContain('<example:note>fragile &lt;glass&gt; &amp; "more"</example:note>');
    expect(xml).toContain('xmlns:example="https://ns.example.com/epcis/"');

    const document = queryDocumentXml([JSON.stringify(EVENT)], { queryName: 'q1' });
    const read = captureBodyFromXml(document) as { kind: 'document'; document: Json };
    expect(read.kind).toBe('document');
    const results = (read.document.epcisBody as { queryResults: { queryName: string; resultsBody: { eventList: Json[] } } }).queryResults;
    expect(results.queryName).toBe('q1');
    const [back] = results.resultsBody.eventList;
    const { '@context': _context, 'https://ns.other.example/terms#grade': grade, ...rest } = EVENT;
    expect(back).toMatchObject(rest);
    // The full-IRI member comes back under a prefix of its namespace.
    expect(Object.entries(back).find(([key]) => key.endsWith(':grade'))?.[1]).toBe(grade);
    const { 'https://ns.other.example/terms#grade': _grade, ...prefixedOnly } = EVENT;
    const again = (captureBodyFromXml(queryDocumentXml([prefixedOnly])) as { document: Json }).document;
    const [backAgain] = (again.epcisBody as { queryResults: { resultsBody: { eventList: Json[] } } }).queryResults.resultsBody.eventList;
    expect(eventHash(backAgain, again['@context'])).toBe(eventHash(prefixedOnly));
  });

  it('writes web URIs when asked, and drops characters XML 1.0 cannot carry', () => {
    expect(eventToXml({ ...EVENT, 'example:note': 'a\u0001b' }, 'web')).toContain('<bizStep>https://ref.gs1.org/cbv/BizStep-packing</bizStep>');
    expect(eventToXml({ ...EVENT, 'example:note': 'a\u0001b' })).toContain('<example:note>ab</example:note>');
  });

  it('prefers XML only when the client ranks it above JSON', () => {
    expect(prefersXml('application/xml')).toBe(true);
    expect(prefersXml('text/xml')).toBe(true);
    expect(prefersXml('application/json, application/xml')).toBe(false);
    expect(prefersXml('application/xml, application/json')).toBe(true);
    expect(prefersXml('application/json;q=0.5, application/xml')).toBe(true);
    expect(prefersXml('*/*')).toBe(false);
    expect(prefersXml(undefined)).toBe(false);
    expect(prefersXml('application/xml;q=0')).toBe(false);
  });
});
