import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TraceEvent } from '@product-console/shared';
import { mockBff, renderWithProviders } from '@/testing/test-utils';
import { AddEventForm } from '@/features/trace/components/add-event-form';
import { browserOffset, localInputValue } from '@/features/trace/model/event-time';

const GTIN = '09506000134352';
const NOW = new Date('2026-11-24T09:30:00Z');
const stored = { eventId: 'ni:///sha-256;abc' } as TraceEvent;
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

function renderForm(onAdded = vi.fn()) {
  renderWithProviders(<AddEventForm productId={7} gtin={GTIN} serials={['S-1', 'S-2', 'S-3']} onAdded={onAdded} onCancel={vi.fn()} now={NOW} />);
  return onAdded;
}

afterEach(() => vi.unstubAllGlobals());

describe('AddEventForm', () => {
  it("offers the company's places by name in both place fields: a GLN, or the address of an SGLN with an extension", async () => {
    const place = (placeId: number, gln: string, extension: string | null, name: string, city: string | null) => ({
      placeId, identifier: `https://id.gs1.org/414/${gln}${extension ? `/254/${extension}` : ''}`, gln, extension, name, city,
      type: 'site', streetAddress: null, postalCode: null, region: null, countryCode: null, latitude: null, longitude: null, parentId: null, parentName: null, origin: 'console', updatedAt: '2026-11-01T00:00:00Z',
    });
    mockBff({
      'GET /bff/api/trace/places': {
        body: { result: [place(1, '9521234000006', null, 'Seoul warehouse', 'Seoul'), place(2, '9521234000006', '3', 'Dock 3', null)], pageInfo: { total: 2, page: 1, size: 100 } },
      },
    });
    renderForm();
    const options = await screen.findByTestId('event-places');
    await waitFor(() => expect(options.querySelectorAll('option')).toHaveLength(2));
    expect([...options.querySelectorAll('option')].map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['9521234000006', 'Seoul warehouse, Seoul'],
      ['https://id.gs1.org/414/9521234000006/254/3', 'Dock 3'],
    ]);
    expect(screen.getByLabelText('Read point')).toHaveAttribute('list', 'event-places');
    expect(screen.getByLabelText('Business location')).toHaveAttribute('list', 'event-places');
  });

  it('refuses an event without objects or with a bad GLN under their fields, and sends nothing', async () => {
    const post = vi.fn(() => ({ status: 201, body: { result: stored } }));
    mockBff({ 'POST /bff/api/trace/events': post });
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('Read point'), '9521234000007');
    await user.click(screen.getByTestId('add-event-submit'));
    expect(await screen.findByTestId('event-serials-error')).toHaveTextContent('Choose at least one serial or a quantity of the product.');
    expect(screen.getByTestId('event-readPoint-error')).toHaveTextContent('Enter a GLN of 13 digits');
    expect(screen.getByLabelText('Read point')).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(screen.getByTestId('event-type'), 'AggregationEvent');
    await user.selectOptions(screen.getByTestId('event-action'), 'ADD');
    await user.click(screen.getByTestId('add-event-submit'));
    expect(await screen.findByTestId('event-parentId-error')).toHaveTextContent('This field is required.');
    expect(post).not.toHaveBeenCalled();
  });

  it('sends a shipping object event built from the form and reports the stored event', async () => {
    const post = vi.fn((_init: RequestInit | undefined, _url: URL) => ({ status: 201, body: { result: stored } }));
    mockBff({ 'POST /bff/api/trace/events': post });
    const user = userEvent.setup();
    const onAdded = renderForm();

    expect(screen.getByTestId('event-offset')).toHaveValue(browserOffset(NOW));
    await user.selectOptions(screen.getByTestId('event-biz-step'), 'shipping');
    await user.selectOptions(screen.getByTestId('event-disposition'), 'in_transit');
    await user.selectOptions(screen.getByTestId('event-offset'), '+01:00');
    await user.type(screen.getByLabelText('Business location'), '9521234000006');
    const picker = screen.getByTestId('event-serials');
    await user.click(within(picker).getByLabelText('S-1'));
    await user.click(within(picker).getByLabelText('S-3'));
    await user.click(screen.getByTestId('event-bizTransactions-add'));
    await user.selectOptions(screen.getByTestId('event-bizTransactions-0-type'), 'po');
    await user.type(screen.getByTestId('event-bizTransactions-0-value'), 'urn:epcglobal:cbv:bt:9521234000006:PO-4711');
    await user.click(screen.getByTestId('event-destinations-add'));
    await user.selectOptions(screen.getByTestId('event-destinations-0-type'), 'location');
    await user.type(screen.getByTestId('event-destinations-0-value'), '9521234000013');
    await user.click(screen.getByTestId('add-event-submit'));

    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]![1].searchParams.get('productId')).toBe('7');
    expect(bodyOf(post.mock.calls[0]![0])).toEqual({
      type: 'ObjectEvent',
      action: 'OBSERVE',
      // An untouched time is the moment of sending, at the zone chosen.
      eventTime: `${localInputValue(NOW, '+01:00', true)}+01:00`,
      eventTimeZoneOffset: '+01:00',
      epcList: [`https://id.gs1.org/01/${GTIN}/21/S-1`, `https://id.gs1.org/01/${GTIN}/21/S-3`],
      bizStep: 'shipping',
      disposition: 'in_transit',
      bizLocation: { id: 'https://id.gs1.org/414/9521234000006' },
      bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epcglobal:cbv:bt:9521234000006:PO-4711' }],
      destinationList: [{ type: 'location', destination: 'https://id.gs1.org/414/9521234000013' }],
    });
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(stored));
  });

  it('checks the event with the EPCIS rules and puts their problem under its field', async () => {
    const post = vi.fn(() => ({ status: 201, body: { result: stored } }));
    mockBff({ 'POST /bff/api/trace/events': post });
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByTestId('event-withQuantity'));
    // One letter passes the form's own check; the EPCIS unit pattern wants two or three.
    await user.type(screen.getByTestId('event-uom'), 'K');
    await user.click(screen.getByTestId('add-event-submit'));
    expect(await screen.findByText(/Not accepted by the EPCIS rules/)).toBeInTheDocument();
    expect(screen.getByTestId('event-uom')).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it("shows the API's field errors under the fields they name", async () => {
    mockBff({
      'POST /bff/api/trace/events': {
        status: 400,
        body: { code: 'E400001', message: 'Validation failed', details: [{ path: 'epcList', message: 'The event must name the product', code: 'custom' }] },
      },
    });
    const user = userEvent.setup();
    const onAdded = renderForm();
    await user.click(within(screen.getByTestId('event-serials')).getByLabelText('S-2'));
    await user.click(screen.getByTestId('add-event-submit'));
    expect(await screen.findByTestId('event-serials-error')).toHaveTextContent('The event must name the product');
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('writes a transformation without an action, with inputs and outputs', async () => {
    const post = vi.fn((_init: RequestInit | undefined) => ({ status: 201, body: { result: stored } }));
    mockBff({ 'POST /bff/api/trace/events': post });
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByTestId('event-type'), 'TransformationEvent');
    expect(screen.queryByTestId('event-action')).toBeNull();
    await user.click(within(screen.getByTestId('event-serials')).getByLabelText('S-1'));
    fireEvent.change(screen.getByTestId('event-time'), { target: { value: '2026-11-20T08:15' } });
    await user.click(screen.getByTestId('event-outputWithQuantity'));
    await user.clear(screen.getByTestId('event-outputQuantity'));
    await user.type(screen.getByTestId('event-outputQuantity'), '4');
    await user.click(screen.getByTestId('add-event-submit'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const body = bodyOf(post.mock.calls[0]![0]);
    expect(body).toMatchObject({
      type: 'TransformationEvent',
      // A time typed in is kept as typed.
      eventTime: `2026-11-20T08:15:00${browserOffset(NOW)}`,
      inputEPCList: [`https://id.gs1.org/01/${GTIN}/21/S-1`],
      outputQuantityList: [{ epcClass: `https://id.gs1.org/01/${GTIN}`, quantity: 4 }],
    });
    expect(body).not.toHaveProperty('action');
  });
});
