import { describe, expect, it } from 'vitest';
import { masterDataAttributeId, masterDataAttributeKey, readLocationMasterData } from './master-data.js';
import { placeCreateBodySchema, placeIdentifier } from '../schemas/place.js';

const header = (vocabularyList: unknown) => ({ epcisMasterData: { vocabularyList } });

describe('readLocationMasterData', () => {
  it('reads ReadPoint and BusinessLocation elements with their attributes by CBV short name, and leaves other vocabularies aside', () => {
    const { elements, problems } = readLocationMasterData(
      header([
        {
          type: 'urn:epcglobal:epcis:vtype:BusinessLocation',
          vocabularyElementList: [
            {
              id: 'urn:epc:id:sgln:0037000.00729.0',
              attributes: [
                { id: 'urn:epcglobal:cbv:mda#name', attribute: 'Store 729' },
                { id: 'urn:epcglobal:cbv:mda:sst', attribute: 201 },
                { id: 'http://example.com/ext1#array', attribute: 'one' },
                { id: 'http://example.com/ext1#array', attribute: 'two' },
              ],
              children: ['urn:epc:id:sgln:0037000.00729.8201'],
            },
          ],
        },
        { type: 'urn:epcglobal:epcis:vtype:EPCClass', vocabularyElementList: [{ id: 'urn:epc:idpat:sgtin:0037000.012345.*' }] },
      ]),
    );
    expect(problems).toEqual([]);
    expect(elements).toEqual([
      {
        vocabularyType: 'urn:epcglobal:epcis:vtype:BusinessLocation',
        id: 'urn:epc:id:sgln:0037000.00729.0',
        attributes: { name: 'Store 729', sst: 201, 'http://example.com/ext1#array': ['one', 'two'] },
        children: ['urn:epc:id:sgln:0037000.00729.8201'],
      },
    ]);
  });

  it('reads nothing from a document without master data', () => {
    expect(readLocationMasterData(undefined)).toEqual({ elements: [], problems: [] });
    expect(readLocationMasterData({})).toEqual({ elements: [], problems: [] });
  });

  it('points at what is malformed: an element without an id, an attribute without one, too long a value, children that are not URIs', () => {
    const vocabulary = (element: unknown) => [{ type: 'urn:epcglobal:epcis:vtype:ReadPoint', vocabularyElementList: [element] }];
    const pointer = (element: unknown) => readLocationMasterData(header(vocabulary(element))).problems.map((problem) => problem.pointer);
    expect(pointer({ attributes: [] })).toEqual(['/epcisHeader/epcisMasterData/vocabularyList/0/vocabularyElementList/0']);
    expect(pointer({ id: 'urn:x:1', attributes: [{ attribute: 'x' }] })).toEqual(['/epcisHeader/epcisMasterData/vocabularyList/0/vocabularyElementList/0/attributes/0']);
    expect(pointer({ id: 'urn:x:1', attributes: [{ id: 'name', attribute: 'x'.repeat(2_001) }] })).toHaveLength(1);
    expect(pointer({ id: 'urn:x:1', children: ['not a uri'] })).toEqual(['/epcisHeader/epcisMasterData/vocabularyList/0/vocabularyElementList/0/children']);
    expect(readLocationMasterData({ epcisMasterData: { vocabularyList: {} } }).problems[0].pointer).toBe('/epcisHeader/epcisMasterData/vocabularyList');
  });
});

describe('master-data attribute names', () => {
  it('reads every spelling of a CBV attribute as its short name, and writes it back with the standard prefix', () => {
    for (const id of ['urn:epcglobal:cbv:mda#city', 'urn:epcglobal:cbv:mda:city', 'cbvmda:city', 'city']) expect(masterDataAttributeKey(id)).toBe('city');
    expect(masterDataAttributeKey('https://ns.example.com/epcis/#climate')).toBe('https://ns.example.com/epcis/#climate');
    expect(masterDataAttributeId('city')).toBe('cbvmda:city');
    expect(masterDataAttributeId('https://ns.example.com/epcis/#climate')).toBe('https://ns.example.com/epcis/#climate');
  });
});

describe('a place', () => {
  it('is identified by its GLN and extension as a canonical Digital Link URI', () => {
    expect(placeIdentifier('0614141000012', null)).toBe('https://id.gs1.org/414/0614141000012');
    expect(placeIdentifier('0614141000012', 'DOCK/3')).toBe('https://id.gs1.org/414/0614141000012/254/DOCK%2F3');
  });

  it('takes a country in any case, and coordinates together', () => {
    expect(placeCreateBodySchema.parse({ gln: '0614141000012', name: 'Dock', countryCode: 'de' }).countryCode).toBe('DE');
    const half = placeCreateBodySchema.safeParse({ gln: '0614141000012', name: 'Dock', latitude: 10 });
    expect(half.success).toBe(false);
    expect(half.error?.issues[0].path).toEqual(['longitude']);
    expect(placeCreateBodySchema.safeParse({ gln: '0614141000013', name: 'Dock' }).success).toBe(false);
  });
});
