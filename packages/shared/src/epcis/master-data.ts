import { isUri, EPCIS_VALIDATION_EXCEPTION, type EpcisProblem } from './validate.js';

/*
 * EPCIS 2.0 master data of locations (decision 081): `epcisHeader.epcisMasterData.vocabularyList`
 * of a captured document, its ReadPoint and BusinessLocation vocabularies read into elements with
 * their attributes by CBV short name (`name`, `city`, `countryCode`, `sst`…) and their children.
 * Other vocabulary types (EPCClass, parties) are left aside: the repository keeps places only.
 */

export const READ_POINT_VTYPE = 'urn:epcglobal:epcis:vtype:ReadPoint';
export const BUSINESS_LOCATION_VTYPE = 'urn:epcglobal:epcis:vtype:BusinessLocation';
export const LOCATION_VTYPES: readonly string[] = [READ_POINT_VTYPE, BUSINESS_LOCATION_VTYPE];

/** The CBV 2.0 location master-data attributes (CBV § 10), by short name. */
export const CBV_LOCATION_ATTRIBUTES = [
  'name',
  'streetAddressOne',
  'streetAddressTwo',
  'streetAddressThree',
  'city',
  'state',
  'postalCode',
  'countryCode',
  'latitude',
  'longitude',
  'site',
  'sst',
  'ssa',
  'ssd',
  'sla',
] as const;

/** Elements one document may carry, attributes one element, children one element. */
export const MASTER_DATA_ELEMENTS_MAX = 10_000;
export const MASTER_DATA_ATTRIBUTES_MAX = 200;
export const MASTER_DATA_CHILDREN_MAX = 1_000;
export const MASTER_DATA_VALUE_MAX = 2_000;

const CBV_ATTRIBUTE_PREFIXES = ['urn:epcglobal:cbv:mda#', 'urn:epcglobal:cbv:mda:', 'cbvmda:', 'https://ref.gs1.org/cbv/mda/', 'https://ref.gs1.org/cbv/mda#'];
const CBV_ATTRIBUTE_SET: ReadonlySet<string> = new Set(CBV_LOCATION_ATTRIBUTES);

/**
 * The key an attribute is kept and queried by: the CBV short name for a CBV master-data attribute
 * in any of its spellings (`urn:epcglobal:cbv:mda#city`, `urn:epcglobal:cbv:mda:city`, `cbvmda:city`,
 * `city`), else the attribute's URI as given.
 */
export function masterDataAttributeKey(id: string): string {
  const text = id.trim();
  for (const prefix of CBV_ATTRIBUTE_PREFIXES) {
    if (text.startsWith(prefix)) {
      const rest = text.slice(prefix.length);
      return CBV_ATTRIBUTE_SET.has(rest) || /^[A-Za-z][\w]*$/.test(rest) ? rest : text;
    }
  }
  return text;
}

/** The attribute's id as written back in master data: `cbvmda:` (the standard context's prefix) for CBV attributes, else its URI. */
export function masterDataAttributeId(key: string): string {
  return CBV_ATTRIBUTE_SET.has(key) ? `cbvmda:${key}` : key;
}

