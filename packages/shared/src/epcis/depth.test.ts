import { describe, expect, it } from 'vitest';
import { EPCIS_MAX_NESTING_DEPTH } from '../constants/limits.js';
import { eventHash } from './event-hash.js';
import { validateEpcisDocument, validateEpcisEvent, validateEpcisQueryDocument } from './validate.js';

const CONTEXT = ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld', { example: 'https://ns.example.com/epcis/' }];

/** A value of `levels` nested objects (`levels` 1 is `{ "example:level": "leaf" }`). */
function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level += 1) value = { 'example:level': value };
  return value;
}

/** A valid ObjectEvent whose user extension holds `value`. */
const event = (value: unknown = 'plain') => ({
  type: 'ObjectEvent',
  eventTime: '2026-03-01T10:00:00.000+01:00',
  eventTimeZoneOffset: '+01:00',
  epcList: ['urn:epc:id:sgtin:0614141.107346.1'],
  action: 'OBSERVE',
  'example:extension': value,
});

const documentOf = (events: unknown[], extra: Record<string, unknown> = {}) => ({
  '@context': CONTEXT,
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2026-03-01T10:00:00.000+01:00',
  epcisBody: { eventList: events },
  ...extra,
});

describe('nesting depth of EPCIS input', () => {
  it(`takes an event whose extension nests up to ${EPCIS_MAX_NESTING_DEPTH} levels, the event being the first, and hashes it`, () => {
    const deepest = event(nested(EPCIS_MAX_NESTING_DEPTH - 1));
    expect(validateEpcisEvent(deepest, 0, CONTEXT)).toEqual([]);
    expect(validateEpcisDocument(documentOf([deepest])).ok).toBe(true);
    expect(eventHash(deepest, CONTEXT)).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/);
  });

  it('refuses one level more, naming the field, as a problem of that event', () => {
    const tooDeep = event(nested(EPCIS_MAX_NESTING_DEPTH));
    expect(validateEpcisEvent(tooDeep, 3, CONTEXT)).toEqual([
      expect.objectContaining({ status: 400, eventIndex: 3, pointer: '/example:extension', detail: expect.stringContaining(`deeper than ${EPCIS_MAX_NESTING_DEPTH} levels`) }),
    ]);
    const result = validateEpcisDocument(documentOf([event(), tooDeep]));
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).toEqual([expect.objectContaining({ eventIndex: 1, pointer: '/epcisBody/eventList/1/example:extension' })]);
  });

  it('answers thousands of levels (the probe sent 2 000 in 12 KB) with a problem, not a stack overflow', () => {
    const probe = event(nested(2000));
    expect(JSON.stringify(probe).length).toBeLessThan(40_000);
    expect(validateEpcisEvent(probe)).toHaveLength(1);
    expect(validateEpcisDocument(documentOf([probe])).ok).toBe(false);
    // A nested list in @context is walked to find prefixes: it is measured first too.
    const deepContext = [CONTEXT[0], nested(2000)].reduce<unknown>((inner, outer) => [outer, inner], []);
    expect(validateEpcisEvent({ ...event(), '@context': deepContext })).toEqual([expect.objectContaining({ pointer: '/@context' })]);
    expect(validateEpcisEvent(event(), 0, deepContext)).toEqual([expect.objectContaining({ detail: expect.stringContaining("document's @context") })]);
  });

  it("refuses a document whose own fields nest too deep as a problem of the document, whatever its events", () => {
    const deepHeader = validateEpcisDocument(documentOf([event()], { epcisHeader: { 'example:master': nested(2000) } }));
    expect(deepHeader.ok ? [] : deepHeader.problems).toEqual([expect.objectContaining({ pointer: '/epcisHeader' })]);
    expect(deepHeader.ok ? [] : deepHeader.problems[0]).not.toHaveProperty('eventIndex');
    const deepContext = validateEpcisDocument({ ...documentOf([event()]), '@context': [CONTEXT[0], [[[[nested(2000)]]]]] });
    expect(deepContext.ok ? [] : deepContext.problems).toEqual([expect.objectContaining({ pointer: '/@context' })]);
    const query = validateEpcisQueryDocument({
      '@context': CONTEXT,
      type: 'EPCISQueryDocument',
      epcisBody: { queryResults: { queryName: 'SimpleEventQuery', resultsBody: { eventList: [event(nested(2000))] } } },
    });
    expect(query.ok ? [] : query.problems).toEqual([expect.objectContaining({ eventIndex: 0 })]);
  });
});
