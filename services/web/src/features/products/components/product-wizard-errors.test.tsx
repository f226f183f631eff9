import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NAME_MAX_LENGTH } from '@product-console/shared';
import type { UiLanguage } from '@product-console/shared';
import { AppProvider } from '@/app/provider';
import en from '@/locales/en.json';
import ko from '@/locales/ko.json';
import { emptyProductForm, noFiles } from '@/features/products/components/product-form-model';
import { ProductWizard } from '@/features/products/components/product-wizard';

function renderWizard(language: UiLanguage = 'en') {
  const messages = language === 'ko' ? { ...en, ...ko } : en;
  render(
    <ProductWizard
      mode="create"
      step="basic"
      onStepChange={() => undefined}
      defaultValues={emptyProductForm(7, 'DL')}
      initialFiles={noFiles()}
      services={['DL']}
      gcps={['0614141']}
      certifications={[]}
      onCancel={() => undefined}
      onSubmit={vi.fn()}
    />,
    { wrapper: ({ children }) => <AppProvider language={language} messages={messages}>{children}</AppProvider> },
  );
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

/** The error text tied to an input by its aria-describedby. */
function describedError(id: string): string | null {
  const ids = input(id).getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((each) => document.getElementById(each)).find((element) => element?.getAttribute('role') === 'alert');
  return error?.textContent ?? null;
}

describe('product wizard field errors', () => {
  it('says an empty name is required and gives the limit of a too long one, in English', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(describedError('product_name')).toBe('This field is required.'));
    expect(input('product_name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Too small/)).toBeNull();

    await user.type(input('product_name'), 'x'.repeat(NAME_MAX_LENGTH + 1));
    await user.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(describedError('product_name')).toBe(`Use at most ${NAME_MAX_LENGTH} characters.`));
    expect(describedError('gtin')).toBe('Check the format, for example 09506000134352.');
  });

  it('words the same errors in Korean', async () => {
    const user = userEvent.setup();
    renderWizard('ko');
    await user.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(describedError('product_name')).toBe('필수 입력 항목입니다.'));
    await user.type(input('product_name'), 'x'.repeat(NAME_MAX_LENGTH + 1));
    await user.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(describedError('product_name')).toBe(`${NAME_MAX_LENGTH}자 이하로 입력하세요.`));
  });
});
