import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { standardsPath } from '../../../../tests/fixtures/standards/index.mjs';
import { canonicalClass, canonicalIdentifier, gtinOf, identifierPattern, prefixLengthFromPrefixes, toEpcUrn } from './identifiers.js';

/** Whether a SQL LIKE pattern (backslash escapes) matches a value. */
function like(pattern: string, value: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '\\') source += pattern[++i].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's').test(value);
}

const prefixes = prefixLengthFromPrefixes(['4012345', '4054739', '0614141', '952012']);

describe('identifiers', () => {
  it('round-trips every GS1 key of epcisDocWithAllGS1Keys.json between EPC URN and Digital Link', () => {
    const doc = JSON.parse(readFileSync(standardsPath('epcis/openepcis-test-resources/Capture/Documents/epcisDocWithAllGS1Keys.json'), 'utf8'));
    const event = doc.epcisBody.eventList[0];
    const instances: string[] = [...event.epcList, event.readPoint.id];
    const classes: string[] = event.quantityList.map((q: { epcClass: string }) => q.epcClass);
    const schemes = new Set<string>();
    for (const urn of [...instances, ...classes]) {
      const canonical = classes.includes(urn) ? canonicalClass(urn) : canonicalIdentifier(urn);
      expect(canonical, urn).toMatch(/^https:\/\/id\.gs1\.org\/\d{2,4}\//);
      const back = toEpcUrn(canonical, prefixes);
      if (urn.startsWith('urn:')) expect(back, urn).toBe(urn);
      else expect(back).toBe('urn:epc:id:sscc:4012345.0000000333');
      expect(canonicalIdentifier(back)).toBe(canonical);
      schemes.add(back.split(':').slice(2, 4).join(':'));
    }
    expect([...schemes].sort()).toEqual([
      'class:lgtin', 'id:cpi', 'id:gdti', 'id:giai', 'id:ginc', 'id:grai', 'id:gsin', 'id:gsrn', 'id:gsrnp', 'id:itip', 'id:sgcn', 'id:sgln', 'id:sgtin', 'id:sscc', 'id:upui',
      'idpat:cpi', 'idpat:gdti', 'idpat:grai', 'idpat:itip', 'idpat:sgcn', 'idpat:sgtin',
    ]);
  });

  it('is stable on every identifier of the openepcis capture documents', () => {
    const dir = standardsPath('epcis/openepcis-test-resources/Capture/Documents');
    const identifiers = new Set<string>();
    const collect = (value: unknown, key = ''): void => {
      if (typeof value === 'string') {
        if (['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList', 'parentID', 'epcClass', 'id', 'source', 'destination'].includes(key)) identifiers.add(value);
      } else if (Array.isArray(value)) value.forEach((item) => collect(item, key));
      else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, k);
    };
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) collect(JSON.parse(readFileSync(join(dir, file), 'utf8')).epcisBody);
    expect(identifiers.size).toBeGreaterThan(50);
    let converted = 0;
    for (const identifier of identifiers) {
      const canonical = canonicalIdentifier(identifier);
      expect(canonicalIdentifier(canonical), identifier).toBe(canonical);
      if (identifier.startsWith('urn:epc:id:') || identifier.startsWith('urn:epc:class:')) {
        // Every GS1 EPC URN of the test data converts, and comes back with its own company prefix length.
        expect(canonical, identifier).toMatch(/^https:\/\/id\.gs1\.org\//);
        const prefix = /^urn:epc:(?:id|class):[a-z]+:(\d+)\./.exec(identifier)?.[1];
        if (prefix) expect(toEpcUrn(canonical, () => prefix.length), identifier).toBe(identifier);
        converted += 1;
      }
    }
    expect(converted).toBeGreaterThan(20);
  });

  it('gives the canonical Digital Link of each key type', () => {
    expect(canonicalIdentifier('urn:epc:id:sgtin:0614141.107346.2017')).toBe('https://id.gs1.org/01/10614141073464/21/2017');
    expect(canonicalIdentifier('urn:epc:id:sscc:0614141.1234567890')).toBe('https://id.gs1.org/00/106141412345678908');
    expect(canonicalIdentifier('urn:epc:id:sgln:0614141.12345.0')).toBe('https://id.gs1.org/414/0614141123452');
    expect(canonicalIdentifier('urn:epc:id:sgln:0614141.12345.400')).toBe('https://id.gs1.org/414/0614141123452/254/400');
    expect(canonicalIdentifier('urn:epc:id:pgln:0614141.12345')).toBe('https://id.gs1.org/417/0614141123452');
    expect(canonicalIdentifier('urn:epc:class:lgtin:4012345.012345.998877')).toBe('https://id.gs1.org/01/04012345123456/10/998877');
    expect(canonicalClass('urn:epc:idpat:sgtin:4012345.012345.*')).toBe('https://id.gs1.org/01/04012345123456');
    expect(canonicalIdentifier('urn:epc:id:grai:4012345.66666.87')).toBe('https://id.gs1.org/8003/04012345666663' + '87');
  });

  it('normalises Digital Link URIs on any domain, convenience alphas, short GTINs and extra qualifiers', () => {
    expect(canonicalIdentifier('https://example.com/01/09521141012345/21/2017')).toBe('https://id.gs1.org/01/09521141012345/21/2017');
    expect(canonicalIdentifier('https://brand.example/products/01/09521141012345/21/2017?linkType=all')).toBe('https://id.gs1.org/01/09521141012345/21/2017');
    expect(canonicalIdentifier('https://example.com/gtin/9521141012345/ser/2017')).toBe('https://id.gs1.org/01/09521141012345/21/2017');
    // A serial is the finest level: the lot and the CPV are dropped, as in the event hash.
    expect(canonicalIdentifier('https://id.gs1.org/01/09521141012345/22/A/10/LOT1/21/2017')).toBe('https://id.gs1.org/01/09521141012345/21/2017');
    expect(canonicalIdentifier('https://id.gs1.org/01/09521141012345/10/LOT1')).toBe('https://id.gs1.org/01/09521141012345/10/LOT1');
  });

  it('keeps values that are not GS1 keys unchanged', () => {
    for (const value of ['urn:epcglobal:cbv:bt:0614141073467:1152', 'http://transaction.acme.com/po/12345678', 'urn:uuid:374d95fc-9457-4a51-bd6a-0bba133845a8', 'https://example.com/not/a/key', 'urn:epc:id:bic:CSQU3054383', 'plain']) {
      expect(canonicalIdentifier(value)).toBe(value);
    }
  });

  it('escapes serials the same way from both forms', () => {
    const fromUrn = canonicalIdentifier('urn:epc:id:sgtin:0614141.107346.A%2FB%25C!');
    expect(fromUrn).toBe('https://id.gs1.org/01/10614141073464/21/A%2FB%25C%21');
    expect(canonicalIdentifier('https://example.org/01/10614141073464/21/A%2FB%25C!')).toBe(fromUrn);
    expect(toEpcUrn(fromUrn, prefixes)).toBe('urn:epc:id:sgtin:0614141.107346.A%2FB%25C!');
  });

  it('keeps the Digital Link form when the company prefix length is unknown', () => {
    const canonical = 'https://id.gs1.org/01/09506000134352/21/X1';
    expect(toEpcUrn(canonical, () => null)).toBe(canonical);
    expect(toEpcUrn(canonical, prefixLengthFromPrefixes(['9506000']))).toBe('urn:epc:id:sgtin:9506000.013435.X1');
    expect(toEpcUrn('urn:uuid:1', prefixes)).toBe('urn:uuid:1');
  });

  it('names the GTIN of instances and classes', () => {
    expect(gtinOf(canonicalIdentifier('urn:epc:id:sgtin:0614141.107346.2017'))).toBe('10614141073464');
    expect(gtinOf(canonicalClass('urn:epc:class:lgtin:4012345.012345.998877'))).toBe('04012345123456');
    expect(gtinOf('https://id.gs1.org/8006/040123451234560102/21/9')).toBe('04012345123456');
    expect(gtinOf(canonicalIdentifier('urn:epc:id:sscc:0614141.1234567890'))).toBeNull();
    expect(gtinOf('urn:uuid:1')).toBeNull();
  });

  it('turns MATCH_ values into exact values or LIKE patterns over canonical identifiers', () => {
    const sgtin = (serial: string) => canonicalIdentifier(`urn:epc:id:sgtin:0614141.107346.${serial}`);
    const other = canonicalIdentifier('urn:epc:id:sgtin:0614141.107347.1');
    const lot = canonicalClass('urn:epc:class:lgtin:0614141.107346.L1');

    const byItem = identifierPattern('urn:epc:idpat:sgtin:0614141.107346.*');
    expect('like' in byItem).toBe(true);
    if (!('like' in byItem)) return;
    expect(like(byItem.like, sgtin('2017'))).toBe(true);
    expect(like(byItem.like, sgtin('x_y%25z'))).toBe(true);
    expect(like(byItem.like, lot)).toBe(true);
    expect(like(byItem.like, other)).toBe(false);

    const byCompany = identifierPattern('urn:epc:idpat:sgtin:0614141.*.*');
    if (!('like' in byCompany)) throw new Error('expected a LIKE pattern');
    expect(like(byCompany.like, sgtin('1'))).toBe(true);
    expect(like(byCompany.like, other)).toBe(true);
    expect(like(byCompany.like, canonicalIdentifier('urn:epc:id:sgtin:4012345.012345.12'))).toBe(false);

    const sscc = identifierPattern('urn:epc:idpat:sscc:0614141.*');
    if (!('like' in sscc)) throw new Error('expected a LIKE pattern');
    expect(like(sscc.like, canonicalIdentifier('urn:epc:id:sscc:0614141.1234567890'))).toBe(true);
    expect(like(sscc.like, sgtin('1'))).toBe(false);

    expect(identifierPattern('urn:epc:id:sgtin:0614141.107346.2017')).toEqual({ exact: sgtin('2017') });
    expect(identifierPattern('urn:epc:idpat:sgtin:0614141.107346.2017')).toEqual({ exact: sgtin('2017') });
    expect(identifierPattern('https://example.com/01/10614141073464/21/2017')).toEqual({ exact: sgtin('2017') });
    expect(identifierPattern('urn:uuid:1')).toEqual({ exact: 'urn:uuid:1' });
  });

  it('escapes LIKE wildcards of the fixed part', () => {
    const pattern = identifierPattern('urn:epc:idpat:cpi:0614141.5_PARTS.*');
    if (!('like' in pattern)) throw new Error('expected a LIKE pattern');
    expect(pattern.like).toContain('5\\_PARTS');
    expect(like(pattern.like, canonicalIdentifier('urn:epc:id:cpi:0614141.5_PARTS.12'))).toBe(true);
    expect(like(pattern.like, canonicalIdentifier('urn:epc:id:cpi:0614141.5XPARTS.12'))).toBe(false);
  });
});
