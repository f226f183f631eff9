import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { TEMPLATE_DEFAULTS, type LandingPageData } from '@product-console/shared';
import en from '@/locales/en.json';
import ko from '@/locales/ko.json';
import { LandingView, landingMessages } from './landing-view';
import { landingData, languageHref, viewHref } from './landing-view.fixtures';
import { demoJourney, emptyJourney, journeyWithWithdrawal, longJourneyTail, traceStep } from './traceability-view.fixtures';
import { placeLabel, summariseSensors, zoneLabel } from './traceability-view';
import { applyStyleRules } from '@/testing/style-rules';

// These tests look at what the style rules do.
applyStyleRules();

function show(data: LandingPageData, ui: 'en' | 'ko' = 'en') {
  return render(
    <IntlProvider locale={ui} defaultLocale="en" messages={landingMessages(ui === 'ko' ? ko : en, data.view)}>
      <LandingView data={data} language="DEFAULT" uiLanguage={ui} serial="SN-1" digitalLink="https://id.acme.example/01/00614142000017" viewHref={viewHref} languageHref={languageHref} />
    </IntlProvider>,
  );
}

const journey = () => screen.getByRole('list', { name: /Journey steps|이력 단계/ });
const steps = () => within(journey()).getAllByRole('listitem');
const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('LandingView: traceability', () => {
  it('says nothing is published yet when the product is not traced', () => {
    show(landingData('traceability'));
    expect(screen.getByTestId('landing-unpublished')).toHaveTextContent("The brand has not published this product's journey yet.");
    expect(screen.queryByRole('list', { name: 'Journey steps' })).toBeNull();
  });

  it("tells the demo journey oldest first in plain words, with the serial, places, local times and the cold chain's range", () => {
    show(landingData('traceability', { trace: demoJourney() }));
    expect(screen.getByRole('heading', { level: 1, name: 'Product journey' })).toBeInTheDocument();
    expect(screen.getByTestId('trace-intro')).toHaveTextContent('The steps recorded for serial number SN-1, oldest first.');
    expect(journey().tagName).toBe('OL');
    expect(headings()).toEqual(['Made', 'Packed', 'Shipped', 'Received', 'On sale', 'Sold']);
    expect(steps().map((step) => step.getAttribute('data-kind'))).toEqual(['made', 'packed', 'moved', 'arrived', 'sold', 'sold']);

    const [made, packed, shipped, received, onSale, sold] = steps().map((step) => within(step));
    // Each date in the event's own zone: 08:15 in Milan, 14:30 in Seoul.
    expect(made?.getByText('Mar 2, 2026, 8:15 AM (UTC+1)')).toBeInTheDocument();
    expect(received?.getByText('Mar 9, 2026, 2:30 PM (UTC+9)')).toBeInTheDocument();
    expect(made?.getByText('Mar 2, 2026, 8:15 AM (UTC+1)').closest('time')).toHaveAttribute('datetime', '2026-03-02T08:15:00.000+01:00');
    // The place as a GLN, from a Digital Link and from an SGLN URN (check digit computed); an extension kept.
    expect(made?.getByText('At GLN 4012345000009')).toBeInTheDocument();
    expect(packed?.getByText('At GLN 4012345000009')).toBeInTheDocument();
    expect(onSale?.getByText('At GLN 4012345000023 · 7')).toBeInTheDocument();
    // Min/max over all temperature readings of the step; one humidity reading is a single value.
    expect(shipped?.getAllByTestId('trace-sensor').map((line) => line.textContent)).toEqual([
      'Temperature stayed between 2.1 and 5.8\u00a0°C',
      'Relative humidity: 55\u00a0%',
    ]);
    // A disposition only where it adds something: 'active', 'in progress', 'in transit', 'on sale', 'sold' repeat the step.
    expect(screen.getAllByTestId('trace-status').map((status) => status.textContent)).toEqual(['Sellable, not on display']);
    expect(received?.getByTestId('trace-status')).toHaveTextContent('Sellable, not on display');
    expect(sold?.getByText('At GLN 4012345000023 · 7')).toBeInTheDocument();
    expect(screen.queryByTestId('trace-earlier')).toBeNull();
    expect(screen.queryByTestId('trace-withdrawn')).toBeNull();
  });

  it('strikes through a withdrawn step and says why, and reads the URN spelling of a step', () => {
    show(landingData('traceability', { trace: journeyWithWithdrawal() }));
    expect(screen.getByTestId('trace-intro')).toHaveTextContent('The steps recorded for this product, oldest first.');
    expect(headings()).toEqual(['Made', 'Checked']);
    const withdrawn = steps()[1] as HTMLElement;
    expect(within(withdrawn).getByRole('heading', { level: 2 }).querySelector('s')).toHaveTextContent('Checked');
    expect(within(withdrawn).getByTestId('trace-withdrawn')).toHaveTextContent('Withdrawn by the brand — Did not happen');
    expect(within(withdrawn).getByTestId('trace-status')).toHaveTextContent('Damaged');
    expect(within(withdrawn).getByText('Mar 4, 2026, 11:00 AM (UTC−5)')).toBeInTheDocument();
    expect(within(steps()[0] as HTMLElement).queryByTestId('trace-withdrawn')).toBeNull();
  });

  it('says how many earlier steps are not shown, and words a step the vocabulary does not know as recorded', () => {
    show(landingData('traceability', { trace: longJourneyTail() }));
    expect(screen.getByTestId('trace-earlier')).toHaveTextContent('There are 55 earlier steps, not shown here.');
    expect(headings()).toEqual(['Recorded', 'Arrived']);
    const [extension, arrived] = steps();
    expect(extension).toHaveTextContent('At Line 4');
    expect(extension).not.toHaveTextContent('shiny');
    expect(arrived).toHaveTextContent('Mar 20, 2026, 12:00 PM (UTC)');
  });

  it('falls back to the CBV word for a step without plain words', () => {
    show(landingData('traceability', { trace: { serial: null, total: 1, steps: [traceStep({ bizStep: 'cycle_counting' })] } }));
    expect(headings()).toEqual(['Cycle counted']);
  });

  it('says so when a traced item has no steps yet', () => {
    show(landingData('traceability', { trace: emptyJourney() }));
    expect(screen.getByTestId('trace-empty')).toHaveTextContent('No steps have been recorded yet.');
    expect(screen.getByTestId('trace-intro')).toHaveTextContent('SN-2');
    expect(screen.queryByRole('list', { name: 'Journey steps' })).toBeNull();
  });

  it('speaks Korean with Korean dates, and its only link leads back to the product keeping lang and serial', () => {
    show(landingData('traceability', { trace: demoJourney() }), 'ko');
    expect(screen.getByRole('heading', { level: 1, name: '제품 이력' })).toBeInTheDocument();
    expect(headings()).toEqual(['생산됨', '포장됨', '발송됨', '입고됨', '매장에 진열됨', '판매됨']);
    expect(within(steps()[2] as HTMLElement).getAllByTestId('trace-sensor')[0]).toHaveTextContent('온도 2.1~5.8 °C 유지');
    expect(within(steps()[0] as HTMLElement).getByText(/2026\. 3\. 2\..*8:15.*\(UTC\+1\)/)).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/acme/product-details/7/preview?lang=ko&serial=SN-1']);
  });

  it("draws the journey in the dark template's colours", () => {
    const design = { ...landingData('traceability').design, ...TEMPLATE_DEFAULTS.basic_black_v1 };
    show(landingData('traceability', { trace: demoJourney(), design }));
    const root = screen.getByTestId('landing-view');
    expect(root).toHaveAttribute('data-template', 'basic_black_v1');
    expect(getComputedStyle(root).color).toBe('rgb(255, 255, 255)');
    expect(steps()).toHaveLength(6);
  });
});

