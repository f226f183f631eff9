import { z } from 'zod';
import { formatDigitalLink, hasValidCheckDigit, type EpcisAction } from '@product-console/shared';

/** The event types the console's form writes; association events come from machine clients only. */
export const FORM_EVENT_TYPES = ['ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'TransformationEvent'] as const;
export type FormEventType = (typeof FORM_EVENT_TYPES)[number];

export interface TypedRow {
  type: string;
  value: string;
}

/**
 * What the add-event form holds. For a transformation, `serials`/`withQuantity`/`quantity`/`uom`
 * are its inputs and the `output…` fields its outputs; for an aggregation they are its children.
 */
export interface EventFormValues {
  eventType: FormEventType;
  action: EpcisAction;
  /** A `datetime-local` value: `2026-11-24T09:30`, with seconds `2026-11-24T09:30:15` (or milliseconds). */
  eventTime: string;
  /** `+01:00`. */
  timeZoneOffset: string;
  bizStep: string;
  disposition: string;
  readPoint: string;
  bizLocation: string;
  serials: string[];
  withQuantity: boolean;
  quantity: string;
  uom: string;
  parentId: string;
  outputSerials: string[];
  outputWithQuantity: boolean;
  outputQuantity: string;
  outputUom: string;
  bizTransactions: TypedRow[];
  sources: TypedRow[];
  destinations: TypedRow[];
}

const GS1_DOMAIN = 'id.gs1.org';

/** `https://id.gs1.org/01/{gtin14}/21/{serial}` (the serial percent-encoded). */
export const sgtinUri = (gtin: string, serial: string) => formatDigitalLink({ domain: GS1_DOMAIN, primary: { ai: '01', value: gtin }, qualifiers: [{ ai: '21', value: serial }] });
/** The product's class: `https://id.gs1.org/01/{gtin14}`. */
export const gtinClassUri = (gtin: string) => formatDigitalLink({ domain: GS1_DOMAIN, primary: { ai: '01', value: gtin }, qualifiers: [] });

const GLN = /^\d{13}$/;
const SSCC = /^\d{18}$/;
/** A URI: a scheme, a colon, something after it (`urn:epc:id:sgln:…`, `https://…`). */
const URI = /^[a-z][a-z0-9+.-]*:\S+$/i;
const OFFSET = /^[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00)$/;

/** A place typed as a GLN (13 digits) becomes its Digital Link; a URI is kept as typed. */
function locationUri(value: string): string {
  const text = value.trim();
  return GLN.test(text) ? formatDigitalLink({ domain: GS1_DOMAIN, primary: { ai: '414', value: text }, qualifiers: [] }) : text;
}

/** A party (owner, possessor) typed as a GLN becomes its party GLN Digital Link (AI 417). */
function partyUri(value: string): string {
  const text = value.trim();
  return GLN.test(text) ? formatDigitalLink({ domain: GS1_DOMAIN, primary: { ai: '417', value: text }, qualifiers: [] }) : text;
}

function parentUri(value: string): string {
  const text = value.trim();
  return SSCC.test(text) ? formatDigitalLink({ domain: GS1_DOMAIN, primary: { ai: '00', value: text }, qualifiers: [] }) : text;
}

const isGlnOrUri = (value: string) => {
  const text = value.trim();
  return text === '' || (GLN.test(text) ? hasValidCheckDigit(text) : URI.test(text));
};

/** The event's time as EPCIS writes it: the wall-clock time at its offset (`2026-11-24T09:30:00+01:00`). */
export function eventTimeText(values: Pick<EventFormValues, 'eventTime' | 'timeZoneOffset'>): string {
  const seconds = values.eventTime.length === 16 ? `${values.eventTime}:00` : values.eventTime;
  return `${seconds}${values.timeZoneOffset}`;
}

const needsParent = (values: Pick<EventFormValues, 'eventType' | 'action'>) => values.eventType === 'AggregationEvent' && values.action !== 'OBSERVE';

const typedRowSchema = z.object({ type: z.string(), value: z.string().trim().min(1) });

/**
 * The checks the form makes before building the event, worded as message ids: what the EPCIS
 * rules also refuse, but said about the form's own fields.
 */
export const eventFormSchema = z
  .object({
    eventType: z.enum(FORM_EVENT_TYPES),
    action: z.enum(['ADD', 'OBSERVE', 'DELETE']),
    eventTime: z.string().min(1),
    timeZoneOffset: z.string().regex(OFFSET, 'trace.form.error.offset'),
    bizStep: z.string(),
    disposition: z.string(),
    readPoint: z.string().refine(isGlnOrUri, 'trace.form.error.place'),
    bizLocation: z.string().refine(isGlnOrUri, 'trace.form.error.place'),
    serials: z.array(z.string()),
    withQuantity: z.boolean(),
    quantity: z.string(),
    uom: z.string().trim().regex(/^[A-Z0-9]{0,3}$/, 'trace.form.error.uom'),
    parentId: z.string(),
    outputSerials: z.array(z.string()),
    outputWithQuantity: z.boolean(),
    outputQuantity: z.string(),
    outputUom: z.string().trim().regex(/^[A-Z0-9]{0,3}$/, 'trace.form.error.uom'),
    bizTransactions: z.array(typedRowSchema),
    sources: z.array(typedRowSchema),
    destinations: z.array(typedRowSchema),
  })
  .superRefine((values, context) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(values.eventTime) || Number.isNaN(Date.parse(eventTimeText(values)))) {
      context.addIssue({ code: 'custom', path: ['eventTime'], message: 'form.required' });
    }
    const positive = (text: string) => Number.isFinite(Number(text)) && Number(text) > 0 && text.trim() !== '';
    if (values.withQuantity && !positive(values.quantity)) context.addIssue({ code: 'custom', path: ['quantity'], message: 'trace.form.error.quantity' });
    if (values.outputWithQuantity && !positive(values.outputQuantity)) {
      context.addIssue({ code: 'custom', path: ['outputQuantity'], message: 'trace.form.error.quantity' });
    }
    const hasInputs = values.serials.length > 0 || values.withQuantity;
    const hasOutputs = values.outputSerials.length > 0 || values.outputWithQuantity;
    if (values.eventType === 'TransformationEvent') {
      if (!hasInputs && !hasOutputs) context.addIssue({ code: 'custom', path: ['serials'], message: 'trace.form.error.transformation' });
    } else if (!hasInputs && !(values.eventType === 'AggregationEvent' && values.action === 'OBSERVE' && values.parentId.trim())) {
      context.addIssue({ code: 'custom', path: ['serials'], message: 'trace.form.error.objects' });
    }
    const parent = values.parentId.trim();
    if (needsParent(values) && !parent) context.addIssue({ code: 'custom', path: ['parentId'], message: 'form.required' });
    if (parent && !(SSCC.test(parent) ? hasValidCheckDigit(parent) : URI.test(parent))) {
      context.addIssue({ code: 'custom', path: ['parentId'], message: 'trace.form.error.parent' });
    }
    if (values.eventType === 'TransactionEvent' && values.bizTransactions.length === 0) {
      context.addIssue({ code: 'custom', path: ['bizTransactions'], message: 'trace.form.error.transactionNeeded' });
    }
    values.bizTransactions.forEach((row, index) => {
      if (row.value.trim() && !URI.test(row.value.trim())) context.addIssue({ code: 'custom', path: ['bizTransactions', index, 'value'], message: 'trace.form.error.uri' });
    });
    for (const list of ['sources', 'destinations'] as const) {
      values[list].forEach((row, index) => {
        if (row.value.trim() && !isGlnOrUri(row.value)) context.addIssue({ code: 'custom', path: [list, index, 'value'], message: 'trace.form.error.place' });
      });
    }
  });

