import {
  masterDataAttributeKey,
  EPCIS_ACTIONS,
  EPCIS_EVENT_TYPES,
  canonicalClass,
  canonicalIdentifier,
  identifierPattern,
  normalizeBizStep,
  normalizeBizTransactionType,
  normalizeDisposition,
  normalizeSourceDestType,
} from '@product-console/shared';
import { queryParameterException } from './query-problem.js';

/*
 * The SimpleEventQuery parameters of EPCIS 2.0 (§ 8.2.7.1) parsed into conditions the SQL builder
 * (`query-sql.ts`) turns into one statement. The same parser reads `GET /epcis/events` query strings and
 * named queries (`POST /epcis/queries`), so a named query is refused for the same reasons.
 * Values are pipe-separated (`EQ_bizStep=shipping|receiving`); identifiers are accepted as EPC URNs,
 * EPC pattern URIs or Digital Link URIs and compared in their canonical form; CBV values in any of the
 * CBV's forms (bare word, URN, Web URI, CURIE).
 */

/** Raw parameters: what a query string or a stored named query holds. */
export type RawQueryParams = Record<string, string | string[] | number | boolean | null | undefined>;

export type ScalarColumn = 'event_type' | 'action' | 'biz_step' | 'disposition' | 'read_point' | 'biz_location' | 'event_id' | 'error_reason';
export type TimeColumn = 'event_time' | 'record_time' | 'error_declaration_time';
export type IdentifierColumn =
  | 'epc_list'
  | 'input_epcs'
  | 'output_epcs'
  | 'any_epcs'
  | 'epc_classes'
  | 'input_epc_classes'
  | 'output_epc_classes'
  | 'any_epc_classes';
export type TypedListColumn = 'biz_transactions' | 'sources' | 'destinations';
export type Comparator = '=' | '>' | '>=' | '<' | '<=';

export type Condition =
  | { kind: 'in'; column: ScalarColumn; values: string[] }
  | { kind: 'time'; column: TimeColumn; op: '>=' | '<'; value: Date }
  | { kind: 'exists'; column: 'error_declaration_time' }
  /** An identifier column matched by exact canonical values (`&&`) or LIKE patterns; `indexed` is the GIN column that holds a superset. */
  | { kind: 'match'; column: IdentifierColumn; exact: string[]; like: string[]; indexed: IdentifierColumn | null }
  | { kind: 'matchParent'; exact: string[]; like: string[] }
  | { kind: 'typed'; column: TypedListColumn; values: string[] }
  /** Some of `values` is an element of the JSON array at `path` of the event document. */
  | { kind: 'jsonArrayHas'; path: string[]; values: string[] }
  /** The JSON string at `path` of the event document is one of `values`. */
  | { kind: 'jsonText'; path: string[]; values: string[] }
  /** Some quantity element of the event (quantityList, childQuantityList, input/outputQuantityList) fulfils every comparison. */
  | { kind: 'quantity'; uom: string | null; comparisons: NumericComparison[] }
  /** Some sensor element fulfils every metadata condition and holds a sensor report fulfilling every report condition. */
  | { kind: 'sensor'; metadata: SensorCondition[]; report: SensorCondition[] }
  | { kind: 'sensorExists' }
  /**
   * A user extension field, top level or in ILMD: `EQ_example:field` (the key as captured, prefix and
   * all) or `EQ_http://ns.example.com/epcis/#field` (any prefix the event's @context maps to that namespace).
   */
  | { kind: 'extension'; ilmd: boolean; field: string; namespace: string | null; test: ExtensionTest; inner?: boolean }
  /**
   * The event's readPoint or bizLocation is one of `values` or a place inside one of them, by the
   * company's place hierarchy (WD_, decision 081).
   */
  | { kind: 'withDescendants'; column: 'read_point' | 'biz_location'; values: string[] }
  /** The event's readPoint or bizLocation is a place of the company with one of `attributes` (HASATTR_) or, with `values`, one of them as its value (EQ_ATTR_). */
  | { kind: 'placeAttribute'; column: 'read_point' | 'biz_location'; attributes: string[]; values: string[] | null };

export interface NumericComparison {
  op: Comparator;
  /** One value, or several for EQ (any of them). */
  values: number[];
}

