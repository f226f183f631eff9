import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { standardsPath } from '../../../../../tests/fixtures/standards/index.mjs';
import { EpcisException } from './problem.js';
import { parseEventQuery, type Condition } from './query-params.js';
import { storedParameters } from './named-queries.js';

const QUERIES = standardsPath('epcis/openepcis-test-resources/Query/Queries/');

function refusal(params: Record<string, string | string[]>): { type: string; status: number; detail?: string } {
  try {
    parseEventQuery(params);
  } catch (error) {
    expect(error).toBeInstanceOf(EpcisException);
    return (error as EpcisException).problem;
  }
  throw new Error(`${JSON.stringify(params)} was accepted`);
}

const only = (params: Record<string, string | string[]>): Condition => {
  const { conditions } = parseEventQuery(params);
  expect(conditions).toHaveLength(1);
  return conditions[0];
};

describe('parseEventQuery', () => {
  it('splits pipe-separated values and reads every CBV form of a business step as its short name', () => {
    expect(only({ EQ_bizStep: 'shipping|urn:epcglobal:cbv:bizstep:receiving|https://ref.gs1.org/cbv/BizStep-packing' })).toEqual({
      kind: 'in',
      column: 'biz_step',
      values: ['shipping', 'receiving', 'packing'],
    });
    expect(only({ EQ_disposition: ['in_transit', 'gs1:Disp-damaged'] })).toMatchObject({ values: ['in_transit', 'damaged'] });
  });

  it('canonicalises identifiers given as EPC URNs or Digital Link URIs, and turns EPC patterns into LIKE patterns', () => {
    const urn = only({ MATCH_epc: 'urn:epc:id:sgtin:0614141.107346.2017' });
    const dl = only({ MATCH_epc: 'https://example.com/01/10614141073464/21/2017' });
    expect(urn).toEqual(dl);
    expect(urn).toMatchObject({ kind: 'match', column: 'epc_list', exact: ['https://id.gs1.org/01/10614141073464/21/2017'], like: [] });
    const pattern = only({ MATCH_anyEPC: 'urn:epc:idpat:sgtin:0614141.107346.*' });
    expect(pattern).toMatchObject({ kind: 'match', column: 'any_epcs', exact: [] });
    expect((pattern as { like: string[] }).like[0]).toContain('10614141073464');
    // Input EPCs have no index of their own: the union column's GIN index narrows them first.
    expect(only({ MATCH_inputEPC: 'urn:epc:id:sgtin:0614141.107346.2017' })).toMatchObject({ column: 'input_epcs', indexed: 'any_epcs' });
  });

  it('reads typed lists, quantities per unit and sensor comparisons', () => {
    expect(only({ EQ_bizTransaction_po: 'urn:epcglobal:cbv:bt:0614141073467:1152' })).toMatchObject({
      kind: 'typed',
      column: 'biz_transactions',
      values: expect.arrayContaining(['po\u001furn:epcglobal:cbv:bt:0614141073467:1152']),
    });
    expect(only({ EQ_source_owning_party: 'urn:epc:id:pgln:9520001.11111' })).toMatchObject({ kind: 'typed', column: 'sources' });
    expect(only({ GE_quantity_KGM: '10', LT_quantity_KGM: '20' })).toEqual({
      kind: 'quantity',
      uom: 'KGM',
      comparisons: [
        { op: '>=', values: [10] },
        { op: '<', values: [20] },
      ],
    });
    expect(only({ EQ_type: 'Temperature', GE_value_CEL: '4.5' })).toMatchObject({
      kind: 'sensor',
      report: [
        { kind: 'text', field: 'type', values: expect.arrayContaining(['Temperature', 'gs1:Temperature']) },
        { kind: 'number', field: 'value', op: '>=', value: 4.5, uom: 'CEL' },
      ],
    });
  });

  it('reads the master-data parameters: WD_ over the place hierarchy, HASATTR_ and EQ_ATTR_ by CBV short name', () => {
    expect(only({ WD_bizLocation: 'urn:epc:id:sgln:0614141.00888.0' })).toEqual({
      kind: 'withDescendants',
      column: 'biz_location',
      values: ['https://id.gs1.org/414/0614141008889'],
    });
    expect(only({ HASATTR_readPoint: 'urn:epcglobal:cbv:mda#sst|https://ns.example.com/epcis/#climate' })).toEqual({
      kind: 'placeAttribute',
      column: 'read_point',
      attributes: ['sst', 'https://ns.example.com/epcis/#climate'],
      values: null,
    });
    expect(only({ EQ_ATTR_bizLocation_sst: '201|202' })).toEqual({ kind: 'placeAttribute', column: 'biz_location', attributes: ['sst'], values: ['201', '202'] });
    expect(only({ 'EQ_ATTR_bizLocation_urn:epcglobal:cbv:mda:countryCode': 'DE' })).toMatchObject({ attributes: ['countryCode'] });
    // Master data is kept for places only.
    expect(refusal({ HASATTR_bizStep: 'name' }).detail).toContain('HASATTR_bizStep');
    expect(refusal({ EQ_ATTR_disposition_name: 'x' }).detail).toContain('EQ_ATTR_disposition_name');
  });

  it('reads the INNER_ forms as extension fields nested at any depth, in the event or in its ILMD', () => {
    expect(only({ 'EQ_INNER_example:grade': 'A|B' })).toEqual({
      kind: 'extension',
      ilmd: false,
      inner: true,
      field: 'example:grade',
      namespace: null,
      test: { kind: 'equals', values: ['A', 'B'] },
    });
    expect(only({ 'GT_INNER_ILMD_example:weight': '2.5' })).toMatchObject({ ilmd: true, inner: true, field: 'example:weight', test: { kind: 'compare', op: '>', value: 2.5 } });
    expect(only({ 'EXISTS_INNER_https://ns.example.com/epcis/#grade': '' })).toMatchObject({ inner: true, field: 'grade', namespace: 'https://ns.example.com/epcis/' });
    // The top-level forms stay as they were.
    expect(only({ 'EQ_example:grade': 'A' })).not.toHaveProperty('inner');
  });

  it('refuses what the standard calls a QueryParameterException, naming the parameter', () => {
    const cases: [Record<string, string>, string][] = [
      [{ GE_eventDate: '2026-01-01T00:00:00Z' }, 'GE_eventDate'],
      [{ GE_eventTime: 'not-a-date' }, 'GE_eventTime'],
      [{ GE_eventTime: '2026-01-01T00:00:00' }, 'GE_eventTime'],
      [{ EQ_action: 'SHIPPED' }, 'EQ_action'],
      [{ eventType: 'ShipmentEvent' }, 'eventType'],
      [{ EQ_bizStep: 'teleporting' }, 'EQ_bizStep'],
      [{ orderBy: 'eventTime', orderDirection: 'SIDEWAYS' }, 'orderDirection'],
      [{ orderBy: 'eventTime', eventCountLimit: '5', maxEventCount: '10' }, 'maxEventCount'],
      [{ eventCountLimit: '5' }, 'orderBy'],
      [{ maxEventCount: '0' }, 'maxEventCount'],
      [{ GE_quantity: 'ten' }, 'GE_quantity'],
    ];
    for (const [params, named] of cases) {
      const problem = refusal(params);
      expect(problem, JSON.stringify(params)).toMatchObject({ type: 'epcisException:QueryParameterException', status: 400 });
      expect(problem.detail).toContain(named);
    }
  });

  it("accepts the standard's SimpleEventQuery document and refuses its invalid ones", () => {
    const valid = JSON.parse(readFileSync(`${QUERIES}SimpleEventQuery.json`, 'utf8'));
    const query = parseEventQuery(storedParameters(valid));
    expect(query).toMatchObject({ orderBy: 'eventTime', orderDirection: 'DESC', eventCountLimit: 100 });
    expect(query.conditions.map((condition) => condition.kind)).toEqual(['in', 'time', 'time', 'in', 'in', 'in', 'in', 'match', 'quantity']);
    for (const file of readdirSync(`${QUERIES}Invalid`)) {
      const invalid = JSON.parse(readFileSync(`${QUERIES}Invalid/${file}`, 'utf8'));
      expect(() => parseEventQuery(storedParameters(invalid)), file).toThrow(EpcisException);
    }
  });
});
