import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProductResponse, makeSession } from '@/testing/fixtures';
import { AppProvider } from '@/app/provider';
import { loadMessages } from '@/lib/i18n';
import { mockBff, renderRoute } from '@/testing/test-utils';
import { IntendedMarketsCard } from '@/features/markets/components/intended-markets-card';
import { callsTo, productApi } from '@/testing/product-page';

describe('intended markets card', () => {
  it('says the product is sold anywhere, adds countries found by name with the keyboard, removes one and saves the list', async () => {
    const fetchMock = productApi({ 'PUT /bff/api/product/markets': (init) => ({ body: { result: { productId: 101, intendedMarkets: JSON.parse(String(init?.body)).intendedMarkets } } }) });
    renderRoute('/acme/product-details/101');
    const card = await screen.findByTestId('intended-markets');
    expect(within(card).getByTestId('markets-anywhere')).toHaveTextContent('Sold anywhere');
    expect(within(card).getByRole('button', { name: 'Save markets' })).toBeDisabled();

    const user = userEvent.setup();
    const input = within(card).getByRole('combobox', { name: 'Add a country' });
    await user.type(input, 'fran');
    expect(await within(card).findByRole('option', { name: /France/ })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await user.clear(input);
    await user.type(input, 'jp');
    await user.keyboard('{Enter}');
    await user.clear(input);
    await user.type(input, 'Korea');
    const korea = within(card).getAllByRole('option').map((option) => option.textContent);
    expect(korea.some((name) => name?.startsWith('South Korea'))).toBe(true);
    await user.type(input, 'zzz');
    expect(within(card).getByText('No country matches.')).toBeInTheDocument();
    await user.tab();

    expect(within(card).getByTestId('market-FR')).toHaveTextContent('France');
    expect(within(card).getByTestId('market-JP')).toHaveTextContent('Japan');
    await user.click(within(card).getByRole('button', { name: 'Remove Japan' }));
    expect(within(card).queryByTestId('market-JP')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Save markets' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/bff/api/product/markets')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/bff/api/product/markets')[0].init?.body))).toEqual({ productId: 101, intendedMarkets: ['FR'] });
    expect(await screen.findByText('Intended markets saved.')).toBeInTheDocument();
  });

  it('names the countries in the UI language and shows the refusal of a save', async () => {
    mockBff({
      'PUT /bff/api/product/markets': { status: 400, body: { code: 'E400001', message: 'Validation failed', details: [{ path: 'intendedMarkets.0', message: 'Not a known country code' }] } },
    });
    render(
      <AppProvider language="it" messages={await loadMessages('it')}>
        <IntendedMarketsCard product={{ productId: 101, intendedMarkets: ['DE', 'KR'] }} canWrite reload={async () => undefined} />
      </AppProvider>,
    );
    const card = await screen.findByTestId('intended-markets');
    expect(within(card).getByTestId('market-DE')).toHaveTextContent('Germania');
    expect(within(card).getByTestId('market-KR')).toHaveTextContent('Corea del Sud');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Rimuovi Corea del Sud' }));
    await user.click(within(card).getByRole('button', { name: 'Salva mercati' }));
    expect(await within(card).findByTestId('markets-failure')).toHaveTextContent(/./);
    expect(within(card).getByTestId('market-DE')).toBeInTheDocument();
  });

  it('shows the countries read only to a user who may not change the product', async () => {
    productApi({ '/bff/api/product/': { body: makeProductResponse({ intendedMarkets: ['FR'] }) } }, makeSession({ roleId: 3 }));
    renderRoute('/acme/product-details/101');
    const card = await screen.findByTestId('intended-markets');
    expect(await within(card).findByTestId('market-FR')).toHaveTextContent('France');
    expect(within(card).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Save markets' })).not.toBeInTheDocument();
  });
});