describe('the journey helpers', () => {
  it('shortens places to a GLN, or keeps them as written', () => {
    expect(placeLabel('https://id.gs1.org/414/4012345000009/254/0')).toBe('GLN 4012345000009');
    expect(placeLabel('https://id.acme.example/414/9521141000013/254/dock%201')).toBe('GLN 9521141000013 · dock 1');
    expect(placeLabel('urn:epc:id:sgln:0614141.07346.1234')).toBe('GLN 0614141073467 · 1234');
    expect(placeLabel('urn:epc:id:sgln:952114.100001.0')).toBe('GLN 9521141000014');
    expect(placeLabel('geo:44.5,11.3')).toBe('geo:44.5,11.3');
  });

  it('names time zones by their offset', () => {
    expect(zoneLabel('+00:00')).toBe('UTC');
    expect(zoneLabel('+05:30')).toBe('UTC+5:30');
    expect(zoneLabel('-04:00')).toBe('UTC−4');
    expect(zoneLabel('nonsense')).toBe('UTC');
  });

  it('keeps the lowest and highest reading per measurement and unit, skipping empty readings', () => {
    const reading = { value: null, minValue: null, maxValue: null, uom: 'CEL', time: '2026-03-03T06:00:00Z' };
    expect(
      summariseSensors([
        { ...reading, type: 'Temperature', value: 3 },
        { ...reading, type: 'https://gs1.org/voc/Temperature', minValue: -1, maxValue: 7 },
        { ...reading, type: 'Temperature', uom: 'FAH', value: 40 },
        { ...reading, type: 'Temperature' },
      ]),
    ).toEqual([
      { type: 'Temperature', unit: '°C', min: -1, max: 7 },
      { type: 'Temperature', unit: '°F', min: 40, max: 40 },
    ]);
  });
});

describe('the landing messages', () => {
  it('carry the CBV words on the traceability view only', () => {
    expect(landingMessages(en, 'traceability')['cbv.bizStep.shipping']).toBe('Shipped');
    expect(landingMessages(en, 'traceability')['cbv.measurement.Temperature']).toBe('Temperature');
    expect(landingMessages(en, 'traceability')['cbv.bizTransactionType.po']).toBeUndefined();
    expect(landingMessages(en, 'index')['cbv.bizStep.shipping']).toBeUndefined();
    expect(landingMessages(en)['cbv.bizStep.shipping']).toBeUndefined();
  });
});
