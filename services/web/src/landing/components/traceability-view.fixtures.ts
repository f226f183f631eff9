import type { LandingTrace } from '@product-console/shared';
import type { TraceStep } from './traceability-view';

/** One step as the API gives the landing (no origin, sources, destinations or business transactions). */
export const traceStep = (overrides: Partial<TraceStep> = {}): TraceStep => ({
  eventId: 'urn:uuid:00000000-0000-4000-8000-000000000001',
  eventType: 'ObjectEvent',
  action: 'OBSERVE',
  eventTime: '2026-03-02T08:15:00.000+01:00',
  eventTimeZoneOffset: '+01:00',
  recordTime: '2026-03-02T08:16:00.000Z',
  bizStep: null,
  disposition: null,
  readPoint: null,
  bizLocation: null,
  epcs: ['https://id.gs1.org/01/00614142000017/21/SN-1'],
  parentId: null,
  quantities: [],
  sensorReadings: [],
  errorDeclaration: null,
  ...overrides,
});

const FACTORY = 'https://id.gs1.org/414/4012345000009';
const DC = 'https://id.gs1.org/414/4012345000016';
const SHOP = 'https://id.gs1.org/414/4012345000023/254/7';

/**
 * Acme's demo-like journey of serial SN-1: made in the factory in Milan (+01:00), packed into a case (an
 * aggregation), shipped cold with temperature readings between 2.1 and 5.8 °C, received at the distribution
 * centre in Seoul (+09:00), put on sale in a shop, sold.
 */
export const demoJourney = (): LandingTrace => ({
  serial: 'SN-1',
  total: 6,
  steps: [
    traceStep({
      eventId: 'ev-commissioning',
      action: 'ADD',
      eventTime: '2026-03-02T08:15:00.000+01:00',
      eventTimeZoneOffset: '+01:00',
      bizStep: 'commissioning',
      disposition: 'active',
      readPoint: FACTORY,
      bizLocation: FACTORY,
    }),
    traceStep({
      eventId: 'ev-packing',
      eventType: 'AggregationEvent',
      action: 'ADD',
      eventTime: '2026-03-02T09:40:00.000+01:00',
      eventTimeZoneOffset: '+01:00',
      bizStep: 'packing',
      disposition: 'in_progress',
      readPoint: 'urn:epc:id:sgln:4012345.00000.0',
      parentId: 'https://id.gs1.org/00/106141412345678908',
    }),
    traceStep({
      eventId: 'ev-shipping',
      eventTime: '2026-03-03T06:00:00.000+01:00',
      eventTimeZoneOffset: '+01:00',
      bizStep: 'shipping',
      disposition: 'in_transit',
      readPoint: FACTORY,
      sensorReadings: [
        { type: 'gs1:Temperature', value: 4.2, minValue: null, maxValue: null, uom: 'CEL', time: '2026-03-03T06:00:00.000+01:00' },
        { type: 'gs1:Temperature', value: null, minValue: 2.1, maxValue: 5.8, uom: 'CEL', time: '2026-03-04T06:00:00.000+01:00' },
        { type: 'RelativeHumidity', value: 55, minValue: null, maxValue: null, uom: 'P1', time: '2026-03-04T06:00:00.000+01:00' },
      ],
    }),
    traceStep({
      eventId: 'ev-receiving',
      eventTime: '2026-03-09T14:30:00.000+09:00',
      eventTimeZoneOffset: '+09:00',
      bizStep: 'receiving',
      disposition: 'sellable_not_accessible',
      readPoint: DC,
      bizLocation: DC,
    }),
    traceStep({
      eventId: 'ev-stocking',
      eventTime: '2026-03-10T10:00:00.000+09:00',
      eventTimeZoneOffset: '+09:00',
      bizStep: 'stocking',
      disposition: 'sellable_accessible',
      bizLocation: SHOP,
    }),
    traceStep({
      eventId: 'ev-selling',
      eventTime: '2026-03-12T18:05:00.000+09:00',
      eventTimeZoneOffset: '+09:00',
      bizStep: 'retail_selling',
      disposition: 'retail_sold',
      readPoint: SHOP,
    }),
  ],
});

/** A journey with a withdrawn (error-declared) step: the brand declared the damage record did not happen. */
export const journeyWithWithdrawal = (): LandingTrace => ({
  serial: null,
  total: 2,
  steps: [
    traceStep({ eventId: 'ev-made', action: 'ADD', bizStep: 'urn:epcglobal:cbv:bizstep:commissioning', disposition: 'active', readPoint: FACTORY }),
    traceStep({
      eventId: 'ev-damaged',
      eventTime: '2026-03-04T11:00:00.000-05:00',
      eventTimeZoneOffset: '-05:00',
      bizStep: 'inspecting',
      disposition: 'damaged',
      readPoint: DC,
      errorDeclaration: { declarationTime: '2026-03-05T09:00:00.000Z', reason: 'did_not_occur' },
    }),
  ],
});

/** The last steps of a long journey: `total` counts the ones not sent; one step is an extension the CBV has no word for. */
export const longJourneyTail = (): LandingTrace => ({
  serial: 'SN-9',
  total: 57,
  steps: [
    traceStep({ eventId: 'ev-ext', bizStep: 'https://acme.example/voc/polishing', disposition: 'https://acme.example/voc/shiny', readPoint: 'Line 4' }),
    traceStep({ eventId: 'ev-arrived', bizStep: 'arriving', eventTimeZoneOffset: '+00:00', eventTime: '2026-03-20T12:00:00.000Z' }),
  ],
});

/** A traced product nothing has happened to yet. */
export const emptyJourney = (): LandingTrace => ({ serial: 'SN-2', total: 0, steps: [] });

/**
 * The demo journey with the brand's places (decision 081): the factory in Milan and the distribution centre in
 * Seoul with coordinates, the shop without (listed, not drawn).
 */
export const journeyWithPlaces = (): LandingTrace => ({
  ...demoJourney(),
  places: [
    { identifier: FACTORY, name: 'Acme factory', city: 'Milan', region: null, countryCode: 'IT', latitude: 45.46, longitude: 9.19 },
    { identifier: DC, name: 'Seoul distribution centre', city: 'Seoul', region: 'KR-11', countryCode: 'KR', latitude: 37.57, longitude: 126.98 },
    { identifier: SHOP, name: 'Gangnam shop', city: null, region: null, countryCode: 'KR', latitude: null, longitude: null },
  ],
});
