/** Print sizes of a QR image, in pixels. */
export const QR_SIZES = [256, 512, 1024, 2048] as const;
export type QrSize = (typeof QR_SIZES)[number];
export type QrFormat = 'svg' | 'png';

export const PRINT_DPI = 300;
/** Edge length in centimetres of a QR image printed at 300 dpi. */
export const printedCentimetres = (size: number) => (size / PRINT_DPI) * 2.54;

export interface QrParams {
  productId: number;
  format: QrFormat;
  size: QrSize;
  serial?: string;
  download?: boolean;
}

/** `GET /api/product/qr`: an image, usable directly as `<img src>` since the session cookie carries it. */
export function qrUrl({ productId, format, size, serial, download }: QrParams): string {
  const query = new URLSearchParams({ productId: String(productId), format, size: String(size) });
  if (serial) query.set('serial', serial);
  if (download) query.set('download', '1');
  return `/bff/api/product/qr?${query}`;
}
