/*
 * The EPCIS 2.0 event hash (CBV 2.0 § 8.9, "EPCIS Event Hash ID"): a pre-hash string built from
 * the event's fields in the canonical property order, values canonicalised (UTC timestamps at
 * millisecond precision, CBV web URIs, constrained canonical GS1 Digital Link URIs, numbers without
 * trailing zeros, CURIEs expanded), then SHA-256 as `ni:///sha-256;{hex}?ver=CBV2.0`.
 *
 * This follows the GS1 reference implementation (github.com/RalphTro/epcis-event-hash-generator)
 * step by step, including how it orders lists and user extensions, so that a client using it
 * and this repository compute the same eventID. Its JSON-LD test vectors are checked in
 * `event-hash.test.ts`.
 */
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { canonicalIdentifier } from './identifiers.js';
import { CBV_VOCABULARIES, CBV_SENSOR_ALERT_TYPES, CBV_SENSOR_MEASUREMENT_TYPES, CBV_WEB_URI, GS1_VOC_URI } from './vocabulary.js';

/** A node of the event tree: name, text value and children; a `pair` is a typed list entry (type + value). */
type Node = { name: string; value: string; children: Item[] };
type Pair = { pair: Item[] };
type Item = Node | Pair;

const isPair = (item: Item): item is Pair => 'pair' in item;

type Order = [string, Order | null][];

const QUANTITY: Order = [['quantityElement', [['epcClass', null], ['quantity', null], ['uom', null]]]];
const EPC: Order = [['epc', null]];

/** The canonical property order (the reference implementation's PROP_ORDER). */
const PROPERTY_ORDER: Order = [
  ['eventTime', null],
  ['eventTimeZoneOffset', null],
  ['certificationInfo', null],
  ['parentID', null],
  ['epcList', EPC],
  ['inputEPCList', EPC],
  ['childEPCs', EPC],
  ['quantityList', QUANTITY],
  ['childQuantityList', QUANTITY],
  ['inputQuantityList', QUANTITY],
  ['outputEPCList', EPC],
  ['outputQuantityList', QUANTITY],
  ['action', null],
  ['transformationID', null],
  ['bizStep', null],
  ['disposition', null],
  ['persistentDisposition', [['set', null], ['unset', null]]],
  ['readPoint', [['id', null]]],
  ['bizLocation', [['id', null]]],
  // bizTransactionList, sourceList and destinationList are typed pairs: they follow with the other fields.
  [
    'sensorElementList',
    [
      [
        'sensorElement',
        [
          ['sensorMetadata', ['time', 'startTime', 'endTime', 'deviceID', 'deviceMetadata', 'rawData', 'dataProcessingMethod', 'bizRules'].map((name) => [name, null] as [string, null])],
          [
            'sensorReport',
            [
              'type', 'exception', 'deviceID', 'deviceMetadata', 'rawData', 'dataProcessingMethod', 'time', 'microorganism',
              'chemicalSubstance', 'value', 'component', 'stringValue', 'booleanValue', 'hexBinaryValue', 'uriValue', 'minValue',
              'maxValue', 'meanValue', 'sDev', 'percRank', 'percValue', 'uom', 'coordinateReferenceSystem',
            ].map((name) => [name, null] as [string, null]),
          ],
        ],
      ],
    ],
  ],
];

const IGNORED_AT_EVENT_LEVEL = new Set(['recordTime', 'eventID', 'type', 'errorDeclaration']);
const IGNORED_KEYS = new Set(['#text', 'rdfs:comment', 'comment', '@context']);
const TYPED_LIST_ENTRIES = ['bizTransaction', 'source', 'destination'];

/* ---------- value canonicalisation ---------- */

const URN_TO_WEB: [string, string][] = [
  ['urn:epcglobal:cbv:bizstep:', `${CBV_WEB_URI}BizStep-`],
  ['urn:epcglobal:cbv:disp:', `${CBV_WEB_URI}Disp-`],
  ['urn:epcglobal:cbv:btt:', `${CBV_WEB_URI}BTT-`],
  ['urn:epcglobal:cbv:sdt:', `${CBV_WEB_URI}SDT-`],
  ['urn:epcglobal:cbv:er:', `${CBV_WEB_URI}ER-`],
];

const PY_FLOAT = /^[+-]?(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*|\d(?:_?\d)*\.?)(?:[eE][+-]?\d(?:_?\d)*)?$/;

/** Python's `repr(float)` (shortest round trip; exponent form below 1e-4 and from 1e16). */
function pyFloatRepr(value: number): string {
  const exponential = value.toExponential();
  const [mantissa, exponentText] = exponential.split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  const text = value.toFixed(Math.max(0, mantissa.replace(/^-/, '').replace('.', '').length - 1 - exponent));
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '.0') : `${text}.0`;
}

