import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '@/app/provider';
import ja from '@/locales/ja.json';
import en from '@/locales/en.json';
import type { Messages } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/test-utils';
import { ColourField, nearestColourName } from '@/components/ui/colour-field';

function Harness({ initial = '#ffffff', against }: { initial?: string; against?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ColourField id="text" label="Page text" value={value} onChange={setValue} contrastWith={against ? { value: against, label: 'Page background' } : undefined} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('nearestColourName', () => {
  it('names a palette colour exactly and a custom one by its nearest', () => {
    expect(nearestColourName('#000000')).toEqual({ id: 'colour.name.black', exact: true });
    expect(nearestColourName('#0a1a8c')).toEqual({ id: 'colour.name.navy', exact: false });
    expect(nearestColourName('#e02020')).toEqual({ id: 'colour.name.red', exact: false });
  });
});

describe('ColourField', () => {
  it('names the colour in the UI language, and a custom colour by the nearest name', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(screen.getByTestId('text-name')).toHaveTextContent('white');
    const hex = screen.getByRole('textbox', { name: 'Page text, hex code' });
    await user.clear(hex);
    await user.type(hex, '#0a1a8c');
    expect(screen.getByTestId('value')).toHaveTextContent('#0a1a8c');
    expect(screen.getByTestId('text-name')).toHaveTextContent('close to navy');
    expect(screen.getByLabelText('Page text')).toHaveValue('#0a1a8c');
  });

  it('says the names in Japanese when the console is in Japanese', () => {
    render(
      <AppProvider language="ja" messages={{ ...en, ...ja } as Messages}>
        <Harness initial="#ff0000" />
      </AppProvider>,
    );
    expect(screen.getByTestId('text-name')).toHaveTextContent('赤');
  });

  it('keeps the last valid colour while the hex text is incomplete, and says what is expected', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="#123456" />);
    const hex = screen.getByRole('textbox', { name: 'Page text, hex code' });
    await user.clear(hex);
    await user.type(hex, '#12');
    expect(screen.getByTestId('value')).toHaveTextContent('#123456');
    expect(hex).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('#1a1a1a');
  });

  it('warns while the text and its background fall below WCAG AA 4.5:1, and not above it', () => {
    renderWithProviders(<Harness initial="#777777" against="#ffffff" />);
    // #777777 on white is 4.478:1 (shown rounded down, never up to 4.5), just under AA.
    expect(screen.getByTestId('text-contrast')).toHaveTextContent('Contrast with Page background is 4.47:1, below the 4.5:1');
    expect(screen.getByLabelText('Page text')).toHaveAccessibleDescription(/below the 4\.5:1/);
    fireEvent.change(screen.getByLabelText('Page text'), { target: { value: '#767676' } });
    // #767676 on white is 4.54:1: enough.
    expect(screen.queryByTestId('text-contrast')).not.toBeInTheDocument();
  });
});
