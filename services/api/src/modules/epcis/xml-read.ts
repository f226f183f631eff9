import { normalizeCbv, type CbvVocabularyName } from '@product-console/shared';
import { readXml, XmlInputError, type XmlElement } from './xml-parse.js';

export { XML_MAX_DEPTH, XmlInputError } from './xml-parse.js';

/*
 * The XML binding of EPCIS capture (EPCIS 2.0 § 12, and EPCIS 1.2 documents): an XML document is
 * read into the same JSON an EPCIS 2.0 client would send, so that it is validated, hashed and
 * stored by the one JSON path. Decision 080.
 *
 * Parsing (no DTD, bounded depth) is xml-parse.ts.
 *
 * Mapping (the standard's JSON/XML mapping, and the 1.2 → 2.0 XSLT of github.com/gs1/EPCIS):
 * - `extension` and `baseExtension` wrappers (EPCIS 1.x) are transparent: their children belong to
 *   the element around them (so a 1.2 TransformationEvent in `EventList/extension`, `eventID` in
 *   `baseExtension`, `quantityList` in `ObjectEvent/extension` land where 2.0 has them);
 * - EPCIS fields are unqualified elements (or elements in the EPCIS namespace, as some bare events
 *   write them); lists (`epcList/epc`, `quantityList/quantityElement`, `bizTransactionList`...)
 *   become JSON arrays, typed values (`bizTransaction@type`, `source@type`) objects;
 * - CBV values in their URN or `cbv:` CURIE spelling become the bare JSON term (`shipping`), others stay;
 * - sensor attributes become members, numbers and booleans typed as the XSD types them;
 * - an element of another namespace is a user extension: `prefix:localName`, its text as a string,
 *   nested elements as an object, repeated elements as a list; each namespace is declared in the
 *   document's `@context` under the prefix the XML used (another when one prefix names two).
 */

export const EPCIS_XML_NS = { v1: 'urn:epcglobal:epcis:xsd:1', v2: 'urn:epcglobal:epcis:xsd:2' } as const;
export const EPCIS_QUERY_XML_NS = { v1: 'urn:epcglobal:epcis-query:xsd:1', v2: 'urn:epcglobal:epcis-query:xsd:2' } as const;
const EPCIS_NAMESPACES = new Set<string>([...Object.values(EPCIS_XML_NS), ...Object.values(EPCIS_QUERY_XML_NS), 'urn:epcglobal:epcis-masterdata:xsd:1', 'urn:epcglobal:epcis-masterdata:xsd:2']);
const CBVMDA_NAMESPACES = new Set(['urn:epcglobal:cbv:mda', 'urn:epcglobal:cbv:mda#']);
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const STANDARD_CONTEXT = 'https://ref.gs1.org/standards/epcis/epcis-context.jsonld';

