import {
  canonicalClass,
  canonicalIdentifier,
  normalizeBizTransactionType,
  normalizeSourceDestType,
  type EpcisAction,
  type EpcisEventType,
  type TraceEvent,
  type TraceQuantity,
  type TraceSensorReading,
  type TypedValue,
} from '@product-console/shared';
import { epcisEvents } from '../epcis/tables.js';

/*
 * One stored EPCIS event as the console and the landing read it (`traceEventSchema`): the filter
 * columns (identifiers already canonical, i.e. GS1 Digital Link where they convert; bizStep and
 * disposition as CBV short names) plus what only the stored document holds (quantities, typed
 * lists, sensor reports, the eventTime as captured).
 */

/** The columns a journey reads of an event row. */
export const traceEventColumns = {
  id: epcisEvents.id,
  eventId: epcisEvents.eventId,
  eventType: epcisEvents.eventType,
  action: epcisEvents.action,
  eventTime: epcisEvents.eventTime,
  eventTimeZoneOffset: epcisEvents.eventTimeZoneOffset,
  recordTime: epcisEvents.recordTime,
  bizStep: epcisEvents.bizStep,
  disposition: epcisEvents.disposition,
  readPoint: epcisEvents.readPoint,
  bizLocation: epcisEvents.bizLocation,
  parentId: epcisEvents.parentId,
  epcList: epcisEvents.epcList,
  inputEpcs: epcisEvents.inputEpcs,
  outputEpcs: epcisEvents.outputEpcs,
  errorDeclarationTime: epcisEvents.errorDeclarationTime,
  errorReason: epcisEvents.errorReason,
  origin: epcisEvents.origin,
  document: epcisEvents.document,
};

export interface TraceEventRow {
  id: number;
  eventId: string;
  eventType: string;
  action: string | null;
  eventTime: Date;
  eventTimeZoneOffset: string;
  recordTime: Date;
  bizStep: string | null;
  disposition: string | null;
  readPoint: string | null;
  bizLocation: string | null;
  parentId: string | null;
  epcList: string[];
  inputEpcs: string[];
  outputEpcs: string[];
  errorDeclarationTime: Date | null;
  errorReason: string | null;
  origin: 'console' | 'capture';
  document: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

const QUANTITY_LISTS = ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'] as const;

function quantitiesOf(document: Json): TraceQuantity[] {
  return QUANTITY_LISTS.flatMap((list) =>
    objects(document[list]).flatMap((element) => {
      const epcClass = textOf(element.epcClass);
      return epcClass ? [{ epcClass: canonicalClass(epcClass), quantity: numberOf(element.quantity), uom: textOf(element.uom) }] : [];
    }),
  );
}

/** `{type, <valueKey>}` entries of a typed list with the type as a CBV short name where it is one. */
function typedValues(list: unknown, valueKey: string, normalizeType: (type: string) => string | null): TypedValue[] {
  return objects(list).flatMap((element) => {
    const value = textOf(element[valueKey]);
    if (!value) return [];
    const type = textOf(element.type);
    return [{ type: type === null ? null : (normalizeType(type) ?? type), value: canonicalIdentifier(value) }];
  });
}

/** The measurement type's short name (`gs1:Temperature`, `https://gs1.org/voc/Temperature` → `Temperature`); other URIs unchanged. */
export function measurementTypeName(type: string): string {
  const short = /^(?:gs1:|https?:\/\/(?:ref\.)?gs1\.org\/voc\/)([A-Za-z]+)$/.exec(type);
  return short ? short[1] : type;
}

function sensorReadingsOf(document: Json, eventTime: string): TraceSensorReading[] {
  return objects(document.sensorElementList).flatMap((element) => {
    const metadata = isObject(element.sensorMetadata) ? element.sensorMetadata : {};
    const elementTime = textOf(metadata.time) ?? eventTime;
    return objects(element.sensorReport).flatMap((report) => {
      const type = textOf(report.type);
      if (!type) return [];
      return [
        {
          type: measurementTypeName(type),
          value: numberOf(report.value),
          minValue: numberOf(report.minValue),
          maxValue: numberOf(report.maxValue),
          uom: textOf(report.uom),
          time: textOf(report.time) ?? elementTime,
        },
      ];
    });
  });
}

/** The stored event as the console shows it. */
export function toTraceEvent(row: TraceEventRow): TraceEvent {
  const document = row.document;
  const eventTime = textOf(document.eventTime) ?? row.eventTime.toISOString();
  return {
    eventId: row.eventId,
    eventType: row.eventType as EpcisEventType,
    action: (row.action as EpcisAction | null) ?? null,
    eventTime,
    eventTimeZoneOffset: row.eventTimeZoneOffset,
    recordTime: row.recordTime.toISOString(),
    bizStep: row.bizStep,
    disposition: row.disposition,
    readPoint: row.readPoint,
    bizLocation: row.bizLocation,
    epcs: [...row.epcList, ...row.inputEpcs, ...row.outputEpcs],
    parentId: row.parentId,
    quantities: quantitiesOf(document),
    bizTransactions: typedValues(document.bizTransactionList, 'bizTransaction', normalizeBizTransactionType),
    sources: typedValues(document.sourceList, 'source', normalizeSourceDestType),
    destinations: typedValues(document.destinationList, 'destination', normalizeSourceDestType),
    sensorReadings: sensorReadingsOf(document, eventTime),
    errorDeclaration: row.errorDeclarationTime ? { declarationTime: row.errorDeclarationTime.toISOString(), reason: row.errorReason } : null,
    origin: row.origin,
  };
}
