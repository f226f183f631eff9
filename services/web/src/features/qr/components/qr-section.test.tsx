import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProductResponse, makeQualifier } from '@/testing/fixtures';
import { renderRoute } from '@/testing/test-utils';
import { productApi } from '@/testing/product-page';

describe('QR and NFC section', () => {
  it('shows the QR code and its URI, per serial, with print downloads', async () => {
    productApi({ '/bff/api/entry/qualifiers/all/product': { body: { result: [makeQualifier('A/2', 2)] } } });
    renderRoute('/acme/product-details/101');
    const image = await screen.findByRole('img', { name: 'QR code of Trail jacket' });
    expect(image).toHaveAttribute('src', '/bff/api/product/qr?productId=101&format=svg&size=512');
    expect(screen.getByTestId('qr-uri')).toHaveTextContent('https://id.acme.test/01/08801234000017');
    expect(screen.getByTestId('qr-download-png-1024')).toHaveAttribute('href', '/bff/api/product/qr?productId=101&format=png&size=1024&download=1');
    const downloads = screen.getByTestId('qr-downloads');
    expect(downloads).toHaveTextContent('1024 px');
    expect(downloads).toHaveTextContent('8.7 cm at 300 dpi');
    expect(downloads).toHaveTextContent('17.3 cm at 300 dpi');
    expect(screen.queryByTestId('nfc-section')).not.toBeInTheDocument();

    await userEvent.setup().selectOptions(await screen.findByLabelText('QR code for a serial'), 'A/2');
    expect(image).toHaveAttribute('src', '/bff/api/product/qr?productId=101&format=svg&size=512&serial=A%2F2');
    expect(screen.getByTestId('qr-uri')).toHaveTextContent('https://id.acme.test/01/08801234000017/21/A%2F2');
    expect(screen.getByTestId('qr-download-svg-2048')).toHaveAttribute('href', '/bff/api/product/qr?productId=101&format=svg&size=2048&serial=A%2F2&download=1');
  });

  it('copies the URI', async () => {
    productApi();
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByTestId('qr-uri-copy'));
    expect(writeText).toHaveBeenCalledWith('https://id.acme.test/01/08801234000017');
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();
  });

  it('shows an NFC product the NDEF record to write, field by field', async () => {
    productApi({ '/bff/api/product/': { body: makeProductResponse({ isNFC: 1 }) } });
    renderRoute('/acme/product-details/101');
    const hex = await screen.findByTestId('nfc-hex');
    // https:// is identifier code 04; the rest is 'id.acme.test/01/08801234000017' (30 bytes).
    expect(hex.textContent?.startsWith('D1 01 1F 55 04 69 64 2E')).toBe(true);
    const fields = screen.getByTestId('nfc-fields');
    expect(fields).toHaveTextContent('Stands for https://');
    expect(fields).toHaveTextContent('31 bytes, in one byte (short record)');
  });
});