export const EVENT_TYPES = ['ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'TransformationEvent', 'AssociationEvent'] as const;

type Json = Record<string, unknown>;

/** Prefixes of the user extension namespaces met while mapping, for the document's `@context`. */
class Prefixes {
  private readonly byUri = new Map<string, string>();
  private readonly used = new Map<string, string>();

  /** The prefix the element used, unless it names another namespace elsewhere in the document; then the namespace's first prefix, or a new one. */
  prefixOf(element: { uri: string; prefix: string }): string {
    // The CBV master data attributes: `cbvmda:` of the EPCIS 2.0 context itself, declared nowhere else.
    if (CBVMDA_NAMESPACES.has(element.uri)) return 'cbvmda';
    const own = /^[A-Za-z_][\w.-]*$/.test(element.prefix) && !element.prefix.toLowerCase().startsWith('xml') ? element.prefix : null;
    if (own !== null) {
      const bound = this.used.get(own);
      if (bound === element.uri) return own;
      if (bound === undefined) return this.bind(own, element.uri);
    }
    const known = this.byUri.get(element.uri);
    if (known) return known;
    const base = own ?? 'ns';
    let n = 1;
    while (this.used.has(`${base}${n}`)) n += 1;
    return this.bind(`${base}${n}`, element.uri);
  }

  private bind(prefix: string, uri: string): string {
    if (!this.byUri.has(uri)) this.byUri.set(uri, prefix);
    this.used.set(prefix, uri);
    return prefix;
  }

  context(): unknown[] {
    return [STANDARD_CONTEXT, ...[...this.used].map(([prefix, uri]) => ({ [prefix]: uri }))];
  }
}

const isEpcisField = (element: XmlElement) => element.uri === '' || EPCIS_NAMESPACES.has(element.uri);
const isWrapper = (element: XmlElement) => isEpcisField(element) && (element.local === 'extension' || element.local === 'baseExtension');

/** The children of an element with `extension` / `baseExtension` wrappers opened, at any depth. */
function fieldsOf(element: XmlElement): XmlElement[] {
  const result: XmlElement[] = [];
  for (const child of element.children) {
    if (isWrapper(child)) result.push(...fieldsOf(child));
    else result.push(child);
  }
  return result;
}

const textOf = (element: XmlElement) => element.text.trim();
const isNil = (element: XmlElement) => element.attributes.some((a) => a.uri === XSI_NS && a.local === 'nil' && a.value.trim() === 'true');
const attributeOf = (element: XmlElement, name: string) => element.attributes.find((a) => a.uri === '' && a.local === name)?.value.trim();

/**
 * A CBV value: the EPCIS 1.x URN (`urn:epcglobal:cbv:bizstep:shipping`) or the CURIE (`cbv:BizStep-shipping`)
 * of a standard term becomes the bare JSON term; a full web URI (which the JSON binding takes as is) and
 * extension values stay as written.
 */
function cbv(vocabulary: CbvVocabularyName, value: string): string {
  if (!/^(urn:epcglobal:cbv:|cbv:|gs1:)/i.test(value)) return value;
  return normalizeCbv(vocabulary, value) ?? value;
}

/** `gs1:Temperature` / `https://gs1.org/voc/Temperature` → `Temperature` (the JSON binding names GS1 vocabulary terms bare). */
function gs1Term(value: string): string {
  const match = /^(?:https?:\/\/(?:www\.)?gs1\.org\/voc\/|gs1:)([A-Za-z_][\w-]*)$/.exec(value);
  return match ? match[1] : value;
}

/** A number as the XSD types it (`decimal`, `double`); text that is none stays text, for validation to refuse. */
function numberOf(text: string): number | string {
  const value = text.trim();
  if (/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value)) return Number(value);
  return value;
}

/** A user extension element's value: its text, or an object of its child elements (repeated names become lists). */
function extensionValue(element: XmlElement, prefixes: Prefixes): unknown {
  const children = fieldsOf(element);
  const attributes = element.attributes.filter((a) => a.prefix !== 'xmlns' && a.local !== 'xmlns' && a.uri !== XSI_NS);
  if (children.length === 0 && attributes.length === 0) return textOf(element);
  const object: Json = {};
  for (const attribute of attributes) {
    // Attributes of extension elements: namespaced ones keep their prefix, plain ones their name (JSON-LD has no attribute/element distinction).
    const key = attribute.uri === '' ? attribute.local : `${prefixes.prefixOf(attribute)}:${attribute.local}`;
    object[key] = attribute.value;
  }
  addExtensions(object, children, prefixes, true);
  if (children.length === 0 && textOf(element) !== '') object['#text'] = textOf(element);
  return object;
}

/**
 * Adds the user extension elements among `elements` to `target` as `prefix:local` members. Inside an
 * extension (`nested`), unqualified elements are members under their local name, as the JSON form writes them.
 */