export type SensorCondition =
  /** A text field in the sensor metadata, in a sensor report, or in either (element-level conditions). */
  | { kind: 'text'; where: 'metadata' | 'report' | 'either'; field: string; values: string[] }
  | { kind: 'boolean'; field: string; value: boolean }
  | { kind: 'number'; field: string; op: Comparator; value: number; uom: string | null }
  | { kind: 'time'; field: string; op: '>=' | '<'; value: Date };

export type ExtensionTest =
  | { kind: 'exists' }
  | { kind: 'equals'; values: string[] }
  | { kind: 'compare'; op: Exclude<Comparator, '='>; value: number | Date };

export type OrderBy = 'eventTime' | 'recordTime';

export interface EventQuery {
  conditions: Condition[];
  orderBy: OrderBy | null;
  orderDirection: 'ASC' | 'DESC';
  eventCountLimit: number | null;
  maxEventCount: number | null;
}

/** Paging parameters, read beside the query's own. */
export const PAGING_PARAMS = ['perPage', 'nextPageToken'] as const;

const MAX_VALUES = 200;
const MAX_VALUE_LENGTH = 2000;

/** The values of a parameter: pipe-separated, repeated keys and JSON arrays joined; empty items dropped. */
function valuesOf(name: string, raw: RawQueryParams[string]): string[] {
  const items = Array.isArray(raw) ? raw : raw === null || raw === undefined ? [] : [raw];
  const values = items.flatMap((item) => String(item).split('|')).map((value) => value.trim()).filter((value) => value !== '');
  if (values.length > MAX_VALUES) throw queryParameterException(`${name}: at most ${MAX_VALUES} values`);
  for (const value of values) if (value.length > MAX_VALUE_LENGTH) throw queryParameterException(`${name}: a value is longer than ${MAX_VALUE_LENGTH} characters`);
  return values;
}

function required(name: string, raw: RawQueryParams[string]): string[] {
  const values = valuesOf(name, raw);
  if (values.length === 0) throw queryParameterException(`${name}: a value is required`);
  return values;
}

function single(name: string, raw: RawQueryParams[string]): string {
  const values = required(name, raw);
  if (values.length > 1) throw queryParameterException(`${name}: takes one value, not ${values.length}`);
  return values[0];
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** An ISO 8601 date-time with a zone (`2026-01-01T00:00:00+01:00`, `…Z`). */
export function parseDateTime(name: string, value: string): Date {
  const date = new Date(value);
  if (!DATE_TIME.test(value) || Number.isNaN(date.getTime())) {
    throw queryParameterException(`${name}: '${value}' is not a date-time with a time zone (2026-01-01T00:00:00Z)`);
  }
  return date;
}

function parseNumber(name: string, value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) throw queryParameterException(`${name}: '${value}' is not a number`);
  return number;
}

function positiveInteger(name: string, value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < 1) throw queryParameterException(`${name}: '${value}' is not a positive integer`);
  return number;
}

/** The CBV's forms of a vocabulary word: bare, URN, Web URI and CURIEs (stored documents keep what the client sent). */
export function cbvForms(word: string, urnPrefix: string, webPrefix: string): string[] {
  return [word, `${urnPrefix}${word}`, `https://ref.gs1.org/cbv/${webPrefix}-${word}`, `gs1:${webPrefix}-${word}`, `cbv:${webPrefix}-${word}`];
}

function dispositionForms(name: string, value: string): string[] {
  const normalized = normalizeDisposition(value);
  if (normalized === null) throw queryParameterException(`${name}: '${value}' is not a CBV disposition or a URI`);
  return normalized.includes(':') ? [normalized, value] : cbvForms(normalized, 'urn:epcglobal:cbv:disp:', 'Disp');
}

const ERROR_REASONS = ['did_not_occur', 'incorrect_data'];
function errorReasonForms(value: string): string[] {
  const word = ERROR_REASONS.find((reason) => cbvForms(reason, 'urn:epcglobal:cbv:er:', 'ER').includes(value));
  return word ? cbvForms(word, 'urn:epcglobal:cbv:er:', 'ER') : [value];
}