/** Numbers lose leading `+`, leading and trailing zeros (`1.0` → `1`, `0.50` → `0.5`); anything else unchanged. */
function formatNumeric(text: string): string {
  const trimmed = text.trim();
  if (!PY_FLOAT.test(trimmed)) return text;
  const value = Number(trimmed.replace(/_/g, ''));
  if (!Number.isFinite(value)) return text;
  if (Number.isInteger(value)) return BigInt(value).toString();
  return pyFloatRepr(value);
}

function canonicalValue(text: string): string {
  let value = text;
  if (value.includes('urn:epcglobal:cbv:')) for (const [urn, web] of URN_TO_WEB) value = value.split(urn).join(web);
  value = formatNumeric(value);
  if (value.includes('.')) {
    const canonical = canonicalIdentifier(value);
    if (canonical !== value.trim() || canonical.startsWith('https://id.gs1.org/')) return canonical;
  }
  return value;
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/** A timestamp in UTC at millisecond precision (`2020-03-04T10:00:30.000Z`); microseconds round half to even. */
export function hashTimestamp(text: string): string {
  const match = ISO_TIME.exec(text.trim());
  if (!match) return text;
  const [, year, month, day, hour, minute, second = '0', fraction = '', zone = 'Z'] = match;
  const micro = Number(fraction.slice(0, 6).padEnd(6, '0'));
  let millis = Math.floor(micro / 1000);
  const rest = micro % 1000;
  if (rest > 500 || (rest === 500 && millis % 2 === 1)) millis += 1;
  let offsetMinutes = 0;
  if (zone !== 'Z' && zone !== 'z') {
    const digits = zone.replace(':', '');
    offsetMinutes = (digits[0] === '-' ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || '0'));
  }
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), millis) - offsetMinutes * 60_000;
  if (Number.isNaN(utc)) return text;
  return new Date(utc).toISOString();
}

/* ---------- JSON → tree (the reference's json_to_py and its XML-model corrections) ---------- */

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareItems(a: Item, b: Item): number {
  if (isPair(a) || isPair(b)) return 0;
  return compareStrings(a.name, b.name) || compareStrings(a.value, b.value) || compareLists(a.children, b.children);
}

function compareLists(a: Item[], b: Item[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const result = compareItems(a[i], b[i]);
    if (result !== 0) return result;
  }
  return a.length - b.length;
}

type Namespaces = Map<string, string>;

function replaceNamespace(text: string, namespaces: Namespaces, isValue: boolean): string {
  const index = text.indexOf(':');
  if (index < 0) return text;
  const namespace = namespaces.get(text.slice(0, index));
  if (namespace === undefined) return text;
  return isValue ? `${namespace}${text.slice(index + 1)}` : `{${namespace}}${text.slice(index + 1)}`;
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (value === null) return 'None';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : pyFloatRepr(value);
  return String(value);
}

function toTree(json: unknown, namespaces: Namespaces): Node {
  if (Array.isArray(json)) return { name: '', value: '', children: json.map((child) => toTree(child, namespaces)) };
  if (json === null || typeof json !== 'object') return { name: '', value: replaceNamespace(scalarText(json), namespaces, true), children: [] };
  const object = json as Record<string, unknown>;
  const node: Node = { name: typeof object.type === 'string' ? object.type : '', value: '', children: [] };
  for (const [rawKey, value] of Object.entries(object)) {
    if (IGNORED_KEYS.has(rawKey)) continue;
    const child = toTree(value, namespaces);
    const key = replaceNamespace(rawKey, namespaces, false);
    if (Array.isArray(value)) {
      for (const element of child.children) if (!isPair(element)) node.children.push({ name: key, value: element.value, children: element.children });
    } else node.children.push({ name: key, value: child.value, children: child.children });
  }
  if (!TYPED_LIST_ENTRIES.some((key) => key in object)) node.children.sort(compareItems);
  return node;
}

function correctNames(node: Node): Node {
  const { name } = node;
  if (name === 'inputEPC' || name === 'outputEPC') return { ...node, name: 'epc' };
  if (name === 'inputQuantity' || name === 'outputQuantity' || name === 'childQuantity' || (name === 'quantity' && node.children.length > 0)) {
    return { ...node, name: 'quantityElement' };
  }
  return node;
}