function quantityOf(gtin: string, quantity: string, uom: string) {
  return { epcClass: gtinClassUri(gtin), quantity: Number(quantity), ...(uom.trim() ? { uom: uom.trim() } : {}) };
}

/**
 * The EPCIS 2.0 event (JSON, as `/epcis/events` takes it) the form describes: the product's
 * serials as SGTINs and its GTIN as the class, in GS1 Digital Link form; places typed as GLNs
 * as their Digital Links; CBV values by their short names.
 */
export function buildEpcisEvent(values: EventFormValues, gtin: string): Record<string, unknown> {
  const event: Record<string, unknown> = {
    type: values.eventType,
    eventTime: eventTimeText(values),
    eventTimeZoneOffset: values.timeZoneOffset,
  };
  const epcs = values.serials.map((serial) => sgtinUri(gtin, serial));
  const quantities = values.withQuantity ? [quantityOf(gtin, values.quantity, values.uom)] : [];
  switch (values.eventType) {
    case 'ObjectEvent':
      Object.assign(event, { action: values.action, epcList: epcs });
      if (quantities.length) event.quantityList = quantities;
      break;
    case 'AggregationEvent':
      event.action = values.action;
      if (values.parentId.trim()) event.parentID = parentUri(values.parentId);
      event.childEPCs = epcs;
      if (quantities.length) event.childQuantityList = quantities;
      break;
    case 'TransactionEvent':
      event.action = values.action;
      if (values.parentId.trim()) event.parentID = parentUri(values.parentId);
      event.epcList = epcs;
      if (quantities.length) event.quantityList = quantities;
      break;
    case 'TransformationEvent': {
      if (epcs.length) event.inputEPCList = epcs;
      if (quantities.length) event.inputQuantityList = quantities;
      const outputs = values.outputSerials.map((serial) => sgtinUri(gtin, serial));
      if (outputs.length) event.outputEPCList = outputs;
      if (values.outputWithQuantity) event.outputQuantityList = [quantityOf(gtin, values.outputQuantity, values.outputUom)];
      break;
    }
  }
  if (values.bizStep) event.bizStep = values.bizStep;
  if (values.disposition) event.disposition = values.disposition;
  if (values.readPoint.trim()) event.readPoint = { id: locationUri(values.readPoint) };
  if (values.bizLocation.trim()) event.bizLocation = { id: locationUri(values.bizLocation) };
  if (values.bizTransactions.length) {
    event.bizTransactionList = values.bizTransactions.map((row) => ({ ...(row.type ? { type: row.type } : {}), bizTransaction: row.value.trim() }));
  }
  const typed = (rows: TypedRow[], key: 'source' | 'destination') =>
    rows.map((row) => ({ type: row.type, [key]: row.type === 'location' ? locationUri(row.value) : partyUri(row.value) }));
  if (values.sources.length) event.sourceList = typed(values.sources, 'source');
  if (values.destinations.length) event.destinationList = typed(values.destinations, 'destination');
  return event;
}