function addExtensions(target: Json, elements: XmlElement[], prefixes: Prefixes, nested = false): void {
  for (const child of elements) {
    if (child.uri === '' ? !nested : EPCIS_NAMESPACES.has(child.uri)) continue;
    const key = child.uri === '' ? child.local : `${prefixes.prefixOf(child)}:${child.local}`;
    const value = extensionValue(child, prefixes);
    if (key in target) {
      const existing = target[key];
      target[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    } else target[key] = value;
  }
}

/** `epcList/epc`, `correctiveEventIDs/correctiveEventID`, `persistentDisposition/set`: the texts of the named children. */
const textsOf = (element: XmlElement, name: string) => fieldsOf(element).filter((c) => isEpcisField(c) && c.local === name).map(textOf);

function quantityList(element: XmlElement): Json[] {
  return fieldsOf(element)
    .filter((c) => isEpcisField(c) && c.local === 'quantityElement')
    .map((q) => {
      const entry: Json = {};
      for (const field of fieldsOf(q)) {
        if (!isEpcisField(field)) continue;
        if (field.local === 'epcClass') entry.epcClass = textOf(field);
        else if (field.local === 'quantity' && !isNil(field) && textOf(field) !== '') entry.quantity = numberOf(textOf(field));
        else if (field.local === 'uom') entry.uom = textOf(field);
      }
      return entry;
    });
}

function location(element: XmlElement, prefixes: Prefixes): Json {
  const result: Json = {};
  const fields = fieldsOf(element);
  const id = fields.find((c) => isEpcisField(c) && c.local === 'id');
  if (id) result.id = textOf(id);
  addExtensions(result, fields, prefixes);
  return result;
}

function typedList(element: XmlElement, item: string, vocabulary: CbvVocabularyName): Json[] {
  return fieldsOf(element)
    .filter((c) => isEpcisField(c) && c.local === item)
    .map((c) => {
      const type = attributeOf(c, 'type');
      return type === undefined ? { [item]: textOf(c) } : { type: cbv(vocabulary, type), [item]: textOf(c) };
    });
}

const SENSOR_NUMBERS = new Set(['value', 'minValue', 'maxValue', 'meanValue', 'sDev', 'percRank', 'percValue']);

function sensorAttributes(element: XmlElement, prefixes: Prefixes): Json {
  const result: Json = {};
  for (const attribute of element.attributes) {
    if (attribute.prefix === 'xmlns' || attribute.local === 'xmlns' || attribute.uri === XSI_NS) continue;
    if (attribute.uri !== '') {
      result[`${prefixes.prefixOf(attribute)}:${attribute.local}`] = attribute.value;
      continue;
    }
    const name = attribute.local;
    const value = attribute.value.trim();
    if (SENSOR_NUMBERS.has(name)) result[name] = numberOf(value);
    else if (name === 'booleanValue') result[name] = value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
    else if (name === 'type') result[name] = gs1Term(value);
    else if (name === 'component') result[name] = cbv('component', value);
    else result[name] = value;
  }
  return result;
}

function sensorElementList(element: XmlElement, prefixes: Prefixes): Json[] {
  return fieldsOf(element)
    .filter((c) => isEpcisField(c) && c.local === 'sensorElement')
    .map((sensor) => {
      const fields = fieldsOf(sensor);
      const result: Json = {};
      const metadata = fields.find((c) => isEpcisField(c) && c.local === 'sensorMetadata');
      if (metadata) result.sensorMetadata = sensorAttributes(metadata, prefixes);
      result.sensorReport = fields.filter((c) => isEpcisField(c) && c.local === 'sensorReport').map((r) => sensorAttributes(r, prefixes));
      addExtensions(result, fields, prefixes);
      return result;
    });
}

function errorDeclaration(element: XmlElement, prefixes: Prefixes): Json {
  const result: Json = {};
  const fields = fieldsOf(element);
  for (const field of fields) {
    if (!isEpcisField(field)) continue;
    if (field.local === 'declarationTime') result.declarationTime = textOf(field);
    else if (field.local === 'reason') result.reason = cbv('errorReason', textOf(field));
    else if (field.local === 'correctiveEventIDs') result.correctiveEventIDs = textsOf(field, 'correctiveEventID');
  }
  addExtensions(result, fields, prefixes);
  return result;
}

function ilmd(element: XmlElement, prefixes: Prefixes): Json {
  const result: Json = {};
  addExtensions(result, fieldsOf(element), prefixes);
  return result;
}

const EPC_LISTS = new Set(['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList']);
const QUANTITY_LISTS = new Set(['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList']);
const TEXT_FIELDS = new Set(['eventTime', 'recordTime', 'eventTimeZoneOffset', 'eventID', 'certificationInfo', 'parentID', 'action', 'transformationID']);

/** One EPCIS event element (any version) as the EPCIS 2.0 JSON event. */
function eventFromXml(element: XmlElement, prefixes: Prefixes): Json {
  const event: Json = { type: element.local };
  const fields = fieldsOf(element);
  for (const field of fields) {
    if (!isEpcisField(field)) continue;
    const name = field.local;
    if (TEXT_FIELDS.has(name)) event[name] = textOf(field);
    else if (EPC_LISTS.has(name)) event[name] = textsOf(field, 'epc');
    else if (QUANTITY_LISTS.has(name)) event[name] = quantityList(field);
    else if (name === 'bizStep') event.bizStep = cbv('bizStep', textOf(field));
    else if (name === 'disposition') event.disposition = cbv('disposition', textOf(field));
    else if (name === 'persistentDisposition') {
      const set = textsOf(field, 'set').map((v) => cbv('disposition', v));
      const unset = textsOf(field, 'unset').map((v) => cbv('disposition', v));
      event.persistentDisposition = { ...(set.length ? { set } : {}), ...(unset.length ? { unset } : {}) };
    } else if (name === 'readPoint' || name === 'bizLocation') event[name] = location(field, prefixes);
    else if (name === 'bizTransactionList') event.bizTransactionList = typedList(field, 'bizTransaction', 'bizTransactionType');
    else if (name === 'sourceList') event.sourceList = typedList(field, 'source', 'sourceDestType');
    else if (name === 'destinationList') event.destinationList = typedList(field, 'destination', 'sourceDestType');
    else if (name === 'sensorElementList') event.sensorElementList = sensorElementList(field, prefixes);
    else if (name === 'errorDeclaration') event.errorDeclaration = errorDeclaration(field, prefixes);
    else if (name === 'ilmd') event.ilmd = ilmd(field, prefixes);
    // An EPCIS field this mapping does not know (QuantityEvent's epcClass, a future field) is kept under its name, as text.
    else event[name] = textOf(field);
  }
  addExtensions(event, fields, prefixes);
  return event;
}

const child = (element: XmlElement | undefined, name: string) => (element ? fieldsOf(element).find((c) => isEpcisField(c) && c.local === name) : undefined);

/** The master data of an EPCIS header (`EPCISMasterData/VocabularyList`), as `epcisHeader.epcisMasterData` of the JSON binding. */
function masterData(header: XmlElement | undefined, prefixes: Prefixes): Json | undefined {
  const list = child(child(header, 'EPCISMasterData'), 'VocabularyList');
  if (!list) return undefined;
  const vocabularyList = fieldsOf(list)
    .filter((c) => isEpcisField(c) && c.local === 'Vocabulary')
    .map((vocabulary) => {
      const elements = child(vocabulary, 'VocabularyElementList');
      return {
        type: attributeOf(vocabulary, 'type') ?? '',
        vocabularyElementList: (elements ? fieldsOf(elements) : [])
          .filter((c) => isEpcisField(c) && c.local === 'VocabularyElement')
          .map((ve) => {
            const fields = fieldsOf(ve);
            const attributes = fields
              .filter((c) => isEpcisField(c) && c.local === 'attribute')
              .map((a) => ({ id: attributeOf(a, 'id') ?? '', attribute: a.children.length > 0 ? extensionValue(a, prefixes) : textOf(a) }));
            const children = child(ve, 'children');
            return {
              id: attributeOf(ve, 'id') ?? '',
              ...(attributes.length ? { attributes } : {}),
              ...(children ? { children: textsOf(children, 'id') } : {}),
            };
          }),
      };
    });
  return { vocabularyList };
}

/** What an XML capture body is: an EPCIS document (as its JSON form) or one bare event. */
export type XmlCaptureBody = { kind: 'document'; document: Json; version: '1' | '2' } | { kind: 'event'; event: Json; context: unknown[] };

/**
 * Reads an XML capture body: an `EPCISDocument` or `EPCISQueryDocument` of EPCIS 1.x or 2.0, or
 * one event element. Throws XmlInputError for anything else.
 */
export function captureBodyFromXml(text: string): XmlCaptureBody {
  const root = readXml(text);
  const prefixes = new Prefixes();
  if ((EVENT_TYPES as readonly string[]).includes(root.local) && isEpcisField(root)) {
    const event = eventFromXml(root, prefixes);
    return { kind: 'event', event, context: prefixes.context() };
  }
  const isDocument = root.local === 'EPCISDocument' && (root.uri === EPCIS_XML_NS.v1 || root.uri === EPCIS_XML_NS.v2);
  const isQueryDocument = root.local === 'EPCISQueryDocument' && (root.uri === EPCIS_QUERY_XML_NS.v1 || root.uri === EPCIS_QUERY_XML_NS.v2);
  if (!isDocument && !isQueryDocument) {
    throw new XmlInputError(
      `The root element {${root.uri}}${root.local} is not an EPCISDocument of ${EPCIS_XML_NS.v2} or ${EPCIS_XML_NS.v1}, an EPCISQueryDocument, or an EPCIS event`,
    );
  }
  const version = root.uri.endsWith(':1') ? '1' : '2';
  const body = child(root, 'EPCISBody');
  const eventList = isQueryDocument ? child(child(child(body, 'QueryResults'), 'resultsBody'), 'EventList') : child(body, 'EventList');
  const events = (eventList ? fieldsOf(eventList) : []).filter((c) => isEpcisField(c) && (EVENT_TYPES as readonly string[]).includes(c.local)).map((e) => eventFromXml(e, prefixes));
  const unknown = (eventList ? fieldsOf(eventList) : []).find((c) => isEpcisField(c) && !(EVENT_TYPES as readonly string[]).includes(c.local));
  if (unknown) throw new XmlInputError(`The event list holds a ${unknown.local}, which is not an EPCIS 2.0 event type`);
  const header = child(root, 'EPCISHeader');
  const master = masterData(header, prefixes);

  const document: Json = {
    '@context': prefixes.context(),
    type: isQueryDocument ? 'EPCISQueryDocument' : 'EPCISDocument',
    // A 1.x document is read into its 2.0 form: that is what is validated and stored.
    schemaVersion: '2.0',
    creationDate: attributeOf(root, 'creationDate') ?? '',
    ...(master ? { epcisHeader: { epcisMasterData: master } } : {}),
  };
  if (isQueryDocument) {
    const results = child(body, 'QueryResults');
    const queryName = child(results, 'queryName');
    const subscriptionID = child(results, 'subscriptionID');
    document.epcisBody = {
      queryResults: {
        queryName: queryName ? textOf(queryName) : 'SimpleEventQuery',
        ...(subscriptionID ? { subscriptionID: textOf(subscriptionID) } : {}),
        resultsBody: { eventList: events },
      },
    };
  } else document.epcisBody = { eventList: events };
  return { kind: 'document', document, version };
}

/** True for the media types of the XML binding. */
export function isXmlMediaType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';', 1)[0].trim().toLowerCase();
  return type === 'application/xml' || type === 'text/xml';
}