function restructure(node: Node): Node {
  const children = [...node.children];
  const lists = new Map<string, Node[]>();
  for (const element of node.children) {
    if (isPair(element) || !element.name.endsWith('List')) continue;
    const entries = lists.get(element.name) ?? [];
    entries.push({ name: element.name.slice(0, -4), value: element.value, children: element.children });
    lists.set(element.name, entries);
    children.splice(children.indexOf(element), 1);
  }
  for (const [listName, entries] of lists) {
    if (listName === 'sourceList' || listName === 'destinationList' || listName === 'bizTransactionList') {
      // Each entry becomes its `type` then its value, whatever their order in the JSON.
      const pairs: Pair[] = entries.map((entry) => {
        const nodes = entry.children.filter((child): child is Node => !isPair(child));
        const type = nodes.filter((child) => child.name === 'type');
        const others = nodes.filter((child) => child.name !== 'type');
        return { pair: [...type, ...others].slice(0, 2) };
      });
      children.push({ name: listName, value: '', children: pairs });
    } else children.push({ name: listName, value: '', children: entries });
  }
  const childEpcs = children.filter((child): child is Node => !isPair(child) && child.name === 'childEPCs');
  if (childEpcs.length > 0) {
    for (const element of childEpcs) children.splice(children.indexOf(element), 1);
    children.push({ name: 'childEPCs', value: '', children: childEpcs.map((element) => ({ name: 'epc', value: element.value, children: [] })) });
  }
  const corrected = children.map((child) => {
    if (isPair(child)) return child;
    if (child.name === 'sourceList' || child.name === 'destinationList' || child.name === 'bizTransactionList') return child;
    return restructure(child);
  });
  return correctNames({ name: node.name, value: node.value, children: corrected });
}

/* ---------- tree → pre-hash string ---------- */

function gatherUserExtensions(children: Item[]): Item[] {
  if (children.length <= 1) return [];
  if (children.some((child) => !isPair(child) && (child.name.includes('eventTime') || child.name.includes('action')))) return [];
  const extensions = children.filter((child) => !isPair(child) && child.name.includes('{') && child.name.includes('/}'));
  for (const extension of extensions) children.splice(children.indexOf(extension), 1);
  return extensions;
}

function childToPreHash(child: Node, subOrder: Order | null): string {
  let grandChildren = '';
  if (subOrder) grandChildren = orderedPreHash(child.children, subOrder);
  let text = '';
  if (child.value) {
    text = child.value.trim();
    const lower = child.name.toLowerCase();
    text = lower.includes('time') && !lower.includes('offset') ? hashTimestamp(text) : canonicalValue(text);
    if (text) text = `=${text}`;
  }
  return text || grandChildren ? `${child.name}${text}${grandChildren}` : '';
}

function orderedPreHash(children: Item[], order: Order): string {
  let preHash = '';
  const extensions = gatherUserExtensions(children);
  for (const [name, subOrder] of order) {
    const matching = children.filter((child): child is Node => !isPair(child) && child.name === name);
    const values: string[] = [];
    for (const child of matching) {
      const text = childToPreHash(child, subOrder);
      if (text) values.push(text);
      if (child.children.length === 0) children.splice(children.indexOf(child), 1);
    }
    values.sort(compareStrings);
    if (values.join('')) {
      if (preHash) values.unshift(preHash);
      preHash = values.join('');
    }
  }
  if (extensions.length > 0) preHash = `${preHash}${genericPreHash(extensions)}`;
  return preHash;
}

function genericPreHash(children: Item[]): string {
  const values = children.map((child) => {
    if (isPair(child)) return genericPreHash(child.pair);
    let text = child.value.trim();
    if (text) text = `=${canonicalValue(text)}`;
    return `${child.name}${text}${genericPreHash(child.children)}`;
  });
  const sortable = !children.some((child) => !isPair(child) && TYPED_LIST_ENTRIES.includes(child.name));
  if (children.length > 1 && sortable) values.sort(compareStrings);
  return values.join('');
}

/* ---------- bare CBV values → web URIs (what JSON-LD expansion does for @vocab fields) ---------- */

function vocabularyUri(field: string, value: string): string | null {
  const web = (name: keyof typeof CBV_VOCABULARIES) => {
    const vocabulary = CBV_VOCABULARIES[name];
    return vocabulary.values.includes(value) ? `${CBV_WEB_URI}${vocabulary.web}${value}` : null;
  };
  switch (field) {
    case 'bizStep':
      return web('bizStep');
    case 'disposition':
    case 'set':
    case 'unset':
      return web('disposition');
    case 'bizTransactionType':
      return web('bizTransactionType');
    case 'sourceDestType':
      return web('sourceDestType');
    case 'reason':
      return web('errorReason');
    case 'component':
      return web('component');
    case 'measurementType':
      return CBV_SENSOR_MEASUREMENT_TYPES.includes(value) ? `${GS1_VOC_URI}${value}` : null;
    case 'exception':
      return CBV_SENSOR_ALERT_TYPES.includes(value) ? `${GS1_VOC_URI}${value}` : null;
    default:
      return null;
  }
}