/** Measurement types as written in sensor reports: `Temperature`, `gs1:Temperature`, `https://gs1.org/voc/Temperature`. */
function measurementTypeForms(value: string): string[] {
  const word = value.replace(/^(gs1:|https?:\/\/gs1\.org\/voc\/)/, '');
  return word === value && value.includes(':') ? [value] : [word, `gs1:${word}`, `https://gs1.org/voc/${word}`, `http://gs1.org/voc/${word}`];
}

function patterns(name: string, values: string[]): { exact: string[]; like: string[] } {
  const exact: string[] = [];
  const like: string[] = [];
  const classes = name.endsWith('Class');
  for (const value of values) {
    const pattern = identifierPattern(value);
    if ('exact' in pattern) exact.push(pattern.exact);
    else {
      like.push(pattern.like);
      // A class may be captured as the pattern itself (`urn:epc:idpat:cpi:4012345.ABC.*` in a quantityList).
      if (classes) exact.push(canonicalClass(value));
    }
  }
  if (exact.length + like.length === 0) throw queryParameterException(`${name}: a value is required`);
  return { exact: [...new Set(exact)], like: [...new Set(like)] };
}

const MATCH_COLUMNS: Record<string, { column: IdentifierColumn; indexed: IdentifierColumn | null }> = {
  MATCH_epc: { column: 'epc_list', indexed: null },
  MATCH_inputEPC: { column: 'input_epcs', indexed: 'any_epcs' },
  MATCH_outputEPC: { column: 'output_epcs', indexed: 'any_epcs' },
  MATCH_anyEPC: { column: 'any_epcs', indexed: null },
  MATCH_epcClass: { column: 'epc_classes', indexed: 'any_epc_classes' },
  MATCH_inputEPCClass: { column: 'input_epc_classes', indexed: 'any_epc_classes' },
  MATCH_outputEPCClass: { column: 'output_epc_classes', indexed: 'any_epc_classes' },
  MATCH_anyEPCClass: { column: 'any_epc_classes', indexed: null },
};

const TIME_PARAMS: Record<string, { column: TimeColumn; op: '>=' | '<' }> = {
  GE_eventTime: { column: 'event_time', op: '>=' },
  LT_eventTime: { column: 'event_time', op: '<' },
  GE_recordTime: { column: 'record_time', op: '>=' },
  LT_recordTime: { column: 'record_time', op: '<' },
  GE_errorDeclarationTime: { column: 'error_declaration_time', op: '>=' },
  LT_errorDeclarationTime: { column: 'error_declaration_time', op: '<' },
  // The query schema's spelling of the same two parameters.
  GE_errorDeclaration_Time: { column: 'error_declaration_time', op: '>=' },
  LT_errorDeclaration_Time: { column: 'error_declaration_time', op: '<' },
};

const COMPARATORS: Record<string, Comparator> = { EQ: '=', GT: '>', GE: '>=', LT: '<', LE: '<=' };

/** Sensor report and sensor metadata fields compared with text values (EQ_…), and where they may appear. */
const SENSOR_TEXT_PARAMS: Record<string, { metadata: string[]; report: string[] }> = {
  EQ_deviceID: { metadata: ['deviceID'], report: ['deviceID'] },
  EQ_dataProcessingMethod: { metadata: ['dataProcessingMethod'], report: ['dataProcessingMethod'] },
  EQ_bizRules: { metadata: ['bizRules'], report: [] },
  EQ_microorganism: { metadata: [], report: ['microorganism'] },
  EQ_chemicalSubstance: { metadata: [], report: ['chemicalSubstance'] },
  EQ_stringValue: { metadata: [], report: ['stringValue'] },
  EQ_hexBinaryValue: { metadata: [], report: ['hexBinaryValue'] },
  EQ_uriValue: { metadata: [], report: ['uriValue'] },
};
const SENSOR_TIME_PARAMS: Record<string, { field: string; op: '>=' | '<' }> = {
  GE_time: { field: 'time', op: '>=' },
  LT_time: { field: 'time', op: '<' },
  GE_startTime: { field: 'startTime', op: '>=' },
  LT_startTime: { field: 'startTime', op: '<' },
  GE_endTime: { field: 'endTime', op: '>=' },
  LT_endTime: { field: 'endTime', op: '<' },
};
const SENSOR_NUMBER = /^(EQ|GT|GE|LT|LE)_(value|minValue|maxValue|meanValue|sDev|percValue)_([A-Z0-9]{2,4})$/;
const PERC_RANK = /^(GT|GE|LT|LE)_percRank$/;
const QUANTITY = /^(EQ|GT|GE|LT|LE)_quantity(?:_([A-Z0-9]{2,4}))?$/;
const TYPED = /^EQ_(bizTransaction|source|destination)_([A-Za-z][\w.:-]*)$/;
const EXTENSION = /^(EQ|GT|GE|LT|LE|EXISTS)_(INNER_)?(ILMD_)?([A-Za-z][\w.-]*:[A-Za-z_][\w.-]*)$/;
const NAMESPACED = /^(EQ|GT|GE|LT|LE|EXISTS)_(INNER_)?(ILMD_)?([A-Za-z][A-Za-z0-9+.-]*:\S+)#([A-Za-z_][\w.-]*)$/;
/** Master-data attributes of the event's places (decision 081): `HASATTR_bizLocation`, `EQ_ATTR_bizLocation_sst`. */
const HAS_ATTRIBUTE = /^HASATTR_(\w+)$/;
const EQ_ATTRIBUTE = /^EQ_ATTR_(readPoint|bizLocation|[a-z]\w*?)_(.+)$/;
const PLACE_COLUMNS: Record<string, 'read_point' | 'biz_location'> = { readPoint: 'read_point', bizLocation: 'biz_location' };