export interface LocationElement {
  vocabularyType: string;
  /** The element's id as captured (an SGLN URN, a Digital Link URI or another URI). */
  id: string;
  /** Attributes by key (see masterDataAttributeKey); an attribute given several times keeps a list. */
  attributes: Record<string, unknown>;
  children: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const problem = (pointer: string, detail: string): EpcisProblem => ({ type: EPCIS_VALIDATION_EXCEPTION, title: 'Invalid EPCIS master data', status: 400, detail, pointer });

/**
 * The location elements of a document's `epcisHeader` (none without master data), or the problems
 * of its master data (pointers within the document). Values are strings, numbers or objects, as the
 * standard's schema allows; strings are bounded.
 */
export function readLocationMasterData(header: unknown): { elements: LocationElement[]; problems: EpcisProblem[] } {
  const elements: LocationElement[] = [];
  const problems: EpcisProblem[] = [];
  if (!isObject(header) || header.epcisMasterData === undefined) return { elements, problems };
  const base = '/epcisHeader/epcisMasterData';
  const masterData = header.epcisMasterData;
  if (!isObject(masterData)) return { elements, problems: [problem(base, 'epcisMasterData must be an object with a vocabularyList')] };
  const list = masterData.vocabularyList;
  if (list === undefined) return { elements, problems };
  if (!Array.isArray(list)) return { elements, problems: [problem(`${base}/vocabularyList`, 'vocabularyList must be a list of vocabularies')] };
  let count = 0;
  list.forEach((vocabulary, v) => {
    const at = `${base}/vocabularyList/${v}`;
    if (!isObject(vocabulary) || typeof vocabulary.type !== 'string' || !isUri(vocabulary.type)) {
      problems.push(problem(at, 'a vocabulary is an object with a type URI and a vocabularyElementList'));
      return;
    }
    const items = vocabulary.vocabularyElementList ?? [];
    if (!Array.isArray(items)) {
      problems.push(problem(`${at}/vocabularyElementList`, 'vocabularyElementList must be a list'));
      return;
    }
    if (!LOCATION_VTYPES.includes(vocabulary.type)) return;
    items.forEach((item, e) => {
      const where = `${at}/vocabularyElementList/${e}`;
      count += 1;
      if (count > MASTER_DATA_ELEMENTS_MAX) {
        if (count === MASTER_DATA_ELEMENTS_MAX + 1) problems.push(problem(where, `a document may carry at most ${MASTER_DATA_ELEMENTS_MAX} location elements`));
        return;
      }
      const element = readElement(item, where, problems);
      if (element) elements.push({ vocabularyType: vocabulary.type as string, ...element });
    });
  });
  return { elements, problems };
}

function readElement(item: unknown, where: string, problems: EpcisProblem[]): Omit<LocationElement, 'vocabularyType'> | null {
  if (!isObject(item) || typeof item.id !== 'string' || !isUri(item.id) || item.id.length > MASTER_DATA_VALUE_MAX) {
    problems.push(problem(where, 'a vocabulary element needs an id URI'));
    return null;
  }
  const attributes: Record<string, unknown> = {};
  const given = item.attributes ?? [];
  if (!Array.isArray(given) || given.length > MASTER_DATA_ATTRIBUTES_MAX) {
    problems.push(problem(`${where}/attributes`, `attributes must be a list of at most ${MASTER_DATA_ATTRIBUTES_MAX} {id, attribute}`));
    return null;
  }
  for (const [a, attribute] of given.entries()) {
    const value = isObject(attribute) ? attribute.attribute : undefined;
    const valid =
      isObject(attribute) &&
      typeof attribute.id === 'string' &&
      attribute.id.length <= MASTER_DATA_VALUE_MAX &&
      (typeof value === 'number' || (typeof value === 'string' && value.length <= MASTER_DATA_VALUE_MAX) || isObject(value) || value === undefined);
    if (!valid) {
      problems.push(problem(`${where}/attributes/${a}`, `an attribute is {id, attribute} with a string (at most ${MASTER_DATA_VALUE_MAX} characters), number or object value`));
      return null;
    }
    const key = masterDataAttributeKey(attribute.id as string);
    const kept = value === undefined ? '' : value;
    // The XML binding repeats an attribute for a list of values: kept as a list.
    attributes[key] = key in attributes ? [...(Array.isArray(attributes[key]) ? (attributes[key] as unknown[]) : [attributes[key]]), kept] : kept;
  }
  const children = item.children ?? [];
  if (!Array.isArray(children) || children.length > MASTER_DATA_CHILDREN_MAX || !children.every((child) => typeof child === 'string' && isUri(child) && child.length <= MASTER_DATA_VALUE_MAX)) {
    problems.push(problem(`${where}/children`, `children must be a list of at most ${MASTER_DATA_CHILDREN_MAX} URIs`));
    return null;
  }
  return { id: item.id, attributes, children: children as string[] };
}
