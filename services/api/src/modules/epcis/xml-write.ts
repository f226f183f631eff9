import { CBV_VOCABULARIES, CBV_SENSOR_ALERT_TYPES, CBV_SENSOR_MEASUREMENT_TYPES, cbvWebUri, contextNamespaces, type CbvVocabularyName } from '@product-console/shared';
import { EPCIS_QUERY_XML_NS, EPCIS_XML_NS } from './xml-read.js';
import type { QueryResultsHeader } from './query.js';

/*
 * EPCIS 2.0 XML answers of the query interface (`Accept: application/xml`): an
 * `epcisq:EPCISQueryDocument` of urn:epcglobal:epcis-query:xsd:2 whose events are written in the
 * element order of EPCglobal-epcis-2_0.xsd, the inverse of xml-read.ts: bare CBV terms become their
 * URN (or web URI, `GS1-CBV-XML-Format: Always_Web_URI`), GS1 vocabulary terms `gs1:` names, and
 * `prefix:name` user extensions elements of the namespace the event's `@context` gives the prefix,
 * declared on the event element. Decision 080.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

export type CbvXmlFormat = 'urn' | 'web';

/** `GS1-CBV-XML-Format`: web URIs when the client asks for them, else the URNs every EPCIS 1.2 and 2.0 reader takes. */
export function cbvXmlFormatOf(header: string | string[] | undefined): CbvXmlFormat {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value === 'Always_Web_URI' ? 'web' : 'urn';
}

/** Namespaces of the prefixes the EPCIS 2.0 context declares, for extensions that use them without declaring them. */
const CONTEXT_NAMESPACES: Readonly<Record<string, string>> = {
  cbvmda: 'urn:epcglobal:cbv:mda',
  gs1: 'https://gs1.org/voc/',
  cbv: 'https://ref.gs1.org/cbv/',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  owl: 'http://www.w3.org/2002/07/owl#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  dcterms: 'http://purl.org/dc/terms/',
};

