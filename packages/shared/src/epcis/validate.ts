/*
 * EPCIS 2.0 capture validation: the rules of the EPCIS 2.0 JSON schema (document and the five
 * event types, written here from the standard) plus the CBV rules the schema cannot express
 * (bizStep, disposition and typed-list vocabularies or extension URIs, ILMD and user extension
 * namespaces declared in `@context`, parentID by action). A remote `@context` is never fetched:
 * the prefixes of the standard EPCIS context are known, the others come from inline objects of
 * the document's or the event's `@context`.
 *
 * Every problem is an RFC 9457 problem detail with the EPCIS exception type, a `detail` naming the
 * cause and a JSON pointer: within the event for `validateEpcisEvent`, within the document for
 * `validateEpcisDocument`.
 */
import { EPCIS_MAX_NESTING_DEPTH } from '../constants/limits.js';
import { EPCIS_EVENT_TYPES } from '../schemas/trace.js';
import { contextNamespaces } from './event-hash.js';
import { canonicalClass, canonicalIdentifier, gtinOf, parseEpcUrn } from './identifiers.js';
import {
  CBV_SENSOR_ALERT_TYPES,
  normalizeCbv,
  normalizeBizStep,
  normalizeBizTransactionType,
  normalizeDisposition,
  normalizeErrorReason,
  normalizeMeasurementType,
  normalizeSourceDestType,
} from './vocabulary.js';

export const EPCIS_VALIDATION_EXCEPTION = 'epcisException:ValidationException';

export interface EpcisProblem {
  type: string;
  title: string;
  status: 400;
  detail: string;
  eventIndex?: number;
  pointer?: string;
}

/** Prefixes the standard EPCIS 2.0 JSON-LD context declares (known without fetching it). */
export const EPCIS_CONTEXT_PREFIXES: readonly string[] = ['epcis', 'cbv', 'cbvmda', 'gs1', 'rdfs', 'owl', 'xsd', 'dcterms'];

