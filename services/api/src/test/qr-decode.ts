import jsqr from 'jsqr';
import sharp from 'sharp';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** An RGBA image in memory. */
export interface Raster {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The text of the QR code in the image, or null when none is found. */
export function decodeRaster({ data, width, height }: Raster): { text: string; version: number } | null {
  // jsqr is CommonJS: its function is the `default` of the module object, typed and at run time.
  const found = jsqr.default(data, width, height);
  return found ? { text: found.data, version: found.version } : null;
}

/** Rasterises an image sharp reads (PNG, or SVG at its own size) to RGBA. */
export async function rasterOf(image: Buffer): Promise<Raster> {
  const { data, info } = await sharp(image).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** The text a PNG's (or SVG's) QR code carries, with the symbol version and the image's size; throws when there is none. */
export async function decodeImage(image: Buffer) {
  const raster = await rasterOf(image);
  const found = decodeRaster(raster);
  if (!found) throw new Error('no QR code found');
  return { ...found, width: raster.width, height: raster.height };
}

/** A rectangle of a raster, in its pixels. */
export function crop(raster: Raster, x: number, y: number, width: number, height: number): Raster {
  const left = Math.max(0, Math.floor(x));
  const top = Math.max(0, Math.floor(y));
  const w = Math.min(raster.width - left, Math.ceil(width));
  const h = Math.min(raster.height - top, Math.ceil(height));
  const data = new Uint8ClampedArray(w * h * 4);
  for (let row = 0; row < h; row += 1) {
    const start = ((top + row) * raster.width + left) * 4;
    data.set(raster.data.subarray(start, start + w * 4), row * w * 4);
  }
  return { data, width: w, height: h };
}

/** Each page of a PDF rendered by PDF.js at `pixelsPerPoint`, with the page's text. */
export async function* pdfPages(pdf: Buffer, pixelsPerPoint: number): AsyncGenerator<Raster & { text: string[] }> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: pixelsPerPoint });
      // In Node, PDF.js draws on @napi-rs/canvas through its own factory.
      const factory = document.canvasFactory as { create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } };
      const { canvas, context } = factory.create(viewport.width, viewport.height);
      await page.render({ canvasContext: context, viewport, canvas }).promise;
      const image = context.getImageData(0, 0, viewport.width, viewport.height);
      const content = await page.getTextContent();
      const text = content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : []));
      yield { data: image.data, width: image.width, height: image.height, text };
    }
  } finally {
    await document.destroy();
  }
}
