import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import {
  canonicalIdentifier,
  gs1KeyOf,
  normalizeBizStep,
  normalizeDisposition,
  normalizeErrorReason,
  normalizeMeasurementType,
  type Design,
  type LandingProductInfo,
  type LandingTrace,
  type PlaceSummary,
} from '@product-console/shared';
import { AlertIcon, BoxIcon, CheckIcon, ToolIcon } from '@/components/icons';
import { JourneyMap } from '@/components/journey-map';
import { journeyPlaces, placeWhere } from '@/lib/map/journey-places';
import type enMessages from '@/locales/en.json';
import { LandingFrame } from './landing-frame';
import { muted } from './product-landing';

/*
 * The traceability view (issue 17): the journey of the scanned item (or of the product) as the API gives it in
 * `trace` — at most the last 50 EPCIS events, oldest first — told in plain words. Server-rendered like the other
 * views, no script: an ordered list of steps, each with an icon for its kind, the step in the shopper's words
 * (`landing.traceability.step.*`, else the CBV word `cbv.bizStep.*`, else 'Recorded'), the place by its name, town
 * and country when the brand keeps it (else its GLN), with a small map of the journey above the steps (decision 081), the
 * date in the UI language and the event's own time zone, the disposition when it says something the step does
 * not, a one-line sensor summary, and a withdrawn (error-declared) step struck through with its reason.
 */

export type TraceStep = LandingTrace['steps'][number];

export interface TraceabilityViewProps {
  trace: LandingTrace;
  product: LandingProductInfo;
  design: Design;
  language: string;
  backHref: string;
  draft?: boolean;
  frame?: boolean;
}

/* ---------- Words of the vocabularies ---------- */

/** The short name of a step in any of its spellings (`urn:epcglobal:cbv:bizstep:shipping` → `shipping`); an extension URI as given. */
const stepName = (bizStep: string | null) => (bizStep ? (normalizeBizStep(bizStep) ?? bizStep) : null);

type MessageId = keyof typeof enMessages;

/** A message when the catalogue has it, else undefined (an extension URI has no words). */
function known(intl: IntlShape, id: string, values?: Record<string, string | number>): string | undefined {
  return id in intl.messages ? intl.formatMessage({ id: id as MessageId }, values) : undefined;
}

/** The step in the shopper's words: the journey's plain form, else the CBV word, else 'Recorded'. */
export function stepWords(intl: IntlShape, bizStep: string | null): string {
  const step = stepName(bizStep);
  return (
    (step && (known(intl, `landing.traceability.step.${step}`) ?? known(intl, `cbv.bizStep.${step}`))) ??
    intl.formatMessage({ id: 'landing.traceability.step.recorded' })
  );
}

/*
 * Dispositions that only repeat what the step already says (a shipped item is in transit, a sold one is sold),
 * or say nothing to a shopper (in progress, unknown): not shown.
 */
const SAID_BY_STEP: Record<string, readonly string[]> = {
  commissioning: ['active', 'encoded'],
  creating_class_instance: ['active'],
  encoding: ['encoded'],
  shipping: ['in_transit'],
  departing: ['in_transit'],
  transporting: ['in_transit'],
  loading: ['in_transit'],
  consigning: ['in_transit'],
  stocking: ['sellable_accessible'],
  retail_selling: ['retail_sold'],
  destroying: ['destroyed'],
  dispensing: ['dispensed', 'partially_dispensed'],
  packing: ['container_closed'],
  unpacking: ['container_open'],
};
const SAYS_NOTHING = new Set(['in_progress', 'unknown']);

/** The disposition's words when they add to the step's, else null. */
export function dispositionWords(intl: IntlShape, bizStep: string | null, disposition: string | null): string | null {
  if (!disposition) return null;
  const value = normalizeDisposition(disposition) ?? disposition;
  const step = stepName(bizStep) ?? '';
  if (SAYS_NOTHING.has(value) || SAID_BY_STEP[step]?.includes(value)) return null;
  return known(intl, `cbv.disposition.${value}`) ?? null;
}

/* ---------- Places ---------- */

/**
 * A read point or business location in a short readable form: `GLN 4012345000009` (with its extension,
 * `GLN 4012345000009 · 12`) from a Digital Link (`…/414/{gln}[/254/{ext}]`) or an SGLN URN
 * (`urn:epc:id:sgln:4012345.00000.12`); any other identifier as written.
 */
export function placeLabel(value: string): string {
  const key = gs1KeyOf(value);
  if (key?.ai !== '414') return value.trim();
  const extension = key.qualifiers.find((qualifier) => qualifier.ai === '254')?.value;
  return extension && extension !== '0' ? `GLN ${key.value} · ${extension}` : `GLN ${key.value}`;
}