/** The place column a master-data parameter names; master data is kept for readPoint and bizLocation only. */
function placeColumnOf(name: string, field: string): 'read_point' | 'biz_location' {
  const column = PLACE_COLUMNS[field];
  if (!column) throw queryParameterException(`${name}: master data is kept for readPoint and bizLocation, not ${field}`);
  return column;
}

/**
 * Parses SimpleEventQuery parameters (paging parameters are left to the caller). An unknown
 * parameter, a malformed value or an excluded combination throws a QueryParameterException.
 */
export function parseEventQuery(params: RawQueryParams): EventQuery {
  const conditions: Condition[] = [];
  const quantities = new Map<string, NumericComparison[]>();
  const sensorMetadata: SensorCondition[] = [];
  const sensorReport: SensorCondition[] = [];
  const query: EventQuery = { conditions, orderBy: null, orderDirection: 'DESC', eventCountLimit: null, maxEventCount: null };
  let orderDirectionGiven = false;

  for (const [name, raw] of Object.entries(params)) {
    if (raw === undefined || (PAGING_PARAMS as readonly string[]).includes(name) || name === '@context') continue;
    const time = TIME_PARAMS[name];
    if (time) {
      conditions.push({ kind: 'time', column: time.column, op: time.op, value: parseDateTime(name, single(name, raw)) });
      continue;
    }
    const match = MATCH_COLUMNS[name];
    if (match) {
      conditions.push({ kind: 'match', column: match.column, indexed: match.indexed, ...patterns(name, required(name, raw)) });
      continue;
    }
    switch (name) {
      case 'eventType': {
        const values = required(name, raw);
        for (const value of values) {
          if (!(EPCIS_EVENT_TYPES as readonly string[]).includes(value)) throw queryParameterException(`eventType: '${value}' is not an EPCIS event type (${EPCIS_EVENT_TYPES.join(', ')})`);
        }
        conditions.push({ kind: 'in', column: 'event_type', values });
        continue;
      }
      case 'EQ_action': {
        const values = required(name, raw);
        for (const value of values) {
          if (!(EPCIS_ACTIONS as readonly string[]).includes(value)) throw queryParameterException(`EQ_action: '${value}' is not ADD, OBSERVE or DELETE`);
        }
        conditions.push({ kind: 'in', column: 'action', values });
        continue;
      }
      case 'EQ_bizStep': {
        const values = required(name, raw).map((value) => {
          const normalized = normalizeBizStep(value);
          if (normalized === null) throw queryParameterException(`EQ_bizStep: '${value}' is not a CBV business step or a URI`);
          return normalized;
        });
        conditions.push({ kind: 'in', column: 'biz_step', values: [...new Set(values)] });
        continue;
      }
      case 'EQ_disposition': {
        const values = required(name, raw).map((value) => {
          const normalized = normalizeDisposition(value);
          if (normalized === null) throw queryParameterException(`EQ_disposition: '${value}' is not a CBV disposition or a URI`);
          return normalized;
        });
        conditions.push({ kind: 'in', column: 'disposition', values: [...new Set(values)] });
        continue;
      }
      case 'EQ_persistentDisposition_set':
      case 'EQ_persistentDisposition_unset': {
        const values = required(name, raw).flatMap((value) => dispositionForms(name, value));
        conditions.push({ kind: 'jsonArrayHas', path: ['persistentDisposition', name.endsWith('_set') ? 'set' : 'unset'], values });
        continue;
      }
      case 'EQ_readPoint':
        conditions.push({ kind: 'in', column: 'read_point', values: [...new Set(required(name, raw).map(canonicalIdentifier))] });
        continue;
      case 'EQ_bizLocation':
        conditions.push({ kind: 'in', column: 'biz_location', values: [...new Set(required(name, raw).map(canonicalIdentifier))] });
        continue;
      case 'WD_readPoint':
      case 'WD_bizLocation':
        conditions.push({ kind: 'withDescendants', column: PLACE_COLUMNS[name.slice(3)], values: [...new Set(required(name, raw).map(canonicalIdentifier))] });
        continue;
      case 'MATCH_parentID':
        conditions.push({ kind: 'matchParent', ...patterns(name, required(name, raw)) });
        continue;
      case 'EQ_eventID':
        conditions.push({ kind: 'in', column: 'event_id', values: required(name, raw) });
        continue;
      case 'EXISTS_errorDeclaration':
        conditions.push({ kind: 'exists', column: 'error_declaration_time' });
        continue;
      case 'EQ_errorReason':
        conditions.push({ kind: 'in', column: 'error_reason', values: [...new Set(required(name, raw).flatMap(errorReasonForms))] });
        continue;
      case 'EQ_correctiveEventID':
        conditions.push({ kind: 'jsonArrayHas', path: ['errorDeclaration', 'correctiveEventIDs'], values: required(name, raw) });
        continue;
      case 'EQ_transformationID':
        conditions.push({ kind: 'jsonText', path: ['transformationID'], values: [...new Set(required(name, raw).flatMap((value) => [value, canonicalIdentifier(value)]))] });
        continue;
      case 'EQ_type':
        sensorReport.push({ kind: 'text', where: 'report', field: 'type', values: required(name, raw).flatMap(measurementTypeForms) });
        continue;
      case 'EQ_booleanValue': {
        const value = single(name, raw);
        if (value !== 'true' && value !== 'false') throw queryParameterException(`EQ_booleanValue: '${value}' is not true or false`);
        sensorReport.push({ kind: 'boolean', field: 'booleanValue', value: value === 'true' });
        continue;
      }
      case 'EXISTS_sensorElementList':
        conditions.push({ kind: 'sensorExists' });
        continue;
      case 'orderBy': {
        const value = single(name, raw);
        if (value !== 'eventTime' && value !== 'recordTime') throw queryParameterException(`orderBy: '${value}' is not eventTime or recordTime`);
        query.orderBy = value;
        continue;
      }
      case 'orderDirection': {
        const value = single(name, raw);
        if (value !== 'ASC' && value !== 'DESC') throw queryParameterException(`orderDirection: '${value}' is not ASC or DESC`);
        query.orderDirection = value;
        orderDirectionGiven = true;
        continue;
      }
      case 'eventCountLimit':
        query.eventCountLimit = positiveInteger(name, single(name, raw));
        continue;
      case 'maxEventCount':
        query.maxEventCount = positiveInteger(name, single(name, raw));
        continue;
    }

    const sensorText = SENSOR_TEXT_PARAMS[name];
    if (sensorText) {
      const values = required(name, raw);
      // A field that sensor metadata and reports both carry matches in either.
      const where = sensorText.metadata.length === 0 ? 'report' : sensorText.report.length === 0 ? 'metadata' : 'either';
      const condition: SensorCondition = { kind: 'text', where, field: sensorText.metadata[0] ?? sensorText.report[0], values };
      (where === 'report' ? sensorReport : sensorMetadata).push(condition);
      continue;
    }
    const sensorTime = SENSOR_TIME_PARAMS[name];
    if (sensorTime) {
      sensorMetadata.push({ kind: 'time', field: sensorTime.field, op: sensorTime.op, value: parseDateTime(name, single(name, raw)) });
      continue;
    }
    const sensorNumber = SENSOR_NUMBER.exec(name);
    if (sensorNumber) {
      const [, comparator, field, uom] = sensorNumber;
      for (const value of comparator === 'EQ' ? required(name, raw) : [single(name, raw)]) {
        sensorReport.push({ kind: 'number', field, op: COMPARATORS[comparator], value: parseNumber(name, value), uom });
      }
      continue;
    }
    const percRank = PERC_RANK.exec(name);
    if (percRank) {
      sensorReport.push({ kind: 'number', field: 'percRank', op: COMPARATORS[percRank[1]], value: parseNumber(name, single(name, raw)), uom: null });
      continue;
    }
    const quantity = QUANTITY.exec(name);
    if (quantity) {
      const [, comparator, uom] = quantity;
      const values = (comparator === 'EQ' ? required(name, raw) : [single(name, raw)]).map((value) => parseNumber(name, value));
      const key = uom ?? '';
      quantities.set(key, [...(quantities.get(key) ?? []), { op: COMPARATORS[comparator], values }]);
      continue;
    }
    const typed = TYPED.exec(name);
    if (typed) {
      const [, list, typeName] = typed;
      const type = list === 'bizTransaction' ? normalizeBizTransactionType(typeName) : normalizeSourceDestType(typeName);
      if (type === null) throw queryParameterException(`${name}: '${typeName}' is not a CBV ${list} type or a URI`);
      const column: TypedListColumn = list === 'bizTransaction' ? 'biz_transactions' : list === 'source' ? 'sources' : 'destinations';
      const values = required(name, raw).flatMap((value) => [value, canonicalIdentifier(value)]);
      conditions.push({ kind: 'typed', column, values: [...new Set(values.map((value) => `${type}\u001f${value}`))] });
      continue;
    }
    const hasAttribute = HAS_ATTRIBUTE.exec(name);
    if (hasAttribute) {
      const attributes = [...new Set(required(name, raw).map(masterDataAttributeKey))];
      conditions.push({ kind: 'placeAttribute', column: placeColumnOf(name, hasAttribute[1]), attributes, values: null });
      continue;
    }
    const eqAttribute = EQ_ATTRIBUTE.exec(name);
    if (eqAttribute) {
      conditions.push({ kind: 'placeAttribute', column: placeColumnOf(name, eqAttribute[1]), attributes: [masterDataAttributeKey(eqAttribute[2])], values: required(name, raw) });
      continue;
    }
    const extension = EXTENSION.exec(name);
    const namespaced = extension ? null : NAMESPACED.exec(name);
    if (extension || namespaced) {
      const match = (extension ?? namespaced)!;
      const [comparator, inner, ilmd] = [match[1], match[2] !== undefined, match[3] !== undefined];
      const [field, namespace] = extension ? [extension[4], null] : [namespaced![5], namespaced![4]];
      let test: ExtensionTest;
      if (comparator === 'EXISTS') test = { kind: 'exists' };
      else if (comparator === 'EQ') test = { kind: 'equals', values: required(name, raw) };
      else {
        const value = single(name, raw);
        test = { kind: 'compare', op: COMPARATORS[comparator] as Exclude<Comparator, '='>, value: DATE_TIME.test(value) ? parseDateTime(name, value) : parseNumber(name, value) };
      }
      conditions.push({ kind: 'extension', ilmd, field, namespace, test, ...(inner ? { inner } : {}) });
      continue;
    }
    throw queryParameterException(`${name}: not a query parameter of EPCIS 2.0 SimpleEventQuery`);
  }

  for (const [uom, comparisons] of quantities) conditions.push({ kind: 'quantity', uom: uom === '' ? null : uom, comparisons });
  if (sensorMetadata.length > 0 || sensorReport.length > 0) conditions.push({ kind: 'sensor', metadata: sensorMetadata, report: sensorReport });

  if (query.eventCountLimit !== null && query.maxEventCount !== null) {
    throw queryParameterException('eventCountLimit and maxEventCount exclude each other: give one of them');
  }
  if (query.eventCountLimit !== null && query.orderBy === null) throw queryParameterException('eventCountLimit: needs orderBy (which events come first)');
  if (orderDirectionGiven && query.orderBy === null) throw queryParameterException('orderDirection: needs orderBy');
  return query;
}
