/*
 * `GS1-EPC-Format` of the EPCIS 2.0 query interface: the identifiers of an event as the client
 * asks for them. `Always_GS1_Digital_Link` gives canonical Digital Link URIs, `Always_EPC_URN`
 * EPC URNs where the company prefix length is known (else the Digital Link form stays),
 * `No_Preference` / `Never_Translates` the event as stored.
 */
import { canonicalClass, canonicalIdentifier, toEpcUrn } from './identifiers.js';

export const GS1_EPC_FORMATS = ['No_Preference', 'Always_GS1_Digital_Link', 'Always_EPC_URN', 'Never_Translates'] as const;
export type Gs1EpcFormat = (typeof GS1_EPC_FORMATS)[number];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Converts every identifier of an event (epcs, parentID, classes, read point, business location, sources, destinations). */
export function formatEventIdentifiers(event: Record<string, unknown>, format: string, prefixLength: (key: string) => number | null): Record<string, unknown> {
  let convert: (value: string) => string;
  let convertClass: (value: string) => string;
  if (format === 'Always_GS1_Digital_Link') {
    convert = canonicalIdentifier;
    convertClass = canonicalClass;
  } else if (format === 'Always_EPC_URN') {
    convert = (value) => toEpcUrn(canonicalIdentifier(value), prefixLength);
    convertClass = (value) => toEpcUrn(canonicalClass(value), prefixLength);
  } else return event;

  const list = (value: unknown, fn: (value: string) => string) => (Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? fn(item) : item)) : value);
  const quantities = (value: unknown) =>
    Array.isArray(value) ? value.map((entry) => (isObject(entry) && typeof entry.epcClass === 'string' ? { ...entry, epcClass: convertClass(entry.epcClass) } : entry)) : value;
  const location = (value: unknown) => (isObject(value) && typeof value.id === 'string' ? { ...value, id: convert(value.id) } : value);
  const typed = (value: unknown, field: string) =>
    Array.isArray(value) ? value.map((entry) => (isObject(entry) && typeof entry[field] === 'string' ? { ...entry, [field]: convert(entry[field]) } : entry)) : value;

  const result: Json = { ...event };
  for (const key of ['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList']) if (key in result) result[key] = list(result[key], convert);
  for (const key of ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList']) if (key in result) result[key] = quantities(result[key]);
  if (typeof result.parentID === 'string') result.parentID = convert(result.parentID);
  if ('readPoint' in result) result.readPoint = location(result.readPoint);
  if ('bizLocation' in result) result.bizLocation = location(result.bizLocation);
  if ('sourceList' in result) result.sourceList = typed(result.sourceList, 'source');
  if ('destinationList' in result) result.destinationList = typed(result.destinationList, 'destination');
  return result;
}