/** The place of a step as the shopper reads it: `Hamburg distribution centre, Hamburg, Germany`, else its GLN. */
export function stepPlaceWords(locale: string, identifier: string, places: ReadonlyMap<string, PlaceSummary>): string {
  const place = places.get(canonicalIdentifier(identifier));
  if (!place) return placeLabel(identifier);
  const where = placeWhere(locale, place);
  return where ? `${place.name}, ${where}` : place.name;
}

/* ---------- Dates in the event's own time zone ---------- */

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** `+02:00` → `UTC+2`, `+05:30` → `UTC+5:30`, `-04:00` → `UTC−4`, `+00:00` → `UTC`. */
export function zoneLabel(offset: string): string {
  const match = OFFSET.exec(offset);
  if (!match) return 'UTC';
  const [, sign, hours, minutes] = match;
  const h = Number(hours);
  const m = Number(minutes);
  if (h === 0 && m === 0) return 'UTC';
  return `UTC${sign === '-' ? '−' : '+'}${h}${m ? `:${minutes}` : ''}`;
}

/**
 * The event's time as read where it happened: the instant shifted by its own offset and formatted as UTC
 * (Intl does not take `+02:00` as a time zone everywhere), followed by the zone.
 */
export function eventTimeWords(intl: IntlShape, eventTime: string, offset: string): string {
  const instant = Date.parse(eventTime);
  if (Number.isNaN(instant)) return eventTime;
  const match = OFFSET.exec(offset);
  const shift = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
  const when = intl.formatDate(instant + shift, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return `${when} (${zoneLabel(match ? offset : '+00:00')})`;
}

/* ---------- Sensor summary ---------- */

/** UN/CEFACT Rec. 20 codes of the usual sensor units, as people write them; other codes are shown as given. */
const UNITS: Record<string, string> = {
  CEL: '°C',
  FAH: '°F',
  KEL: 'K',
  P1: '%',
  LUX: 'lx',
  PAL: 'Pa',
  KPA: 'kPa',
  A97: 'hPa',
  MBR: 'mbar',
  BAR: 'bar',
  GRM: 'g',
  KGM: 'kg',
  MTR: 'm',
  CMT: 'cm',
  MMT: 'mm',
  MTS: 'm/s',
  KMH: 'km/h',
  A93: 'g/m³',
  '59': 'ppm',
  '2N': 'dB',
  HTZ: 'Hz',
  VLT: 'V',
  AMP: 'A',
  WTT: 'W',
  SEC: 's',
  MIN: 'min',
  HUR: 'h',
  LTR: 'l',
  MTQ: 'm³',
};

export interface SensorSummary {
  type: string;
  unit: string;
  min: number;
  max: number;
}

/** Per measurement type and unit, the lowest and highest reading of a step (its min/max values where given). */
export function summariseSensors(readings: TraceStep['sensorReadings']): SensorSummary[] {
  const groups = new Map<string, SensorSummary>();
  for (const reading of readings) {
    const low = reading.minValue ?? reading.value;
    const high = reading.maxValue ?? reading.value;
    if (low === null && high === null) continue;
    const type = normalizeMeasurementType(reading.type) ?? reading.type;
    const unit = reading.uom ? (UNITS[reading.uom] ?? reading.uom) : '';
    const key = `${type}\u0000${unit}`;
    const lowest = Math.min(low ?? Infinity, high ?? Infinity);
    const highest = Math.max(low ?? -Infinity, high ?? -Infinity);
    const group = groups.get(key);
    if (group) {
      group.min = Math.min(group.min, lowest);
      group.max = Math.max(group.max, highest);
    } else {
      groups.set(key, { type, unit, min: lowest, max: highest });
    }
  }
  return [...groups.values()];
}

function sensorWords(intl: IntlShape, summary: SensorSummary): string {
  const measurement = known(intl, `cbv.measurement.${summary.type}`) ?? intl.formatMessage({ id: 'landing.traceability.sensor.reading' });
  const number = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 1 });
  // A no-break space: a value never parts from its unit at the end of a line.
  const unit = (text: string) => (summary.unit ? `${text}\u00a0${summary.unit}` : text);
  if (number(summary.min) === number(summary.max)) {
    return intl.formatMessage({ id: 'landing.traceability.sensor.value' }, { measurement, value: unit(number(summary.min)) });
  }
  return intl.formatMessage({ id: 'landing.traceability.sensor.range' }, { measurement, min: number(summary.min), max: unit(number(summary.max)) });
}

/* ---------- Icons: one per kind of step ---------- */

