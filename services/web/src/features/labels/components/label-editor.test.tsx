import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { productLabelSchema, type ProductLabel } from '@product-console/shared';
import { mockBff, renderWithProviders } from '@/testing/test-utils';
import { LabelEditor } from '@/features/labels/components/label-editor';

const PRODUCT = 7;
const KEY = `/bff/api/product/?productId=${PRODUCT}`;
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as { productId: number; label: ProductLabel | null };

afterEach(() => vi.unstubAllGlobals());

function saving() {
  const put = vi.fn((init: RequestInit | undefined) => ({ body: { result: { productId: PRODUCT, label: bodyOf(init).label } } }));
  mockBff({ 'PUT /bff/api/product/label': put, [`GET ${KEY}`]: { body: {} } });
  return put;
}

describe('LabelEditor', () => {
  it('writes each missing food field inline, focuses the first and sends nothing', async () => {
    const put = saving();
    const user = userEvent.setup();
    renderWithProviders(<LabelEditor productId={PRODUCT} label={null} productKey={KEY} />);
    await user.selectOptions(screen.getByLabelText('Template'), 'food');
    await user.click(screen.getByTestId('label-save'));
    const name = screen.getByLabelText('Ingredient 1');
    // The check runs when the form is sent (asynchronously).
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Energy (kJ)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Operator name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('label-failure')).toHaveTextContent('Some fields need attention');
    expect(put).not.toHaveBeenCalled();
  });

  it('moves an ingredient up and down the list', async () => {
    saving();
    const user = userEvent.setup();
    renderWithProviders(<LabelEditor productId={PRODUCT} label={null} productKey={KEY} />);
    await user.selectOptions(screen.getByLabelText('Template'), 'food');
    await user.type(screen.getByLabelText('Ingredient 1'), 'Water');
    await user.click(screen.getByRole('button', { name: 'Add ingredient' }));
    await user.type(screen.getByLabelText('Ingredient 2'), 'Oats');
    expect(screen.getByRole('button', { name: 'Move ingredient 1 up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move ingredient 2 up' }));
    expect(screen.getByLabelText('Ingredient 1')).toHaveValue('Oats');
    expect(screen.getByLabelText('Ingredient 2')).toHaveValue('Water');
    await user.click(screen.getByRole('button', { name: 'Move ingredient 1 down' }));
    expect(screen.getByLabelText('Ingredient 1')).toHaveValue('Water');
  });

  it('words the template checks in the UI language: saturates above the fat', async () => {
    saving();
    const user = userEvent.setup();
    renderWithProviders(<LabelEditor productId={PRODUCT} label={null} productKey={KEY} />);
    await user.selectOptions(screen.getByLabelText('Template'), 'wine');
    expect(screen.getByTestId('label-wine-notice')).toHaveTextContent('records no scan, sets no cookie');
    await user.type(screen.getByLabelText('Ingredient 1'), 'Grapes');
    for (const [field, value] of [['Energy (kJ)', '301'], ['Energy (kcal)', '72'], ['Fat (g)', '0'], ['of which saturates (g)', '1'], ['Carbohydrate (g)', '2.6'], ['of which sugars (g)', '0.6'], ['Protein (g)', '0'], ['Salt (g)', '0']] as const) {
      await user.type(screen.getByLabelText(field), value);
    }
    await user.click(screen.getByTestId('label-save'));
    expect(await screen.findByText('Saturates are part of the fat: at most the fat.')).toBeInTheDocument();
    expect(screen.getByLabelText('of which saturates (g)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks that the fibres add up to 100, then saves the textile label with its care symbols', async () => {
    const put = saving();
    const user = userEvent.setup();
    renderWithProviders(<LabelEditor productId={PRODUCT} label={null} productKey={KEY} />);
    await user.selectOptions(screen.getByLabelText('Template'), 'textile');
    await user.selectOptions(screen.getByLabelText('Fibre 1'), 'cotton');
    await user.type(screen.getByLabelText('Percent of fibre 1'), '90');
    await user.click(screen.getByRole('button', { name: 'Add fibre' }));
    await user.selectOptions(screen.getByLabelText('Fibre 2'), 'elastane');
    await user.type(screen.getByLabelText('Percent of fibre 2'), '5');
    expect(screen.getByTestId('label-fibre-total')).toHaveTextContent('Total: 95 %');
    await user.click(screen.getByTestId('label-save'));
    expect(await screen.findByTestId('label-fibres-error')).toHaveTextContent('The fibre percentages must add up to 100.');
    expect(put).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Percent of fibre 1'));
    await user.type(screen.getByLabelText('Percent of fibre 1'), '95');
    await user.selectOptions(screen.getByLabelText('Washing'), 'wash30');
    // The chosen symbol is drawn beside its choice, named by its meaning.
    expect(screen.getByRole('img', { name: 'Machine wash, max. 30 °C' })).toBeInTheDocument();
    await user.click(screen.getByTestId('label-save'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(bodyOf(put.mock.calls[0]![0])).toEqual({
      productId: PRODUCT,
      label: { kind: 'textile', fibres: [{ fibre: 'cotton', percent: 95 }, { fibre: 'elastane', percent: 5 }], care: { washing: 'wash30', bleaching: null, drying: null, ironing: null, professional: null } },
    });
  });

  it("puts the API's 400 detail under its field", async () => {
    const put = vi.fn(() => ({
      status: 400,
      body: { code: 'E400001', message: 'Validation failed', details: [{ path: 'label.operator.address', message: 'Too long', code: 'too_big', maximum: 500, origin: 'string' }] },
    }));
    mockBff({ 'PUT /bff/api/product/label': put });
    const stored = productLabelSchema.parse({
      kind: 'food',
      ingredients: [{ name: 'Oats', allergen: 'cereals' }],
      nutrition: { energyKj: 1046, energyKcal: 250, fat: 10, saturates: 4, carbohydrate: 30, sugars: 5, protein: 8, salt: 1.2 },
      netQuantity: { amount: 200, unit: 'g' },
      operator: { name: 'Acme Foods', address: 'Main Street 1' },
    });
    const user = userEvent.setup();
    renderWithProviders(<LabelEditor productId={PRODUCT} label={stored} productKey={KEY} />);
    expect(screen.getByLabelText('Ingredient 1')).toHaveValue('Oats');
    expect(screen.getByLabelText('Allergen of ingredient 1')).toHaveValue('cereals');
    await user.click(screen.getByTestId('label-save'));
    await waitFor(() => expect(screen.getByLabelText('Operator address')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Operator address')).toHaveFocus();
  });

  it('asks before removing a label', async () => {
    const put = saving();
    const stored = productLabelSchema.parse({ kind: 'textile', fibres: [{ fibre: 'silk', percent: 100 }] });
    const user = userEvent.setup();
    renderWithProviders(<LabelEditor productId={PRODUCT} label={stored} productKey={KEY} />);
    await user.click(screen.getByTestId('label-remove'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent("Remove this product's label?");
    expect(put).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove label' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(bodyOf(put.mock.calls[0]![0])).toEqual({ productId: PRODUCT, label: null });
  });
});