// Characters XML 1.0 cannot carry at all (C0 controls other than tab, newline, return; lone surrogates; U+FFFE/F).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
const escapeAttribute = (value: string) => escapeXmlText(value).replace(/"/g, '&quot;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

const scalarText = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
const element = (name: string, content: string, attributes = '') => `<${name}${attributes}>${content}</${name}>`;
const textElement = (name: string, value: unknown, attributes = '') => element(name, escapeXmlText(scalarText(value)), attributes);
const NAME = /^[A-Za-z_][\w.-]*$/;

class Writer {
  /** Prefix → namespace of the event being written, and the prefixes it used. */
  private readonly used = new Map<string, string>();

  constructor(
    private readonly namespaces: Map<string, string>,
    private readonly cbvFormat: CbvXmlFormat,
  ) {}

  /** `xmlns:…` declarations of the prefixes this event used. */
  declarations(): string {
    return [...this.used].map(([prefix, uri]) => ` xmlns:${prefix}="${escapeAttribute(uri)}"`).join('');
  }

  /** The XML name of a JSON member: `prefix:local` with a known prefix, a plain name, or null for a name XML cannot carry. */
  private qualified(key: string): string | null {
    // A member named by a full IRI (`https://ns.example.com/epcis/#field`): an element of the IRI's namespace, under a prefix made up for it.
    const iri = /^(https?:\/\/[^\s"<>]*[#/])([A-Za-z_][\w.-]*)$/.exec(key);
    if (iri) {
      let prefix = [...this.used].find(([, uri]) => uri === iri[1])?.[0];
      if (!prefix) {
        let n = 1;
        while (this.used.has(`ns${n}`) || this.namespaces.has(`ns${n}`)) n += 1;
        prefix = `ns${n}`;
        this.used.set(prefix, iri[1]);
      }
      return `${prefix}:${iri[2]}`;
    }
    const colon = key.indexOf(':');
    if (colon < 0) return NAME.test(key) ? key : null;
    const prefix = key.slice(0, colon);
    const local = key.slice(colon + 1);
    if (!NAME.test(prefix) || !NAME.test(local) || prefix.toLowerCase().startsWith('xml')) return null;
    const uri = this.namespaces.get(prefix) ?? CONTEXT_NAMESPACES[prefix];
    if (!uri) return null;
    this.used.set(prefix, uri);
    return `${prefix}:${local}`;
  }

  cbv(vocabulary: CbvVocabularyName, value: unknown): string {
    const text = scalarText(value);
    const { values, urn } = CBV_VOCABULARIES[vocabulary];
    if (!values.includes(text)) return text;
    return this.cbvFormat === 'web' ? cbvWebUri(vocabulary, text) : `${urn}${text}`;
  }

  /** User extension members of `json` (keys with a prefix; inside an extension, plain keys too) as elements. */
  extensions(json: Json, nested = false): string {
    let out = '';
    for (const [key, value] of Object.entries(json)) {
      if (key.startsWith('@') || key === '#text') continue;
      if (!nested && !key.includes(':')) continue;
      const name = this.qualified(key);
      if (name === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) out += this.extensionElement(name, item);
    }
    return out;
  }

  private extensionElement(name: string, value: unknown): string {
    if (isObject(value)) {
      const text = typeof value['#text'] === 'string' ? escapeXmlText(value['#text']) : '';
      return element(name, text + this.extensions(value, true));
    }
    if (Array.isArray(value)) return value.map((item) => this.extensionElement(name, item)).join('');
    return textElement(name, value);
  }

  /** Scalar members of a sensor object as attributes (`prefix:name` ones qualified). */
  sensorAttributes(json: Json): string {
    let out = '';
    for (const [key, value] of Object.entries(json)) {
      if (isObject(value) || Array.isArray(value) || value === null || value === undefined) continue;
      const name = this.qualified(key);
      if (name === null) continue;
      let text = scalarText(value);
      if ((key === 'type' && CBV_SENSOR_MEASUREMENT_TYPES.includes(text)) || (key === 'exception' && CBV_SENSOR_ALERT_TYPES.includes(text))) {
        text = this.cbvFormat === 'web' ? `https://gs1.org/voc/${text}` : `gs1:${text}`;
        if (this.cbvFormat !== 'web') this.used.set('gs1', CONTEXT_NAMESPACES.gs1);
      } else if (key === 'component') text = this.cbv('component', text);
      out += ` ${name}="${escapeAttribute(text)}"`;
    }
    return out;
  }
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

function epcList(name: string, value: unknown): string {
  return element(name, list(value).map((epc) => textElement('epc', epc)).join(''));
}

function quantityList(name: string, value: unknown): string {
  const entries = list(value)
    .filter(isObject)
    .map((entry) =>
      element(
        'quantityElement',
        textElement('epcClass', entry.epcClass) +
          (entry.quantity !== undefined ? textElement('quantity', entry.quantity) : '') +
          (entry.uom !== undefined ? textElement('uom', entry.uom) : ''),
      ),
    );
  return element(name, entries.join(''));
}

function location(name: string, value: unknown, writer: Writer): string {
  if (!isObject(value)) return '';
  return element(name, textElement('id', value.id) + writer.extensions(value));
}

function typedList(name: string, item: string, vocabulary: CbvVocabularyName, value: unknown, writer: Writer): string {
  const entries = list(value)
    .filter(isObject)
    .map((entry) => textElement(item, entry[item], entry.type === undefined ? '' : ` type="${escapeAttribute(writer.cbv(vocabulary, entry.type))}"`));
  return element(name, entries.join(''));
}

function sensorElementList(value: unknown, writer: Writer): string {
  const sensors = list(value)
    .filter(isObject)
    .map((sensor) => {
      const metadata = isObject(sensor.sensorMetadata) ? `<sensorMetadata${writer.sensorAttributes(sensor.sensorMetadata)}/>` : '';
      const reports = list(sensor.sensorReport)
        .filter(isObject)
        .map((report) => `<sensorReport${writer.sensorAttributes(report)}/>`)
        .join('');
      return element('sensorElement', metadata + reports + writer.extensions(sensor));
    });
  return element('sensorElementList', sensors.join(''));
}

function errorDeclaration(value: unknown, writer: Writer): string {
  if (!isObject(value)) return '';
  return element(
    'errorDeclaration',
    textElement('declarationTime', value.declarationTime) +
      (value.reason !== undefined ? textElement('reason', writer.cbv('errorReason', value.reason)) : '') +
      (value.correctiveEventIDs !== undefined
        ? element('correctiveEventIDs', list(value.correctiveEventIDs).map((id) => textElement('correctiveEventID', id)).join(''))
        : '') +
      writer.extensions(value),
  );
}

/** The members of each event type in the order of EPCglobal-epcis-2_0.xsd, after the common ones. */
const COMMON_FIELDS = ['eventTime', 'recordTime', 'eventTimeZoneOffset', 'eventID', 'errorDeclaration', 'certificationInfo'];
const PLACE_FIELDS = ['bizStep', 'disposition', 'readPoint', 'bizLocation'];
const TAIL_FIELDS = ['sourceList', 'destinationList', 'sensorElementList', 'persistentDisposition'];
const EVENT_FIELDS: Record<string, string[]> = {
  ObjectEvent: ['epcList', 'action', ...PLACE_FIELDS, 'bizTransactionList', 'quantityList', ...TAIL_FIELDS, 'ilmd'],
  AggregationEvent: ['parentID', 'childEPCs', 'action', ...PLACE_FIELDS, 'bizTransactionList', 'childQuantityList', ...TAIL_FIELDS],
  TransactionEvent: ['bizTransactionList', 'parentID', 'epcList', 'action', ...PLACE_FIELDS, 'quantityList', ...TAIL_FIELDS],
  TransformationEvent: ['inputEPCList', 'inputQuantityList', 'outputEPCList', 'outputQuantityList', 'transformationID', ...PLACE_FIELDS, 'bizTransactionList', ...TAIL_FIELDS, 'ilmd'],
  AssociationEvent: ['parentID', 'childEPCs', 'childQuantityList', 'action', ...PLACE_FIELDS, 'bizTransactionList', ...TAIL_FIELDS],
};

function field(name: string, value: unknown, writer: Writer): string {
  switch (name) {
    case 'epcList':
    case 'childEPCs':
    case 'inputEPCList':
    case 'outputEPCList':
      return epcList(name, value);
    case 'quantityList':
    case 'childQuantityList':
    case 'inputQuantityList':
    case 'outputQuantityList':
      return quantityList(name, value);
    case 'bizStep':
      return textElement(name, writer.cbv('bizStep', value));
    case 'disposition':
      return textElement(name, writer.cbv('disposition', value));
    case 'readPoint':
    case 'bizLocation':
      return location(name, value, writer);
    case 'bizTransactionList':
      return typedList(name, 'bizTransaction', 'bizTransactionType', value, writer);
    case 'sourceList':
      return typedList(name, 'source', 'sourceDestType', value, writer);
    case 'destinationList':
      return typedList(name, 'destination', 'sourceDestType', value, writer);
    case 'sensorElementList':
      return sensorElementList(value, writer);
    case 'persistentDisposition': {
      if (!isObject(value)) return '';
      const part = (tag: string) => list(value[tag]).map((d) => textElement(tag, writer.cbv('disposition', d))).join('');
      return element(name, part('unset') + part('set'));
    }
    case 'errorDeclaration':
      return errorDeclaration(value, writer);
    case 'ilmd':
      return isObject(value) ? element(name, writer.extensions(value)) : '';
    case 'certificationInfo':
      return list(value).map((info) => textElement(name, info)).join('');
    default:
      return textElement(name, value);
  }
}

/** One stored event (EPCIS 2.0 JSON) as an EPCIS 2.0 XML event element. */
export function eventToXml(event: Json, cbvFormat: CbvXmlFormat = 'urn'): string {
  const type = typeof event.type === 'string' && event.type in EVENT_FIELDS ? event.type : 'ObjectEvent';
  const writer = new Writer(contextNamespaces(event['@context']), cbvFormat);
  let body = '';
  for (const name of [...COMMON_FIELDS, ...EVENT_FIELDS[type]]) {
    if (event[name] !== undefined && event[name] !== null) body += field(name, event[name], writer);
  }
  body += writer.extensions(event);
  return `<${type}${writer.declarations()}>${body}</${type}>`;
}

/** An EPCIS 2.0 XML EPCISQueryDocument of events given as stored (JSON text or objects). */
export function queryDocumentXml(events: readonly (string | Json)[], header: QueryResultsHeader = {}, cbvFormat: CbvXmlFormat = 'urn', now = new Date()): string {
  const eventXml = events.map((event) => eventToXml(typeof event === 'string' ? (JSON.parse(event) as Json) : event, cbvFormat)).join('');
  const results =
    textElement('queryName', header.queryName ?? 'SimpleEventQuery') +
    (header.subscriptionID ? textElement('subscriptionID', header.subscriptionID) : '') +
    element('resultsBody', element('EventList', eventXml));
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<epcisq:EPCISQueryDocument xmlns:epcisq="${EPCIS_QUERY_XML_NS.v2}" xmlns:epcis="${EPCIS_XML_NS.v2}" schemaVersion="2.0" creationDate="${now.toISOString()}">` +
    element('EPCISBody', element('epcisq:QueryResults', results)) +
    '</epcisq:EPCISQueryDocument>\n'
  );
}

/** Media types of the XML binding's answers. */
export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/**
 * Whether an `Accept` header prefers the XML binding: `application/xml` or `text/xml` with a higher
 * quality than any JSON type (and than a wildcard), the earlier one winning a tie.
 */
export function prefersXml(accept: string | undefined): boolean {
  if (!accept) return false;
  let best: { xml: boolean; q: number } | null = null;
  for (const part of accept.split(',').slice(0, 32)) {
    const [rawType, ...params] = part.split(';');
    const type = rawType.trim().toLowerCase();
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const xml = type === 'application/xml' || type === 'text/xml';
    const json = type === 'application/json' || type === 'application/ld+json' || type === '*/*' || type === 'application/*';
    if (!xml && !json) continue;
    if (best === null || q > best.q) best = { xml, q };
  }
  return best?.xml ?? false;
}
