import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { standardsPath } from '../../../../tests/fixtures/standards/index.mjs';
import { AI_TABLE } from './ai-table.js';
import { digitalLinkOrigin, formatDigitalLink, gtinDigitalLink, parseDigitalLink } from './digital-link.js';
import { companyPrefixOf, entryPath, entryValue, gs1CheckDigit, gtin14, gtinProblem, hasValidCheckDigit, isValidGtin14, padGtin14 } from './gtin.js';

/** One row of the GS1 Barcode Syntax Dictionary: `AIs [Flags] Specification [Attributes...] [# Title]`. */
interface DictionaryRow {
  ais: string[];
  components: { charset: string; min: number; max: number; optional: boolean; linters: string[] }[];
  attributes: string[];
  title: string;
}

function expandAis(field: string): string[] {
  const [from, to] = field.split('-');
  if (!to) return [from];
  const result: string[] = [];
  for (let n = Number(from); n <= Number(to); n += 1) result.push(String(n).padStart(from.length, '0'));
  return result;
}

function loadDictionary(): Map<string, DictionaryRow> {
  const path = standardsPath('gs1-syntax-dictionary/gs1-syntax-dictionary.txt');
  const rows = new Map<string, DictionaryRow>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const [body, ...titleParts] = line.split('#');
    const tokens = body.trim().split(/\s+/);
    const ais = expandAis(tokens.shift()!);
    if (tokens[0] && !/^\[?[NXYZ]/.test(tokens[0])) tokens.shift(); // flags
    const components: DictionaryRow['components'] = [];
    while (tokens[0] && /^\[?[NXYZ]\d|^\[?[NXYZ]\.\./.test(tokens[0])) {
      const token = tokens.shift()!;
      const optional = token.startsWith('[');
      const [type, ...linters] = token.replace(/[[\]]/g, '').split(',');
      const match = /^([NXYZ])(\d+)?(?:\.\.(\d+))?$/.exec(type)!;
      const fixed = match[2] !== undefined && match[3] === undefined;
      components.push({
        charset: match[1],
        min: fixed ? Number(match[2]) : 1,
        max: Number(match[3] ?? match[2]),
        optional,
        linters,
      });
    }
    const row = { ais, components, attributes: tokens, title: titleParts.join('#').trim() };
    for (const ai of ais) rows.set(ai, row);
  }
  return rows;
}

const dictionary = loadDictionary();

describe('the AI table', () => {
  it('was read from a dictionary with the usual keys', () => {
    expect(dictionary.size).toBeGreaterThan(400);
    expect(dictionary.get('01')?.title).toBe('GTIN');
  });

  it.each(AI_TABLE.map((definition) => [definition.ai, definition] as const))('AI %s matches the GS1 syntax dictionary', (ai, definition) => {
    const row = dictionary.get(ai);
    expect(row, `AI ${ai} is in the dictionary`).toBeDefined();
    expect(definition.title).toBe(row!.title);
    const mandatory = row!.components.filter((component) => !component.optional);
    const minLength = mandatory.reduce((sum, component) => sum + component.min, 0);
    const maxLength = row!.components.reduce((sum, component) => sum + component.max, 0);
    expect([definition.minLength, definition.maxLength]).toEqual([minLength, maxLength]);
    expect(definition.charset).toBe(row!.components[0].charset);
    expect(definition.checkDigit).toBe(row!.components.some((component) => component.linters.includes('csum')));
    const dlpkey = row!.attributes.find((attribute) => attribute === 'dlpkey' || attribute.startsWith('dlpkey='));
    expect(definition.primaryKey).toBe(dlpkey !== undefined);
    const firstAlternative = dlpkey?.split('=')[1]?.split('|')[0];
    expect(definition.qualifiers).toEqual(firstAlternative ? firstAlternative.split(',') : []);
  });
});

describe('GTIN', () => {
  it('computes the GS1 check digit of known codes', () => {
    expect(gs1CheckDigit('1061414100001')).toBe(9);
    expect(gs1CheckDigit('950600013435')).toBe(2);
    expect(isValidGtin14('10614141000019')).toBe(true);
    expect(isValidGtin14('10614141000018')).toBe(false);
    expect(isValidGtin14('04006381333931')).toBe(true);
    expect(hasValidCheckDigit('9506000134352')).toBe(true);
    expect(hasValidCheckDigit('96385074')).toBe(true); // GTIN-8
  });

  it('pads GTIN-8, -12 and -13 with leading zeros to 14 digits', () => {
    expect(padGtin14('9506000134352')).toBe('09506000134352');
    expect(padGtin14('614141000012')).toBe('00614141000012');
    expect(padGtin14('96385074')).toBe('00000096385074');
    expect(padGtin14('10614141000019')).toBe('10614141000019');
  });

  it('builds codes from a company prefix and an item reference', () => {
    expect(gtin14(0, '0614141', 1)).toBe('00614141000012');
    expect(isValidGtin14(gtin14(0, '7350053', 42))).toBe(true);
    expect(() => gtin14(0, '0614141', 123456)).toThrow();
  });

  it("says why a GTIN is refused for a company's prefixes", () => {
    const prefixes = ['0614141', '0614142'];
    expect(gtinProblem('00614141000012', prefixes)).toBeNull();
    expect(gtinProblem('614141000012', prefixes)).toBeNull(); // GTIN-12 of the same item
    expect(gtinProblem('00614141000013', prefixes)).toBe('checkDigit');
    expect(gtinProblem('09506000134352', prefixes)).toBe('prefix');
    expect(gtinProblem('12345', prefixes)).toBe('format');
    expect(gtinProblem('0061414100001a', prefixes)).toBe('format');
    expect(companyPrefixOf('00614142000011', prefixes)).toBe('0614142');
  });
});

describe('entry values (spec point 5)', () => {
  it('pads every AI but 414 to 14 characters and prefixes 414 values', () => {
    expect(entryValue('01', '9506000134352')).toBe('09506000134352');
    expect(entryValue('414', '123456', '0614141')).toBe('0614141123456');
    expect(entryPath('01', '09506000134352')).toBe('/01/09506000134352');
  });
});

describe('Digital Link URIs', () => {
  it('formats https://{domain}/01/{gtin14}', () => {
    expect(gtinDigitalLink('id.acme.example', '09506000134352')).toBe('https://id.acme.example/01/09506000134352');
    expect(
      formatDigitalLink({ domain: 'id.example', primary: { ai: '01', value: '09506000134352' }, qualifiers: [{ ai: '21', value: 'A/1' }] }),
    ).toBe('https://id.example/01/09506000134352/21/A%2F1');
  });

  it('formats on an origin as well as on a host name', () => {
    expect(gtinDigitalLink('http://localhost:3000', '09506000134352')).toBe('http://localhost:3000/01/09506000134352');
    expect(gtinDigitalLink('https://id.acme.example/', '09506000134352')).toBe('https://id.acme.example/01/09506000134352');
    expect(gtinDigitalLink('id.acme.example:8443', '09506000134352')).toBe('https://id.acme.example:8443/01/09506000134352');
    expect(digitalLinkOrigin('HTTP://LocalHost:3000/some/path')).toBe('http://localhost:3000');
    const uri = formatDigitalLink({ domain: 'http://127.0.0.1:8080', primary: { ai: '01', value: '09506000134352' }, qualifiers: [{ ai: '21', value: 'A/1' }] });
    expect(uri).toBe('http://127.0.0.1:8080/01/09506000134352/21/A%2F1');
    expect(parseDigitalLink(uri)?.qualifiers).toEqual([{ ai: '21', value: 'A/1' }]);
  });

  it('parses what it formats, and refuses bad check digits, unknown keys and qualifiers out of order', () => {
    expect(parseDigitalLink('https://id.example/01/09506000134352/10/LOT1/21/S1')).toEqual({
      domain: 'id.example',
      primary: { ai: '01', value: '09506000134352' },
      qualifiers: [
        { ai: '10', value: 'LOT1' },
        { ai: '21', value: 'S1' },
      ],
    });
    expect(parseDigitalLink('https://id.example/some/prefix/414/0614141123452')?.primary).toEqual({ ai: '414', value: '0614141123452' });
    expect(parseDigitalLink('https://id.example/01/09506000134353')).toBeNull();
    expect(parseDigitalLink('https://id.example/01/09506000134352/21/S1/10/LOT1')).toBeNull();
    expect(parseDigitalLink('https://id.example/99/123')).toBeNull();
    expect(parseDigitalLink('not a url')).toBeNull();
  });
});
