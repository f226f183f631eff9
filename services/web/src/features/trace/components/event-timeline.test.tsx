import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { PlaceSummary, TraceEvent } from '@product-console/shared';
import { renderWithProviders } from '@/testing/test-utils';
import { EventTimeline } from '@/features/trace/components/event-timeline';

const GTIN = '09506000134352';

function event(overrides: Partial<TraceEvent>): TraceEvent {
  return {
    eventId: 'ni:///sha-256;1',
    eventType: 'ObjectEvent',
    action: 'OBSERVE',
    eventTime: '2026-11-20T09:30:00.000Z',
    eventTimeZoneOffset: '+01:00',
    recordTime: '2026-11-20T09:31:00.000Z',
    bizStep: null,
    disposition: null,
    readPoint: null,
    bizLocation: null,
    epcs: [],
    parentId: null,
    quantities: [],
    bizTransactions: [],
    sources: [],
    destinations: [],
    sensorReadings: [],
    errorDeclaration: null,
    origin: 'console',
    ...overrides,
  };
}

const shipping = event({
  eventId: 'ship',
  bizStep: 'shipping',
  disposition: 'in_transit',
  readPoint: 'https://id.gs1.org/414/9521234000006',
  bizLocation: 'https://id.gs1.org/414/9521234000006/254/3',
  epcs: [`https://id.gs1.org/01/${GTIN}/21/S-1`, `https://id.gs1.org/01/${GTIN}/21/S-2`],
  bizTransactions: [{ type: 'po', value: 'urn:epcglobal:cbv:bt:9521234000006:PO-4711' }],
  sources: [{ type: 'owning_party', value: 'https://id.gs1.org/417/9521234000006' }],
  destinations: [{ type: 'location', value: 'https://id.gs1.org/414/9521234000013' }],
  sensorReadings: [
    { type: 'Temperature', value: 4.5, minValue: null, maxValue: null, uom: 'CEL', time: '2026-11-20T10:00:00.000Z' },
    { type: 'Temperature', value: 5.1, minValue: null, maxValue: null, uom: 'CEL', time: '2026-11-20T11:00:00.000Z' },
    { type: 'RelativeHumidity', value: 61, minValue: null, maxValue: null, uom: 'P1', time: '2026-11-20T10:00:00.000Z' },
  ],
});

function renderTimeline(events: TraceEvent[], places?: ReadonlyMap<string, PlaceSummary>) {
  return renderWithProviders(
    <MemoryRouter>
      <EventTimeline events={events} serialPath={(serial) => `/acme/epcis/7/serial/${serial}`} places={places} />
    </MemoryRouter>,
  );
}

describe('EventTimeline', () => {
  it("names a place the company keeps by name, town and country, its GLN beneath; another stays a GLN", () => {
    const warehouse: PlaceSummary = { identifier: 'https://id.gs1.org/414/9521234000006', name: 'Incheon warehouse', city: 'Incheon', region: null, countryCode: 'KR', latitude: 37.46, longitude: 126.44 };
    renderTimeline([shipping], new Map([[warehouse.identifier, warehouse]]));
    const where = screen.getByTestId('trace-event-where');
    expect(where).toHaveTextContent('Read point: Incheon warehouse — Incheon, South Korea');
    expect(where).toHaveTextContent('Location, GLN 9521234000006');
    expect(within(where).getAllByTestId('trace-place-name')).toHaveLength(1);
    expect(where).toHaveTextContent('Location, GLN 9521234000006, place 3');
  });

  it('says what, where, when and why of an event in words', () => {
    renderTimeline([shipping]);
    const card = screen.getByTestId('trace-event');
    expect(within(card).getByTestId('trace-event-title')).toHaveTextContent('Shipped');
    expect(card).toHaveTextContent('Object event · Observe');
    expect(within(card).getByTestId('trace-event-why')).toHaveTextContent('Shipped · In transit');
    // 09:30 UTC at +01:00 is 10:30 where it happened.
    expect(within(card).getByTestId('trace-event-when')).toHaveTextContent('10:30 AM (UTC+01:00)');
    expect(within(card).getByTestId('trace-event-where')).toHaveTextContent('Location, GLN 9521234000006');
    expect(within(card).getByTestId('trace-event-where')).toHaveTextContent('Location, GLN 9521234000006, place 3');
    const what = within(card).getByTestId('trace-event-what');
    expect(what).toHaveTextContent('2 items');
    expect(within(what).getByRole('link', { name: `Serial S-1 of GTIN ${GTIN}` })).toHaveAttribute('href', '/acme/epcis/7/serial/S-1');
    expect(within(card).getByTestId('trace-event-transactions')).toHaveTextContent('Purchase order: urn:epcglobal:cbv:bt:9521234000006:PO-4711');
    expect(within(card).getByTestId('trace-event-from')).toHaveTextContent('Owner: Party, GLN 9521234000006');
    expect(within(card).getByTestId('trace-event-to')).toHaveTextContent('Location, GLN 9521234000013');
  });

  it('draws one chart per measurement type, with its readings in a table', () => {
    renderTimeline([shipping]);
    const charts = screen.getAllByTestId('sensor-chart');
    expect(charts).toHaveLength(2);
    expect(charts[0]).toHaveTextContent('Temperature (°C)');
    const temperature = within(charts[0]!).getByRole('table', { name: 'Temperature' });
    const readings = within(temperature).getAllByTestId('sensor-reading');
    expect(readings.map((row) => row.lastElementChild?.textContent)).toEqual(['4.5 °C', '5.1 °C']);
    expect(within(charts[1]!).getAllByTestId('sensor-reading')).toHaveLength(1);
  });

  it('marks an error declaration and falls back to the raw value of an unknown step, oldest first', () => {
    renderTimeline([
      event({ eventId: 'a', bizStep: 'commissioning', quantities: [{ epcClass: `https://id.gs1.org/01/${GTIN}`, quantity: 12, uom: 'KGM' }] }),
      event({
        eventId: 'b',
        eventType: 'AggregationEvent',
        action: 'ADD',
        bizStep: 'https://example.com/steps/inspecting',
        parentId: 'https://id.gs1.org/00/106141412345678908',
        errorDeclaration: { declarationTime: '2026-11-21T08:00:00.000Z', reason: 'incorrect_data' },
      }),
    ]);
    const [first, second] = screen.getAllByTestId('trace-event');
    expect(first).toHaveTextContent('Commissioned');
    expect(first).toHaveTextContent(`12 kg × GTIN ${GTIN}`);
    expect(within(second!).getByTestId('trace-event-title')).toHaveTextContent('https://example.com/steps/inspecting');
    expect(within(second!).getByTestId('trace-event-error')).toHaveTextContent('Error declared');
    expect(second).toHaveTextContent('Incorrect data');
    expect(second).toHaveTextContent('Case or pallet, SSCC 106141412345678908');
    expect(within(first!).queryByTestId('trace-event-error')).toBeNull();
  });
});