/** The web URIs the event's bare vocabulary values expand to. */
function expandedVocabulary(event: Record<string, unknown>): Set<string> {
  const found = new Set<string>();
  const add = (field: string, value: unknown) => {
    if (typeof value !== 'string') return;
    const uri = vocabularyUri(field, value);
    if (uri) found.add(uri);
  };
  const objects = (value: unknown): Record<string, unknown>[] =>
    Array.isArray(value) ? value.filter((entry): entry is Record<string, unknown> => entry !== null && typeof entry === 'object' && !Array.isArray(entry)) : [];
  add('bizStep', event.bizStep);
  add('disposition', event.disposition);
  const persistent = event.persistentDisposition as Record<string, unknown> | undefined;
  if (persistent && typeof persistent === 'object') {
    for (const key of ['set', 'unset'] as const) if (Array.isArray(persistent[key])) for (const value of persistent[key] as unknown[]) add(key, value);
  }
  for (const entry of objects(event.bizTransactionList)) add('bizTransactionType', entry.type);
  for (const entry of [...objects(event.sourceList), ...objects(event.destinationList)]) add('sourceDestType', entry.type);
  const declaration = event.errorDeclaration as Record<string, unknown> | undefined;
  if (declaration && typeof declaration === 'object') add('reason', declaration.reason);
  for (const element of objects(event.sensorElementList)) {
    for (const report of objects(element.sensorReport)) {
      add('measurementType', report.type);
      add('exception', report.exception);
      add('component', report.component);
    }
  }
  return found;
}

function replaceBareValues(json: unknown, expanded: string[]): unknown {
  if (typeof json === 'string') {
    const matches = expanded.filter((uri) => uri.endsWith(`-${json}`) || uri.endsWith(`/${json}`));
    return matches.length === 1 ? matches[0] : json;
  }
  if (Array.isArray(json)) return json.map((item) => replaceBareValues(item, expanded));
  if (json !== null && typeof json === 'object') {
    return Object.fromEntries(Object.entries(json).map(([key, value]) => [key, replaceBareValues(value, expanded)]));
  }
  return json;
}

/** Prefix → namespace of the inline objects of a JSON-LD `@context` (remote contexts are never fetched). */
export function contextNamespaces(...contexts: unknown[]): Map<string, string> {
  const namespaces = new Map<string, string>();
  const visit = (context: unknown) => {
    if (Array.isArray(context)) context.forEach(visit);
    else if (context !== null && typeof context === 'object') {
      for (const [key, value] of Object.entries(context)) {
        if (key.startsWith('@')) continue;
        // `"ext": "https://…/"` or an expanded term definition `"ext": { "@id": "https://…/" }`.
        const id = typeof value === 'string' ? value : value !== null && typeof value === 'object' ? (value as Record<string, unknown>)['@id'] : undefined;
        if (typeof id === 'string') namespaces.set(key, id);
      }
    }
  };
  contexts.forEach(visit);
  return namespaces;
}

/**
 * The CURIE prefixes of vocabulary values the EPCIS 2.0 context itself defines (`cbv:BizStep-shipping`,
 * `gs1:Temperature`): every EPCIS 2.0 document has that context, so its values expand as a declared prefix does.
 */
const STANDARD_VALUE_PREFIXES: readonly (readonly [string, string])[] = [
  ['cbv', 'https://ref.gs1.org/cbv/'],
  ['gs1', 'https://gs1.org/voc/'],
];

/** The pre-hash string of an event (exposed for tests and debugging). */
export function eventPreHash(event: Record<string, unknown>, context?: unknown): string {
  const namespaces = new Map([...STANDARD_VALUE_PREFIXES, ...contextNamespaces(context, event['@context'])]);
  const expanded = [...expandedVocabulary(event)];
  const replaced = replaceBareValues(event, expanded) as Record<string, unknown>;
  const tree = restructure(toTree(replaced, namespaces));
  const type = typeof event.type === 'string' ? event.type : '';
  const ordered = orderedPreHash(tree.children, PROPERTY_ORDER);
  const rest = tree.children.filter((child) => isPair(child) || !IGNORED_AT_EVENT_LEVEL.has(child.name));
  return `eventType=${type}${ordered}${rest.length > 0 ? genericPreHash(rest) : ''}`;
}

/** `ni:///sha-256;{hex}?ver=CBV2.0` for an event given as JSON; `context` is the document's `@context` (for CURIE prefixes). */
export function eventHash(event: Record<string, unknown>, context?: unknown): string {
  const digest = bytesToHex(sha256(new TextEncoder().encode(eventPreHash(event, context))));
  return `ni:///sha-256;${digest}?ver=CBV2.0`;
}
