import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/test-utils';
import { emptyProductForm, noFiles, toFormData } from '@/features/products/components/product-form-model';
import type { WizardStep } from '@/features/products/components/wizard/wizard-steps';
import { ProductWizard, type ProductWizardProps } from '@/features/products/components/product-wizard';
import { applyStyleRules } from '@/testing/style-rules';

// These tests look at what the style rules do.
applyStyleRules();

function Harness(props: Partial<ProductWizardProps> & Pick<ProductWizardProps, 'onSubmit'>) {
  const [step, setStep] = useState<WizardStep>('basic');
  return (
    <ProductWizard
      mode="create"
      step={step}
      onStepChange={setStep}
      defaultValues={emptyProductForm(7, 'DL')}
      initialFiles={noFiles()}
      services={['DL', 'DPP']}
      gcps={['0614141']}
      certifications={[{ id: 1, code: 'CE', name: 'CE marking', issuer: '', description: '', website: '' }]}
      onCancel={() => undefined}
      {...props}
    />
  );
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });

async function fillBasics(user: ReturnType<typeof userEvent.setup>, gtin: string) {
  await user.type(screen.getByLabelText('Product name'), 'Headlamp');
  await user.type(screen.getByLabelText('GTIN (AI 01)'), gtin);
}

describe('ProductWizard', () => {
  it('does not leave the first step while the name and GTIN are invalid, and offers the check digit', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onSubmit={vi.fn()} />);
    await user.click(screen.getByTestId('wizard-next'));
    expect(await screen.findAllByRole('alert')).not.toHaveLength(0);
    expect(screen.getByTestId('wizard-step-basic')).toHaveAttribute('aria-current', 'step');

    await fillBasics(user, '061414100001');
    await user.click(screen.getByTestId('gtin-add-check-digit'));
    expect(screen.getByLabelText('GTIN (AI 01)')).toHaveValue('0614141000012');
    await user.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(screen.getByTestId('wizard-step-details')).toHaveAttribute('aria-current', 'step'));
  });

  it('asks for the NFC tag in a group of its own, apart from the certifications', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onSubmit={vi.fn()} />);
    await fillBasics(user, '00614141000012');
    await user.click(screen.getByTestId('wizard-next'));
    const nfc = await screen.findByRole('group', { name: 'NFC tag' });
    expect(within(nfc).getByRole('checkbox', { name: 'The product carries an NFC tag that opens its page' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Certifications' })).queryByRole('checkbox', { name: /NFC/ })).toBeNull();
  });

  it('requires an image, sends the multipart body and keeps the values when the API refuses', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockRejectedValueOnce(new ApiError(409, { code: 'E409002', message: 'dup' })).mockResolvedValueOnce(undefined);
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    await fillBasics(user, '00614141000012');
    await user.click(screen.getByTestId('wizard-step-qr'));
    await waitFor(() => expect(screen.getByTestId('wizard-step-images')).toHaveAttribute('aria-current', 'step'));
    expect(screen.getByTestId('images-required')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('product-images-input'), { target: { files: [png(), png()] } });
    expect(screen.getByTestId('product-images-input-new-1')).toBeInTheDocument();
    await user.click(screen.getByTestId('wizard-next'));
    await user.click(screen.getByTestId('wizard-submit'));

    expect(await screen.findByTestId('wizard-error')).toHaveTextContent('This GTIN is already registered.');
    const [values, files] = onSubmit.mock.calls[0];
    expect(values).toMatchObject({ product_name: 'Headlamp', gtin: '00614141000012', project_id: 7, service: 'DL' });
    expect(files.productImages).toHaveLength(2);

    const body = toFormData(values, files, 'create');
    expect(JSON.parse(body.get('product') as string)).toEqual([expect.objectContaining({ product_name: 'Headlamp', project_id: 7 })]);
    expect(JSON.parse(body.get('qrContent') as string)).toMatchObject({ data: 'digitalLink' });
    expect(body.getAll('productImg')).toHaveLength(2);

    await user.click(screen.getByTestId('wizard-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText('Product name')).toHaveValue('Headlamp');
  });

  it('sends only new files on edit, with the kept paths as retainedImages', () => {
    const values = { ...emptyProductForm(3, 'DL'), product_name: 'X', gtin: '00614141000012' };
    const body = toFormData(values as never, { ...noFiles(['/files/products/1/a.png']), productImages: [png()] }, 'edit');
    const [product] = JSON.parse(body.get('product') as string);
    expect(product.retainedImages).toEqual(['/files/products/1/a.png']);
    expect(product).not.toHaveProperty('gtin');
    expect(body.getAll('productImg')).toHaveLength(1);
  });

  it('takes the QR colours, warns about a pair that will not scan and sends them in qrContent', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    await fillBasics(user, '00614141000012');
    await user.click(screen.getByTestId('wizard-step-images'));
    fireEvent.change(screen.getByTestId('product-images-input'), { target: { files: [png()] } });
    await user.click(screen.getByTestId('wizard-step-qr'));
    expect(screen.getByLabelText('Foreground')).toHaveValue('#000000');
    expect(screen.getByTestId('qr-colours-hint')).toHaveTextContent('Dark modules on a light background scan best.');

    fireEvent.input(screen.getByLabelText('Foreground'), { target: { value: '#eeeeee' } });
    fireEvent.input(screen.getByLabelText('Background'), { target: { value: '#222222' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('These colours may not scan');
    await user.click(screen.getByTestId('wizard-submit'));
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.input(screen.getByLabelText('Foreground'), { target: { value: '#1a237e' } });
    fireEvent.input(screen.getByLabelText('Background'), { target: { value: '#fff8e1' } });
    await user.click(screen.getByTestId('wizard-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const [values, files] = onSubmit.mock.calls[0];
    expect(JSON.parse(toFormData(values, files, 'create').get('qrContent') as string).customDesign).toMatchObject({
      foreground: '#1a237e',
      background: '#fff8e1',
    });
  });

  it('frames the code with the call to action in the chosen language and refuses a quiet zone under 4 modules', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    await fillBasics(user, '00614141000012');
    await user.click(screen.getByTestId('wizard-step-images'));
    fireEvent.change(screen.getByTestId('product-images-input'), { target: { files: [png()] } });
    await user.click(screen.getByTestId('wizard-step-qr'));
    expect(screen.getByLabelText('Frame')).toHaveValue('none');
    expect(screen.queryByLabelText('Language of the call to action')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Frame'), 'Frame with a call to action');
    await user.selectOptions(screen.getByLabelText('Language of the call to action'), 'ko');
    expect(screen.getByTestId('qr-frame-text')).toHaveTextContent('Printed under the code: “스캔하여 제품 정보 보기”');

    await user.clear(screen.getByLabelText('Quiet zone (modules)'));
    await user.type(screen.getByLabelText('Quiet zone (modules)'), '2');
    await user.click(screen.getByTestId('wizard-submit'));
    await waitFor(() => expect(screen.getByLabelText('Quiet zone (modules)')).toHaveAttribute('aria-invalid', 'true'));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Quiet zone (modules)'));
    await user.type(screen.getByLabelText('Quiet zone (modules)'), '6');
    await user.click(screen.getByTestId('wizard-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const [values, files] = onSubmit.mock.calls[0];
    expect(JSON.parse(toFormData(values, files, 'create').get('qrContent') as string).customDesign).toMatchObject({ frame: 'cta', frameLanguage: 'ko', quietZone: 6 });
  });
});