/** The form field a part of the event stands for, by the event's own key. */
const FIELD_OF_KEY: Record<string, string> = {
  type: 'eventType',
  action: 'action',
  eventTime: 'eventTime',
  eventTimeZoneOffset: 'timeZoneOffset',
  bizStep: 'bizStep',
  disposition: 'disposition',
  readPoint: 'readPoint',
  bizLocation: 'bizLocation',
  parentID: 'parentId',
  epcList: 'serials',
  childEPCs: 'serials',
  inputEPCList: 'serials',
  quantityList: 'quantity',
  childQuantityList: 'quantity',
  inputQuantityList: 'quantity',
  outputEPCList: 'outputSerials',
  outputQuantityList: 'outputQuantity',
};
const ROW_LISTS: Record<string, string> = { bizTransactionList: 'bizTransactions', sourceList: 'sources', destinationList: 'destinations' };

/**
 * The form field a problem's location names: a JSON pointer of the EPCIS rules (`/epcList/0`,
 * `/bizTransactionList/1/bizTransaction`) or a path of the API's field errors (`epcList.0`);
 * null when it names nothing the form shows.
 */
export function fieldOfEventPath(path: string | undefined): string | null {
  if (!path) return null;
  const segments = path.split(/[/.]/).filter(Boolean);
  const start = segments.findIndex((segment) => segment in FIELD_OF_KEY || segment in ROW_LISTS);
  if (start === -1) return null;
  const key = segments[start]!;
  const list = ROW_LISTS[key];
  if (list) {
    const index = segments[start + 1];
    return index !== undefined && /^\d+$/.test(index) ? `${list}.${index}.value` : list;
  }
  const field = FIELD_OF_KEY[key]!;
  // A quantity list's entry may be wrong in its unit rather than its number.
  if ((field === 'quantity' || field === 'outputQuantity') && segments.includes('uom')) return field === 'quantity' ? 'uom' : 'outputUom';
  return field;
}

/** A new event: observed now, at the browser's offset, naming nothing yet. */
export function defaultEventValues(eventTime: string, offset: string): EventFormValues {
  return {
    eventType: 'ObjectEvent',
    action: 'OBSERVE',
    eventTime,
    timeZoneOffset: offset,
    bizStep: '',
    disposition: '',
    readPoint: '',
    bizLocation: '',
    serials: [],
    withQuantity: false,
    quantity: '1',
    uom: '',
    parentId: '',
    outputSerials: [],
    outputWithQuantity: false,
    outputQuantity: '1',
    outputUom: '',
    bizTransactions: [],
    sources: [],
    destinations: [],
  };
}