const ACTIONS = ['ADD', 'OBSERVE', 'DELETE'];

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|\\^`]*$/;
/** An absolute URI (a scheme and no spaces), as the schema's `format: uri`. */
export function isUri(value: unknown): value is string {
  return typeof value === 'string' && URI.test(value) && value.length > value.indexOf(':') + 1;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))$/i;
/** RFC 3339 date-time with a zone (`Z` or `±hh:mm`), as the schema's `format: date-time`. */
export function isDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second, , , offsetHour, offsetMinute] = match;
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  return (
    Number(month) >= 1 && Number(month) <= 12 && Number(day) >= 1 && Number(day) <= daysInMonth &&
    Number(hour) <= 23 && Number(minute) <= 59 && Number(second) <= 60 &&
    (offsetHour === undefined || (Number(offsetHour) <= 23 && Number(offsetMinute) <= 59))
  );
}

/** `±hh:mm` from -14:00 to +14:00 (the schema's eventTimeZoneOffset pattern). */
export const TIME_ZONE_OFFSET = /^[+-]((0\d|1[0-3]):[0-5]\d|14:00)$/;
const UOM = /^[A-Z0-9]{2,3}$/;
const HEX = /^[A-Fa-f0-9]+$/;
/** EPC URNs of the GS1 schemes this library converts; other EPC schemes (bic, imovn, gid, …) are taken as URIs. */
const EPC_URN_SCHEME = /^urn:epc:(?:id|class|idpat):(sgtin|sscc|sgln|pgln|grai|giai|gsrn|gsrnp|gdti|cpi|sgcn|ginc|gsin|itip|upui|lgtin):/;
/** A bare measurement type name outside the GS1 list (`EffectiveDoseRate`): accepted as OpenEPCIS does. */
const MEASUREMENT_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

class Checker {
  readonly problems: EpcisProblem[] = [];

  constructor(
    private readonly prefixes: Set<string>,
    private readonly eventIndex: number | undefined,
    private readonly title: string,
  ) {}

  add(pointer: string, detail: string): void {
    this.problems.push({
      type: EPCIS_VALIDATION_EXCEPTION,
      title: this.title,
      status: 400,
      detail,
      ...(this.eventIndex === undefined ? {} : { eventIndex: this.eventIndex }),
      pointer,
    });
  }

  /** Whether `key` is a user extension key: `prefix:name` with a declared prefix, or an absolute IRI. */
  extensionKey(key: string, pointer: string, where: string): boolean {
    const index = key.indexOf(':');
    if (index <= 0) return false;
    const prefix = key.slice(0, index);
    if (/^(https?|urn)$/i.test(prefix) && isUri(key)) return true;
    if (this.prefixes.has(prefix)) return true;
    this.add(`${pointer}/${escapePointer(key)}`, `${where}: the namespace prefix '${prefix}' of '${key}' is not declared in @context`);
    return true;
  }

  /** Refuses keys that are neither standard fields nor (where extensions are allowed) namespaced extensions. */
  keys(object: Json, allowed: readonly string[], pointer: string, where: string, extensions: boolean): void {
    for (const key of Object.keys(object)) {
      if (allowed.includes(key)) continue;
      if (extensions && key.includes(':') && this.extensionKey(key, pointer, where)) continue;
      this.add(
        `${pointer}/${escapePointer(key)}`,
        extensions
          ? `unknown field '${key}' in ${where}: a user extension needs a namespace prefix declared in @context`
          : `unknown field '${key}' in ${where}`,
      );
    }
  }

  uri(value: unknown, pointer: string, name: string): void {
    if (!isUri(value)) this.add(pointer, `${name} must be a URI, got ${show(value)}`);
  }

  /** A URI; an EPC URN of a GS1 scheme must also follow the Tag Data Standard (`urn:epc:id:sgtin:0614141.107346.2017`). */
  identifier(value: unknown, pointer: string, name: string): void {
    if (!isUri(value)) {
      this.add(pointer, `${name} must be a URI, got ${show(value)}`);
      return;
    }
    const scheme = EPC_URN_SCHEME.exec(value);
    if (scheme && parseEpcUrn(value) === null) this.add(pointer, `${name} ${show(value)} is not a valid ${scheme[1]} EPC URI (GS1 EPC Tag Data Standard)`);
  }

  dateTime(value: unknown, pointer: string, name: string): void {
    if (!isDateTime(value)) this.add(pointer, `${name} ${show(value)} is not a date-time with a time zone (e.g. 2024-05-01T10:00:00.000+02:00)`);
  }

  number(value: unknown, pointer: string, name: string): void {
    if (typeof value !== 'number' || !Number.isFinite(value)) this.add(pointer, `${name} must be a number, got ${show(value)}`);
  }

  array(value: unknown, pointer: string, name: string, minItems = 0): value is unknown[] {
    if (!Array.isArray(value)) {
      this.add(pointer, `${name} must be a list, got ${show(value)}`);
      return false;
    }
    if (value.length < minItems) this.add(pointer, `${name} must not be empty`);
    return true;
  }

  object(value: unknown, pointer: string, name: string): value is Json {
    if (!isObject(value)) {
      this.add(pointer, `${name} must be an object, got ${show(value)}`);
      return false;
    }
    return true;
  }

  uriList(value: unknown, pointer: string, name: string, minItems = 0, unique = true): void {
    if (!this.array(value, pointer, name, minItems)) return;
    value.forEach((item, index) => this.identifier(item, `${pointer}/${index}`, `${name} entry`));
    if (unique && new Set(value).size !== value.length) this.add(pointer, `${name} lists the same identifier twice`);
  }
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * The member of `root` (its pointer, `''` for `root` itself) under which objects and lists nest
 * deeper than EPCIS_MAX_NESTING_DEPTH levels, `root` being the first; null when none does. `skip`
 * is not looked into (a document's event list: each event is measured from itself). A loop, not a
 * recursion, so that a value nested thousands of levels deep is measured without exhausting the
 * stack; the recursive walks that follow (the event hash, `@context` prefixes) only ever see
 * values that passed here.
 */
function tooDeepMember(root: unknown, skip?: unknown): string | null {
  const stack: { value: unknown; member: string; level: number }[] = [{ value: root, member: '', level: 1 }];
  while (stack.length > 0) {
    const { value, member, level } = stack.pop()!;
    if (value === null || typeof value !== 'object' || value === skip) continue;
    if (level > EPCIS_MAX_NESTING_DEPTH) return member;
    const children = Array.isArray(value) ? value.map((child, index) => [String(index), child] as const) : Object.entries(value);
    for (const [key, child] of children) stack.push({ value: child, member: level === 1 ? `/${escapePointer(key)}` : member, level: level + 1 });
  }
  return null;
}

const tooDeepDetail = (what: string) => `${what} nests deeper than ${EPCIS_MAX_NESTING_DEPTH} levels of objects and lists`;

/** A problem at the member of `value` (an event or a document) that nests too deep. */
function nestingProblem(c: Checker, value: unknown, what: string, skip?: unknown): void {
  const member = tooDeepMember(value, skip);
  if (member === null) return;
  c.add(member, tooDeepDetail(member === '' ? what : `${member.slice(1).replace(/~1/g, '/').replace(/~0/g, '~')} in ${what}`));
}

const COMMON_FIELDS = ['@context', 'type', 'eventTime', 'recordTime', 'eventTimeZoneOffset', 'eventID', 'certificationInfo', 'errorDeclaration'];
const WHAT_FIELDS: Record<(typeof EPCIS_EVENT_TYPES)[number], string[]> = {
  ObjectEvent: ['action', 'epcList', 'quantityList', 'bizStep', 'disposition', 'persistentDisposition', 'readPoint', 'bizLocation', 'bizTransactionList', 'sourceList', 'destinationList', 'sensorElementList', 'ilmd'],
  AggregationEvent: ['parentID', 'childEPCs', 'childQuantityList', 'action', 'bizStep', 'disposition', 'persistentDisposition', 'readPoint', 'bizLocation', 'bizTransactionList', 'sourceList', 'destinationList', 'sensorElementList'],
  TransactionEvent: ['bizTransactionList', 'parentID', 'epcList', 'quantityList', 'action', 'bizStep', 'disposition', 'persistentDisposition', 'readPoint', 'bizLocation', 'sourceList', 'destinationList', 'sensorElementList'],
  TransformationEvent: ['inputEPCList', 'inputQuantityList', 'outputEPCList', 'outputQuantityList', 'transformationID', 'bizStep', 'disposition', 'persistentDisposition', 'readPoint', 'bizLocation', 'bizTransactionList', 'sourceList', 'destinationList', 'sensorElementList', 'ilmd'],
  AssociationEvent: ['parentID', 'childEPCs', 'childQuantityList', 'action', 'bizStep', 'disposition', 'persistentDisposition', 'readPoint', 'bizLocation', 'bizTransactionList', 'sourceList', 'destinationList', 'sensorElementList'],
};

const SENSOR_METADATA_FIELDS = ['time', 'deviceID', 'deviceMetadata', 'rawData', 'startTime', 'endTime', 'dataProcessingMethod', 'bizRules'];
const SENSOR_REPORT_FIELDS = [
  'type', 'exception', 'deviceID', 'deviceMetadata', 'rawData', 'dataProcessingMethod', 'bizRules', 'time', 'microorganism',
  'chemicalSubstance', 'coordinateReferenceSystem', 'value', 'component', 'stringValue', 'booleanValue', 'hexBinaryValue',
  'uriValue', 'minValue', 'maxValue', 'meanValue', 'sDev', 'percRank', 'percValue', 'uom',
];
const SENSOR_URI_FIELDS = ['deviceID', 'deviceMetadata', 'rawData', 'dataProcessingMethod', 'bizRules', 'microorganism', 'chemicalSubstance', 'coordinateReferenceSystem', 'uriValue'];
const SENSOR_NUMBER_FIELDS = ['value', 'minValue', 'maxValue', 'meanValue', 'sDev', 'percRank', 'percValue'];

function checkQuantityList(c: Checker, value: unknown, pointer: string, name: string): void {
  if (!c.array(value, pointer, name)) return;
  value.forEach((element, index) => {
    const at = `${pointer}/${index}`;
    if (!c.object(element, at, `${name} entry`)) return;
    c.keys(element, ['epcClass', 'quantity', 'uom'], at, name, false);
    if (element.epcClass === undefined) c.add(at, `${name} entry needs an epcClass`);
    else c.identifier(element.epcClass, `${at}/epcClass`, 'epcClass');
    if (element.quantity !== undefined) c.number(element.quantity, `${at}/quantity`, 'quantity');
    if (element.uom !== undefined) {
      if (typeof element.uom !== 'string' || !UOM.test(element.uom)) c.add(`${at}/uom`, `uom ${show(element.uom)} is not a UN/CEFACT Rec. 20 unit code (2 or 3 capital letters or digits)`);
      if (element.quantity === undefined) c.add(`${at}/uom`, `uom is given without a quantity in ${name}`);
    }
  });
}

function checkVocabulary(c: Checker, value: unknown, pointer: string, name: string, normalize: (value: string) => string | null, what: string): void {
  if (typeof value !== 'string' || normalize(value) === null) {
    c.add(pointer, `${name} ${show(value)} is not a CBV ${what} nor an extension URI`);
  }
}

function checkTypedList(c: Checker, value: unknown, pointer: string, list: string, field: string, typeRequired: boolean, normalize: (value: string) => string | null, what: string): void {
  if (!c.array(value, pointer, list)) return;
  value.forEach((entry, index) => {
    const at = `${pointer}/${index}`;
    if (!c.object(entry, at, `${list} entry`)) return;
    c.keys(entry, ['type', field], at, list, false);
    if (entry[field] === undefined) c.add(at, `${list} entry needs ${field}`);
    else c.identifier(entry[field], `${at}/${field}`, field);
    if (entry.type === undefined) {
      if (typeRequired) c.add(at, `${list} entry needs a type`);
    } else checkVocabulary(c, entry.type, `${at}/type`, `${list} type`, normalize, what);
  });
}

function checkLocation(c: Checker, value: unknown, pointer: string, name: string): void {
  if (!c.object(value, pointer, name)) return;
  c.keys(value, ['id'], pointer, name, true);
  if (value.id === undefined) c.add(pointer, `${name} needs an id`);
  else c.identifier(value.id, `${pointer}/id`, `${name} id`);
}

function checkPersistentDisposition(c: Checker, value: unknown, pointer: string): void {
  if (!c.object(value, pointer, 'persistentDisposition')) return;
  c.keys(value, ['set', 'unset'], pointer, 'persistentDisposition', false);
  if (value.set === undefined && value.unset === undefined) c.add(pointer, 'persistentDisposition needs set or unset');
  for (const key of ['set', 'unset'] as const) {
    const list = value[key];
    if (list === undefined) continue;
    if (!c.array(list, `${pointer}/${key}`, `persistentDisposition ${key}`, 1)) continue;
    list.forEach((item, index) => checkVocabulary(c, item, `${pointer}/${key}/${index}`, `persistentDisposition ${key}`, normalizeDisposition, 'disposition'));
    if (new Set(list).size !== list.length) c.add(`${pointer}/${key}`, `persistentDisposition ${key} lists a disposition twice`);
  }
}

function checkSensorElements(c: Checker, value: unknown, pointer: string): void {
  if (!c.array(value, pointer, 'sensorElementList')) return;
  value.forEach((element, index) => {
    const at = `${pointer}/${index}`;
    if (!c.object(element, at, 'sensorElement')) return;
    c.keys(element, ['sensorMetadata', 'sensorReport'], at, 'sensorElement', true);
    if (element.sensorMetadata !== undefined && c.object(element.sensorMetadata, `${at}/sensorMetadata`, 'sensorMetadata')) {
      const metadata = element.sensorMetadata;
      c.keys(metadata, SENSOR_METADATA_FIELDS, `${at}/sensorMetadata`, 'sensorMetadata', true);
      for (const key of ['time', 'startTime', 'endTime']) if (metadata[key] !== undefined) c.dateTime(metadata[key], `${at}/sensorMetadata/${key}`, `sensorMetadata ${key}`);
      for (const key of ['deviceID', 'deviceMetadata', 'rawData', 'dataProcessingMethod', 'bizRules']) {
        if (metadata[key] !== undefined) c.uri(metadata[key], `${at}/sensorMetadata/${key}`, `sensorMetadata ${key}`);
      }
    }
    if (element.sensorReport === undefined) {
      c.add(at, 'sensorElement needs a sensorReport list');
      return;
    }
    if (!c.array(element.sensorReport, `${at}/sensorReport`, 'sensorReport', 1)) return;
    element.sensorReport.forEach((report, reportIndex) => {
      const reportAt = `${at}/sensorReport/${reportIndex}`;
      if (!c.object(report, reportAt, 'sensorReport')) return;
      c.keys(report, SENSOR_REPORT_FIELDS, reportAt, 'sensorReport', true);
      // The type names what was measured; a report of an exception alone may omit it.
      if (report.type === undefined && report.exception === undefined) c.add(reportAt, 'sensorReport needs a type (a gs1:MeasurementType such as Temperature) or an exception');
      else if (report.type !== undefined && !(typeof report.type === 'string' && (normalizeMeasurementType(report.type) !== null || MEASUREMENT_NAME.test(report.type)))) {
        c.add(`${reportAt}/type`, `sensorReport type ${show(report.type)} is not a measurement type name nor a URI`);
      }
      if (report.exception !== undefined && !(typeof report.exception === 'string' && (CBV_SENSOR_ALERT_TYPES.includes(report.exception) || isUri(report.exception)))) {
        c.add(`${reportAt}/exception`, `sensorReport exception ${show(report.exception)} is not ALARM_CONDITION, ERROR_CONDITION nor a URI`);
      }
      if (report.component !== undefined && !(typeof report.component === 'string' && normalizeCbv('component', report.component) !== null)) {
        c.add(`${reportAt}/component`, `sensorReport component ${show(report.component)} is not a CBV component nor a URI`);
      }
      if (report.time !== undefined) c.dateTime(report.time, `${reportAt}/time`, 'sensorReport time');
      for (const key of SENSOR_URI_FIELDS) if (report[key] !== undefined) c.uri(report[key], `${reportAt}/${key}`, `sensorReport ${key}`);
      for (const key of SENSOR_NUMBER_FIELDS) if (report[key] !== undefined) c.number(report[key], `${reportAt}/${key}`, `sensorReport ${key}`);
      if (report.booleanValue !== undefined && typeof report.booleanValue !== 'boolean') c.add(`${reportAt}/booleanValue`, `sensorReport booleanValue must be true or false, got ${show(report.booleanValue)}`);
      if (report.hexBinaryValue !== undefined && !(typeof report.hexBinaryValue === 'string' && HEX.test(report.hexBinaryValue))) {
        c.add(`${reportAt}/hexBinaryValue`, `sensorReport hexBinaryValue must be hexadecimal digits, got ${show(report.hexBinaryValue)}`);
      }
      if (report.stringValue !== undefined && typeof report.stringValue !== 'string') c.add(`${reportAt}/stringValue`, 'sensorReport stringValue must be a string');
      if (report.uom !== undefined && typeof report.uom !== 'string') c.add(`${reportAt}/uom`, 'sensorReport uom must be a string');
    });
  });
}

function checkIlmd(c: Checker, value: unknown, pointer: string): void {
  if (!c.object(value, pointer, 'ilmd')) return;
  for (const key of Object.keys(value)) {
    if (key.includes(':') && c.extensionKey(key, pointer, 'ilmd')) continue;
    c.add(`${pointer}/${escapePointer(key)}`, `ilmd field '${key}' has no namespace: ILMD fields must be namespaced (prefix:name, with the prefix declared in @context)`);
  }
}

function checkErrorDeclaration(c: Checker, value: unknown, pointer: string): void {
  if (!c.object(value, pointer, 'errorDeclaration')) return;
  c.keys(value, ['declarationTime', 'reason', 'correctiveEventIDs'], pointer, 'errorDeclaration', true);
  if (value.declarationTime === undefined) c.add(pointer, 'errorDeclaration needs a declarationTime');
  else c.dateTime(value.declarationTime, `${pointer}/declarationTime`, 'errorDeclaration declarationTime');
  if (value.reason !== undefined) checkVocabulary(c, value.reason, `${pointer}/reason`, 'errorDeclaration reason', normalizeErrorReason, 'error reason');
  if (value.correctiveEventIDs !== undefined) c.uriList(value.correctiveEventIDs, `${pointer}/correctiveEventIDs`, 'correctiveEventIDs');
}

function nonEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

function prefixesOf(...contexts: unknown[]): Set<string> {
  return new Set([...EPCIS_CONTEXT_PREFIXES, ...contextNamespaces(...contexts).keys()]);
}

/** The checks of one event; `documentContext` is the `@context` of the enclosing document (for prefixes). */
function checkEvent(event: unknown, index: number | undefined, documentContext: unknown): EpcisProblem[] {
  if (!isObject(event)) {
    const c = new Checker(new Set(), index, 'Invalid EPCIS event');
    c.add('', `an event must be a JSON object, got ${show(event)}`);
    return c.problems;
  }
  // Measured before anything walks the event or its prefixes.
  const shallow = new Checker(new Set(), index, 'Invalid EPCIS event');
  if (tooDeepMember(documentContext) !== null) shallow.add('', tooDeepDetail("the document's @context"));
  else nestingProblem(shallow, event, 'the event');
  if (shallow.problems.length > 0) return shallow.problems;
  const c = new Checker(prefixesOf(documentContext, event['@context']), index, 'Invalid EPCIS event');
  const type = event.type;
  if (type === undefined) {
    c.add('/type', 'type is required (ObjectEvent, AggregationEvent, TransactionEvent, TransformationEvent or AssociationEvent)');
    return c.problems;
  }
  if (typeof type !== 'string' || !(EPCIS_EVENT_TYPES as readonly string[]).includes(type)) {
    c.add('/type', `type ${show(type)} is not an EPCIS event type (ObjectEvent, AggregationEvent, TransactionEvent, TransformationEvent or AssociationEvent)`);
    return c.problems;
  }
  const eventType = type as (typeof EPCIS_EVENT_TYPES)[number];
  c.keys(event, [...COMMON_FIELDS, ...WHAT_FIELDS[eventType]], '', eventType, true);

  if (event.eventTime === undefined) c.add('/eventTime', `eventTime is required in ${eventType}`);
  else c.dateTime(event.eventTime, '/eventTime', 'eventTime');
  if (event.eventTimeZoneOffset === undefined) c.add('/eventTimeZoneOffset', `eventTimeZoneOffset is required in ${eventType}`);
  else if (typeof event.eventTimeZoneOffset !== 'string' || !TIME_ZONE_OFFSET.test(event.eventTimeZoneOffset)) {
    c.add('/eventTimeZoneOffset', `eventTimeZoneOffset ${show(event.eventTimeZoneOffset)} is not an offset of the form +hh:mm or -hh:mm between -14:00 and +14:00`);
  }
  if (event.recordTime !== undefined) c.dateTime(event.recordTime, '/recordTime', 'recordTime');
  if (event.eventID !== undefined) c.uri(event.eventID, '/eventID', 'eventID');
  if (event.certificationInfo !== undefined) {
    const info = event.certificationInfo;
    const ok = isUri(info) || (Array.isArray(info) && info.every((item) => isUri(item)));
    if (!ok) c.add('/certificationInfo', `certificationInfo must be a URI or a list of URIs, got ${show(info)}`);
  }
  if (event['@context'] !== undefined) checkContext(c, event['@context'], '/@context');
  if (event.errorDeclaration !== undefined) checkErrorDeclaration(c, event.errorDeclaration, '/errorDeclaration');

  const action = event.action;
  if (eventType !== 'TransformationEvent') {
    if (action === undefined) c.add('/action', `action is required in ${eventType} (ADD, OBSERVE or DELETE)`);
    else if (typeof action !== 'string' || !ACTIONS.includes(action)) c.add('/action', `action ${show(action)} is not one of ADD, OBSERVE, DELETE`);
  }

  if (event.epcList !== undefined) c.uriList(event.epcList, '/epcList', 'epcList');
  if (event.childEPCs !== undefined) c.uriList(event.childEPCs, '/childEPCs', 'childEPCs');
  if (event.inputEPCList !== undefined) c.uriList(event.inputEPCList, '/inputEPCList', 'inputEPCList');
  if (event.outputEPCList !== undefined) c.uriList(event.outputEPCList, '/outputEPCList', 'outputEPCList');
  for (const list of ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList']) {
    if (event[list] !== undefined) checkQuantityList(c, event[list], `/${list}`, list);
  }
  if (event.parentID !== undefined) c.identifier(event.parentID, '/parentID', 'parentID');
  if (event.transformationID !== undefined) c.uri(event.transformationID, '/transformationID', 'transformationID');
  if (event.bizStep !== undefined) checkVocabulary(c, event.bizStep, '/bizStep', 'bizStep', normalizeBizStep, 'business step');
  if (event.disposition !== undefined) checkVocabulary(c, event.disposition, '/disposition', 'disposition', normalizeDisposition, 'disposition');
  if (event.persistentDisposition !== undefined) checkPersistentDisposition(c, event.persistentDisposition, '/persistentDisposition');
  if (event.readPoint !== undefined) checkLocation(c, event.readPoint, '/readPoint', 'readPoint');
  if (event.bizLocation !== undefined) checkLocation(c, event.bizLocation, '/bizLocation', 'bizLocation');
  if (event.bizTransactionList !== undefined) {
    checkTypedList(c, event.bizTransactionList, '/bizTransactionList', 'bizTransactionList', 'bizTransaction', false, normalizeBizTransactionType, 'business transaction type');
  }
  if (event.sourceList !== undefined) checkTypedList(c, event.sourceList, '/sourceList', 'sourceList', 'source', true, normalizeSourceDestType, 'source/destination type');
  if (event.destinationList !== undefined) {
    checkTypedList(c, event.destinationList, '/destinationList', 'destinationList', 'destination', true, normalizeSourceDestType, 'source/destination type');
  }
  if (event.sensorElementList !== undefined) checkSensorElements(c, event.sensorElementList, '/sensorElementList');
  if (event.ilmd !== undefined) {
    checkIlmd(c, event.ilmd, '/ilmd');
    if (eventType === 'ObjectEvent' && action !== undefined && action !== 'ADD') c.add('/ilmd', `ilmd is only allowed in an ObjectEvent with action ADD, not ${show(action)}`);
  }

  // What each event type must identify (EPCIS 2.0 § 7.4 and the JSON schema).
  switch (eventType) {
    case 'ObjectEvent':
      if (event.epcList === undefined && !nonEmptyList(event.quantityList) && !(nonEmptyList(event.sensorElementList) && event.readPoint !== undefined)) {
        c.add('', 'ObjectEvent needs epcList or quantityList (or sensor data with a readPoint)');
      }
      break;
    case 'AggregationEvent':
    case 'AssociationEvent':
      if (action !== 'DELETE' && !nonEmptyList(event.childEPCs) && !nonEmptyList(event.childQuantityList)) {
        c.add('', `${eventType} needs childEPCs or childQuantityList unless action is DELETE`);
      }
      if (event.parentID === undefined && (eventType === 'AssociationEvent' || action === 'ADD' || action === 'DELETE')) {
        c.add('/parentID', `${eventType} needs parentID${eventType === 'AggregationEvent' ? ` when action is ${String(action)}` : ''}`);
      }
      break;
    case 'TransactionEvent':
      if (event.bizTransactionList === undefined) c.add('/bizTransactionList', 'TransactionEvent needs bizTransactionList');
      else if (Array.isArray(event.bizTransactionList) && event.bizTransactionList.length === 0) c.add('/bizTransactionList', 'TransactionEvent needs at least one bizTransaction');
      if (action !== 'DELETE' && event.epcList === undefined && !nonEmptyList(event.quantityList)) {
        c.add('', 'TransactionEvent needs epcList or quantityList unless action is DELETE');
      }
      break;
    case 'TransformationEvent': {
      const inputs = nonEmptyList(event.inputEPCList) || nonEmptyList(event.inputQuantityList);
      const outputs = nonEmptyList(event.outputEPCList) || nonEmptyList(event.outputQuantityList);
      if (!(inputs && outputs) && !((inputs || outputs) && event.transformationID !== undefined)) {
        c.add('', 'TransformationEvent needs inputs and outputs (inputEPCList/inputQuantityList and outputEPCList/outputQuantityList), or a transformationID with inputs or outputs');
      }
      break;
    }
  }
  return c.problems;
}

function checkContext(c: Checker, context: unknown, pointer: string): void {
  const valid = (item: unknown) => isUri(item) || isObject(item);
  if (!(valid(context) || (Array.isArray(context) && context.every(valid)))) {
    c.add(pointer, '@context must be a URI, an object or a list of them');
  }
}

/** Problems of one event ([] when valid); `index` is reported as `eventIndex`; pointers are within the event. */
export function validateEpcisEvent(event: unknown, index?: number, documentContext?: unknown): EpcisProblem[] {
  return checkEvent(event, index, documentContext);
}

const DOCUMENT_FIELDS = ['@context', 'id', 'type', 'schemaVersion', 'creationDate', 'instanceIdentifier', 'sender', 'receiver', 'epcisHeader', 'epcisBody'];
const QUERY_DOCUMENT_FIELDS = ['@context', 'id', 'type', 'schemaVersion', 'creationDate', 'epcisBody'];

/** Where a document keeps its events (measured each from itself, not as part of the document). */
function eventListIn(doc: Json, expectedType: 'EPCISDocument' | 'EPCISQueryDocument'): unknown {
  const body = isObject(doc.epcisBody) ? doc.epcisBody : {};
  if (expectedType === 'EPCISDocument') return body.eventList;
  const results = isObject(body.queryResults) && isObject(body.queryResults.resultsBody) ? body.queryResults.resultsBody : {};
  return results.eventList;
}

function checkDocumentHead(doc: unknown, expectedType: 'EPCISDocument' | 'EPCISQueryDocument'): { c: Checker; doc: Json | null } {
  if (isObject(doc)) {
    const shallow = new Checker(new Set(), undefined, 'Invalid EPCIS document');
    nestingProblem(shallow, doc, `the ${expectedType}`, eventListIn(doc, expectedType));
    if (shallow.problems.length > 0) return { c: shallow, doc: null };
  }
  const c = new Checker(prefixesOf(isObject(doc) ? doc['@context'] : undefined), undefined, 'Invalid EPCIS document');
  if (!isObject(doc)) {
    c.add('', `an ${expectedType} must be a JSON object`);
    return { c, doc: null };
  }
  if (doc['@context'] === undefined) c.add('/@context', `@context is required: an ${expectedType} must name the EPCIS 2.0 JSON-LD context`);
  else checkContext(c, doc['@context'], '/@context');
  if (doc.type !== expectedType) c.add('/type', `type must be ${expectedType}, got ${show(doc.type)}`);
  c.keys(doc, expectedType === 'EPCISDocument' ? DOCUMENT_FIELDS : QUERY_DOCUMENT_FIELDS, '', expectedType, true);
  if (doc.schemaVersion === undefined) {
    if (expectedType === 'EPCISDocument') c.add('/schemaVersion', 'schemaVersion is required (e.g. "2.0")');
  } else if (typeof doc.schemaVersion !== 'string' || !/^\d+(\.\d+)*$/.test(doc.schemaVersion)) c.add('/schemaVersion', `schemaVersion ${show(doc.schemaVersion)} is not a version such as "2.0"`);
  if (doc.creationDate === undefined) {
    if (expectedType === 'EPCISDocument') c.add('/creationDate', 'creationDate is required');
  } else c.dateTime(doc.creationDate, '/creationDate', 'creationDate');
  if (doc.id !== undefined) c.uri(doc.id, '/id', 'id');
  if (doc.epcisHeader !== undefined && c.object(doc.epcisHeader, '/epcisHeader', 'epcisHeader')) {
    c.keys(doc.epcisHeader, ['epcisMasterData'], '/epcisHeader', 'epcisHeader', true);
  }
  return { c, doc };
}

function withEvents(c: Checker, doc: Json, events: unknown, basePointer: string): { ok: true; events: Json[] } | { ok: false; problems: EpcisProblem[] } {
  const problems = [...c.problems];
  if (!Array.isArray(events)) {
    return { ok: false, problems: [...problems, { type: EPCIS_VALIDATION_EXCEPTION, title: 'Invalid EPCIS document', status: 400, detail: 'eventList is required and must be a list of events', pointer: basePointer }] };
  }
  events.forEach((event, index) => {
    for (const problem of checkEvent(event, index, doc['@context'])) {
      problems.push({ ...problem, pointer: `${basePointer}/${index}${problem.pointer ?? ''}` });
    }
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, events: events as Json[] };
}

/** Validates an EPCISDocument for capture; on success the events of `epcisBody.eventList`. Pointers are within the document. */
export function validateEpcisDocument(doc: unknown): { ok: true; events: Record<string, unknown>[] } | { ok: false; problems: EpcisProblem[] } {
  const { c, doc: object } = checkDocumentHead(doc, 'EPCISDocument');
  if (!object) return { ok: false, problems: c.problems };
  const body = object.epcisBody;
  if (!isObject(body)) {
    c.add('/epcisBody', 'epcisBody is required and must be an object with an eventList');
    return { ok: false, problems: c.problems };
  }
  c.keys(body, ['eventList'], '/epcisBody', 'epcisBody', true);
  return withEvents(c, object, body.eventList, '/epcisBody/eventList');
}

/** Validates an EPCISQueryDocument (`epcisBody.queryResults.resultsBody.eventList`), e.g. a subscription's delivery. */
export function validateEpcisQueryDocument(doc: unknown): { ok: true; events: Record<string, unknown>[] } | { ok: false; problems: EpcisProblem[] } {
  const { c, doc: object } = checkDocumentHead(doc, 'EPCISQueryDocument');
  if (!object) return { ok: false, problems: c.problems };
  const results = isObject(object.epcisBody) && isObject(object.epcisBody.queryResults) ? object.epcisBody.queryResults : null;
  if (!results || !isObject(results.resultsBody)) {
    c.add('/epcisBody', 'epcisBody.queryResults.resultsBody is required');
    return { ok: false, problems: c.problems };
  }
  return withEvents(c, object, results.resultsBody.eventList, '/epcisBody/queryResults/resultsBody/eventList');
}

/* ---------- filter fields of a stored event ---------- */

/** The filter columns of `epcis_events` (services/api/src/modules/epcis/tables.ts) for one valid event. */
export interface EventFields {
  eventType: string;
  action: string | null;
  eventTime: Date;
  eventTimeZoneOffset: string;
  /** CBV short name, or the URI of an extension. */
  bizStep: string | null;
  disposition: string | null;
  readPoint: string | null;
  bizLocation: string | null;
  parentId: string | null;
  /** epcList and childEPCs. */
  epcList: string[];
  inputEpcs: string[];
  outputEpcs: string[];
  /** epcList, childEPCs, inputs, outputs and parentID. */
  anyEpcs: string[];
  /** quantityList and childQuantityList classes. */
  epcClasses: string[];
  inputEpcClasses: string[];
  outputEpcClasses: string[];
  anyEpcClasses: string[];
  gtins: string[];
  /** `type + '\u001f' + value`, type the CBV short name or URI ('' when absent), value canonical. */
  bizTransactions: string[];
  sources: string[];
  destinations: string[];
  errorDeclarationTime: Date | null;
  errorReason: string | null;
}

export const TYPED_VALUE_SEPARATOR = '\u001f';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const unique = (values: string[]): string[] => [...new Set(values)];
const classes = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter(isObject).map((entry) => entry.epcClass).filter((item): item is string => typeof item === 'string').map(canonicalClass) : [];

function typedValues(value: unknown, field: string, normalize: (value: string) => string | null): string[] {
  if (!Array.isArray(value)) return [];
  return unique(
    value.filter(isObject).flatMap((entry) => {
      const id = entry[field];
      if (typeof id !== 'string') return [];
      const type = typeof entry.type === 'string' ? (normalize(entry.type) ?? entry.type) : '';
      return [`${type}${TYPED_VALUE_SEPARATOR}${canonicalIdentifier(id)}`];
    }),
  );
}

/** Splits a stored typed pair back into `{ type, value }` (type null when none). */
export function splitTypedValue(stored: string): { type: string | null; value: string } {
  const index = stored.indexOf(TYPED_VALUE_SEPARATOR);
  if (index < 0) return { type: null, value: stored };
  const type = stored.slice(0, index);
  return { type: type === '' ? null : type, value: stored.slice(index + 1) };
}

/** A typed pair as stored, for a query value (`EQ_bizTransaction_po=…`). */
export function typedValue(type: string | null, value: string): string {
  return `${type ?? ''}${TYPED_VALUE_SEPARATOR}${canonicalIdentifier(value)}`;
}

/** The filter fields of one valid event, canonicalised as the `epcis_events` columns want them. */
export function extractEventFields(event: Record<string, unknown>): EventFields {
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  const location = (value: unknown): string | null => (isObject(value) && typeof value.id === 'string' ? canonicalIdentifier(value.id) : null);
  const epcList = unique([...strings(event.epcList), ...strings(event.childEPCs)].map(canonicalIdentifier));
  const inputEpcs = unique(strings(event.inputEPCList).map(canonicalIdentifier));
  const outputEpcs = unique(strings(event.outputEPCList).map(canonicalIdentifier));
  const parentId = typeof event.parentID === 'string' ? canonicalIdentifier(event.parentID) : null;
  const anyEpcs = unique([...epcList, ...inputEpcs, ...outputEpcs, ...(parentId ? [parentId] : [])]);
  const epcClasses = unique([...classes(event.quantityList), ...classes(event.childQuantityList)]);
  const inputEpcClasses = unique(classes(event.inputQuantityList));
  const outputEpcClasses = unique(classes(event.outputQuantityList));
  const anyEpcClasses = unique([...epcClasses, ...inputEpcClasses, ...outputEpcClasses]);
  const gtins = unique([...anyEpcs, ...anyEpcClasses].map(gtinOf).filter((gtin): gtin is string => gtin !== null));
  const declaration = isObject(event.errorDeclaration) ? event.errorDeclaration : null;
  const bizStep = text(event.bizStep);
  const disposition = text(event.disposition);
  const reason = declaration ? text(declaration.reason) : null;
  return {
    eventType: String(event.type),
    action: text(event.action),
    eventTime: new Date(String(event.eventTime)),
    eventTimeZoneOffset: String(event.eventTimeZoneOffset),
    bizStep: bizStep === null ? null : (normalizeBizStep(bizStep) ?? bizStep),
    disposition: disposition === null ? null : (normalizeDisposition(disposition) ?? disposition),
    readPoint: location(event.readPoint),
    bizLocation: location(event.bizLocation),
    parentId,
    epcList,
    inputEpcs,
    outputEpcs,
    anyEpcs,
    epcClasses,
    inputEpcClasses,
    outputEpcClasses,
    anyEpcClasses,
    gtins,
    bizTransactions: typedValues(event.bizTransactionList, 'bizTransaction', normalizeBizTransactionType),
    sources: typedValues(event.sourceList, 'source', normalizeSourceDestType),
    destinations: typedValues(event.destinationList, 'destination', normalizeSourceDestType),
    errorDeclarationTime: declaration && typeof declaration.declarationTime === 'string' ? new Date(declaration.declarationTime) : null,
    errorReason: reason === null ? null : (normalizeErrorReason(reason) ?? reason),
  };
}
