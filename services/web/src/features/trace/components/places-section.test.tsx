import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { CompanyPlace } from '@product-console/shared';
import { stubUpload } from '@/testing/fake-xhr';
import { mockBff, renderWithProviders } from '@/testing/test-utils';
import { PlacesSection } from '@/features/trace/components/places-section';

function place(placeId: number, overrides: Partial<CompanyPlace> = {}): CompanyPlace {
  return {
    placeId,
    identifier: `https://id.gs1.org/414/061414200000${placeId}`,
    gln: `061414200000${placeId}`,
    extension: null,
    name: `Place ${placeId}`,
    type: 'warehouse',
    streetAddress: null,
    city: 'Hamburg',
    postalCode: null,
    region: null,
    countryCode: 'DE',
    latitude: 53.53,
    longitude: 9.93,
    parentId: null,
    parentName: null,
    origin: 'console',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const page = (items: CompanyPlace[], total = items.length) => ({ body: { result: items, pageInfo: { total, page: 1, size: 10 } } });

function renderSection() {
  return renderWithProviders(
    <MemoryRouter>
      <PlacesSection />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PlacesSection', () => {
  it('lists places with type, town, country name and parent, and searches by what is typed', async () => {
    const searches: (string | null)[] = [];
    mockBff({
      'GET /bff/api/trace/places': (_init, url) => {
        searches.push(url.searchParams.get('search'));
        return page(url.searchParams.get('search') ? [place(2, { name: 'Dock 3', type: 'dock', parentName: 'Place 1' })] : [place(1), place(2, { name: 'Dock 3', type: 'dock', parentName: 'Place 1' })]);
      },
    });
    renderSection();
    const row = await screen.findByTestId('place-row-1');
    expect(row).toHaveTextContent('Place 1');
    expect(row).toHaveTextContent('Warehouse');
    expect(row).toHaveTextContent('Germany');
    expect(screen.getByTestId('place-row-2')).toHaveTextContent('Dock or door');
    expect(screen.getByTestId('place-row-2')).toHaveTextContent('Place 1');

    await userEvent.setup().type(screen.getByTestId('places-search'), 'Dock');
    await waitFor(() => expect(screen.queryByTestId('place-row-1')).toBeNull());
    expect(searches.at(-1)).toBe('Dock');
  });

  it('adds a place inside another with its coordinates, refusing a wrong GLN before sending', async () => {
    const posted: unknown[] = [];
    mockBff({
      'GET /bff/api/trace/places': page([place(1, { name: 'Incheon warehouse' })]),
      'POST /bff/api/trace/places': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        return { status: 201, body: { result: place(5) } };
      },
    });
    const user = userEvent.setup();
    renderSection();
    await screen.findByTestId('place-row-1');
    await user.click(screen.getByTestId('place-add'));
    const dialog = await screen.findByTestId('place-dialog');
    await user.type(within(dialog).getByTestId('place-gln'), '0614142000013');
    await user.type(within(dialog).getByTestId('place-name'), 'Dock 3');
    await user.click(within(dialog).getByTestId('place-save'));
    expect(await within(dialog).findByTestId('place-gln-error')).toHaveTextContent('valid check digit');
    expect(posted).toEqual([]);

    await user.clear(within(dialog).getByTestId('place-gln'));
    await user.type(within(dialog).getByTestId('place-gln'), '0614142000011');
    await user.type(within(dialog).getByTestId('place-extension'), 'DOCK-3');
    await user.selectOptions(within(dialog).getByTestId('place-type'), 'dock');
    await user.selectOptions(within(dialog).getByTestId('place-parent'), 'Incheon warehouse');
    await user.selectOptions(within(dialog).getByTestId('place-countryCode'), 'KR');
    await user.type(within(dialog).getByTestId('place-latitude'), '37.46');
    await user.click(within(dialog).getByTestId('place-save'));
    expect(await within(dialog).findByTestId('place-longitude-error')).toHaveTextContent('both latitude');
    await user.type(within(dialog).getByTestId('place-longitude'), '126.44');
    await user.click(within(dialog).getByTestId('place-save'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ gln: '0614142000011', extension: 'DOCK-3', name: 'Dock 3', type: 'dock', parentId: 1, countryCode: 'KR', latitude: 37.46, longitude: 126.44 });
    await waitFor(() => expect(screen.queryByTestId('place-dialog')).toBeNull());
  });

  it('deletes a place only after the confirmation', async () => {
    const deleted: string[] = [];
    mockBff({
      'GET /bff/api/trace/places': page([place(1)]),
      'DELETE /bff/api/trace/places': (_init, url) => {
        deleted.push(url.searchParams.get('placeId')!);
        return { body: { result: true } };
      },
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Delete Place 1' }));
    expect(deleted).toEqual([]);
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: /delete/i }));
    await waitFor(() => expect(deleted).toEqual(['1']));
  });

  it('imports a file and lists the rows the API refused', async () => {
    mockBff({ 'GET /bff/api/trace/places': page([]) });
    const sent = stubUpload(400, { code: 'E400001', message: '1 row cannot be imported, so nothing was imported.', result: false, details: [{ row: 3, value: '1234567890123', message: 'gln: The last digit of the GLN is not its check digit' }], more: 0 });
    renderSection();
    expect(await screen.findByTestId('places-empty')).toHaveTextContent('No places yet');
    fireEvent.change(screen.getByTestId('places-import-input'), { target: { files: [new File(['gln,name\n1234567890123,Bad\n'], 'places.csv', { type: 'text/csv' })] } });
    const failure = await screen.findByTestId('places-import-error');
    expect(failure).toHaveTextContent('1234567890123');
    expect(sent[0].url).toBe('/bff/api/trace/places/import');
  });
});