function Line({ paths }: { paths: string[] }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const FactoryIcon = () => <Line paths={['M3 21V10l5 3v-3l5 3v-3l5 3V4h3v17z', 'M7 17h2', 'M12 17h2']} />;
const TruckIcon = () => <Line paths={['M2 6h12v10H2z', 'M14 10h4l3 3v3h-7', 'M6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z', 'M17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z']} />;
const WarehouseIcon = () => <Line paths={['M3 21V9l9-5 9 5v12', 'M7 21v-8h10v8', 'M7 17h10']} />;
const ShopIcon = () => <Line paths={['M5 8h14l-1 13H6z', 'M9 8V6a3 3 0 0 1 6 0v2']} />;
const ThermometerIcon = () => <Line paths={['M14 14.8V4a2 2 0 0 0-4 0v10.8a4 4 0 1 0 4 0z', 'M12 17v-5']} />;
const EndIcon = () => <Line paths={['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M15 9l-6 6', 'M9 9l6 6']} />;
const DotIcon = () => <Line paths={['M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z']} />;

type StepKind = 'made' | 'packed' | 'moved' | 'arrived' | 'checked' | 'sold' | 'sensor' | 'repaired' | 'ended' | 'other';

const KINDS: Record<StepKind, readonly string[]> = {
  made: ['commissioning', 'creating_class_instance', 'assembling', 'encoding', 'installing'],
  packed: ['packing', 'repackaging', 'unpacking', 'picking', 'staging_outbound', 'loading', 'unloading', 'disassembling'],
  moved: ['shipping', 'departing', 'transporting', 'consigning', 'collecting'],
  arrived: ['arriving', 'receiving', 'accepting', 'storing', 'holding', 'entering_exiting', 'cycle_counting', 'stock_taking'],
  checked: ['inspecting', 'sampling'],
  sold: ['stocking', 'retail_selling', 'dispensing'],
  sensor: ['sensor_reporting'],
  repaired: ['repairing', 'replacing', 'removing'],
  ended: ['destroying', 'decommissioning', 'killing', 'void_shipping'],
  other: [],
};

export function stepKind(bizStep: string | null): StepKind {
  const step = stepName(bizStep) ?? '';
  for (const [kind, steps] of Object.entries(KINDS) as [StepKind, readonly string[]][]) if (steps.includes(step)) return kind;
  return 'other';
}

const KIND_ICONS: Record<StepKind, () => ReactNode> = {
  made: FactoryIcon,
  packed: () => <BoxIcon size={20} />,
  moved: TruckIcon,
  arrived: WarehouseIcon,
  checked: () => <CheckIcon size={20} />,
  sold: ShopIcon,
  sensor: ThermometerIcon,
  repaired: () => <ToolIcon size={20} />,
  ended: EndIcon,
  other: DotIcon,
};

/* ---------- Layout ---------- */

const Intro = styled.p<{ $fg: string }>`
  margin: 0;
  color: ${({ $fg }) => muted($fg, 80)};
  overflow-wrap: anywhere;
  strong { color: ${({ $fg }) => $fg}; }
`;

const Steps = styled.ol<{ $fg: string }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  > li {
    position: relative;
    display: grid;
    grid-template-columns: 36px minmax(0, 1fr);
    column-gap: 12px;
    padding-bottom: 18px;
  }
  /* The line joining one step's mark to the next. */
  > li:not(:last-child)::before {
    content: '';
    position: absolute;
    inset-inline-start: 17px;
    top: 38px;
    bottom: 2px;
    border-inline-start: 2px solid ${({ $fg }) => muted($fg, 18)};
  }
  h2 { margin: 0; font-size: 17px; line-height: 1.3; }
  p { margin: 2px 0 0; overflow-wrap: anywhere; }
  .mark {
    display: flex;
    align-items: center;
    justify-content: center;
    width: 36px;
    height: 36px;
    border-radius: 50%;
    background: ${({ $fg }) => muted($fg, 8)};
    border: 1px solid ${({ $fg }) => muted($fg, 22)};
  }
  .when, .where { color: ${({ $fg }) => muted($fg, 72)}; font-size: 14px; }
  .status { font-weight: 600; }
  .sensor {
    display: inline-block;
    margin-top: 6px;
    padding: 4px 10px;
    border-radius: 10px;
    font-size: 14px;
    background: ${({ $fg }) => muted($fg, 8)};
  }
  .withdrawn-step h2 s, .withdrawn-step .struck { text-decoration: line-through; text-decoration-thickness: 2px; }
  .withdrawn-step .mark { border-style: dashed; }
  .withdrawn { font-weight: 600; }
`;

const Earlier = styled.p<{ $fg: string }>`
  margin: 0;
  padding-inline-start: 48px;
  color: ${({ $fg }) => muted($fg, 70)};
  font-style: italic;
`;

const Empty = styled.p<{ $fg: string }>`
  margin: 0;
  padding: 24px 16px;
  border: 1px dashed ${({ $fg }) => muted($fg, 45)};
  border-radius: 12px;
  text-align: center;
  color: ${({ $fg }) => muted($fg, 75)};
`;

function Step({ step, places }: { step: TraceStep; places: ReadonlyMap<string, PlaceSummary> }) {
  const intl = useIntl();
  const kind = stepKind(step.bizStep);
  const words = stepWords(intl, step.bizStep);
  const status = dispositionWords(intl, step.bizStep, step.disposition);
  // The place the brand names, the business location first (where the item is), else the read point.
  const place = [step.bizLocation, step.readPoint].find((identifier) => identifier && places.has(canonicalIdentifier(identifier))) ?? step.readPoint ?? step.bizLocation;
  const sensors = summariseSensors(step.sensorReadings);
  const withdrawn = step.errorDeclaration;
  const reason = withdrawn?.reason ? known(intl, `cbv.errorReason.${normalizeErrorReason(withdrawn.reason) ?? withdrawn.reason}`) : undefined;
  return (
    <li className={withdrawn ? 'withdrawn-step' : undefined} data-testid="trace-step" data-kind={kind}>
      <span className="mark">{withdrawn ? <AlertIcon size={20} /> : KIND_ICONS[kind]()}</span>
      <div>
        <h2>{withdrawn ? <s>{words}</s> : words}</h2>
        <p className={withdrawn ? 'when struck' : 'when'}>
          <time dateTime={step.eventTime}>{eventTimeWords(intl, step.eventTime, step.eventTimeZoneOffset)}</time>
        </p>
        {place ? (
          <p className={withdrawn ? 'where struck' : 'where'}>{intl.formatMessage({ id: 'landing.traceability.place' }, { place: stepPlaceWords(intl.locale, place, places) })}</p>
        ) : null}
        {status ? (
          <p className={withdrawn ? 'status struck' : 'status'} data-testid="trace-status">
            {status}
          </p>
        ) : null}
        {sensors.map((summary) => (
          <p key={`${summary.type}-${summary.unit}`} className={withdrawn ? 'sensor struck' : 'sensor'} data-testid="trace-sensor">
            {sensorWords(intl, summary)}
          </p>
        ))}
        {withdrawn ? (
          <p className="withdrawn" data-testid="trace-withdrawn">
            {reason
              ? intl.formatMessage({ id: 'landing.traceability.withdrawn' }, { reason })
              : intl.formatMessage({ id: 'landing.traceability.withdrawnNoReason' })}
          </p>
        ) : null}
      </div>
    </li>
  );
}

export function TraceabilityView({ trace, product, design, language, backHref, draft, frame }: TraceabilityViewProps) {
  const intl = useIntl();
  const fg = design.page.textColor;
  const earlier = Math.max(0, trace.total - trace.steps.length);
  const places = new Map((trace.places ?? []).map((place) => [place.identifier, place]));
  const visited = journeyPlaces(trace.steps, trace.places);
  return (
    <LandingFrame
      design={design}
      product={product}
      language={language}
      backHref={backHref}
      view="traceability"
      heading={<FormattedMessage id="landing.traceability.title" />}
      draft={draft}
      frame={frame}
    >
      <Intro $fg={fg} lang={intl.locale} data-testid="trace-intro">
        {trace.serial ? (
          <FormattedMessage id="landing.traceability.introSerial" values={{ serial: <strong key="serial">{trace.serial}</strong> }} />
        ) : (
          <FormattedMessage id="landing.traceability.introProduct" />
        )}
      </Intro>
      {visited.length > 0 ? (
        <JourneyMap
          places={visited}
          locale={intl.locale}
          title={intl.formatMessage({ id: 'landing.traceability.map' })}
          colours={{ land: muted(fg, 14), border: muted(fg, 35), accent: design.button.color, onAccent: design.button.textColor, water: muted(fg, 4) }}
          width={360}
          height={220}
          testId="trace-map"
        />
      ) : null}
      {earlier > 0 ? (
        <Earlier $fg={fg} lang={intl.locale} data-testid="trace-earlier">
          <FormattedMessage id="landing.traceability.earlier" values={{ count: earlier }} />
        </Earlier>
      ) : null}
      {trace.steps.length === 0 ? (
        <Empty $fg={fg} lang={intl.locale} data-testid="trace-empty">
          <FormattedMessage id="landing.traceability.empty" />
        </Empty>
      ) : (
        <Steps $fg={fg} lang={intl.locale} aria-label={intl.formatMessage({ id: 'landing.traceability.listLabel' })} data-testid="landing-trace">
          {trace.steps.map((step) => (
            <Step key={step.eventId} step={step} places={places} />
          ))}
        </Steps>
      )}
    </LandingFrame>
  );
}
