import QRCode from 'qrcode';
import sharp from 'sharp';
import { QR_QUIET_ZONE_MIN, type UiLanguage } from '@product-console/shared';
import { CALL_TO_ACTION_OUTLINES } from './call-to-action-outlines.js';

/** Print sizes of the PNG, in pixels (the side of the square image, quiet zone included). */
export const QR_SIZES = [256, 512, 1024, 2048] as const;
export type QrSize = (typeof QR_SIZES)[number];

/**
 * Side of the logo box as a share of the symbol's side: 0.35² ≈ 12 % of the symbol area, well
 * inside the 30 % that error correction H restores, and clear of the finder and timing patterns
 * even on a version 1 symbol.
 */
const LOGO_SIDE_SHARE = 0.35;

export type QrLogo = { kind: 'text'; text: string } | { kind: 'image'; png: Buffer; width: number; height: number };

export interface QrDesign {
  foreground: string;
  background: string;
  logo: QrLogo | null;
  /** Light modules around the symbol: at least the 4 ISO/IEC 18004 asks for (the design schema refuses fewer). */
  quietZone?: number;
  /** A frame in the module colour with the call to action under the code, in this language. */
  frame?: { language: UiLanguage } | null;
}

/** The symbol of `text` with its design: the module matrix and where the logo box goes (in modules). */
export interface QrSymbol {
  /** Modules per side, quiet zone excluded. */
  modules: number;
  isDark(row: number, column: number): boolean;
  errorCorrection: 'M' | 'H';
  design: QrDesign;
  /** Side of the logo box in modules (0 without a logo); odd like the symbol, so it sits centred on the grid. */
  logoModules: number;
}

/** Builds the symbol: error correction H when a logo covers part of it, otherwise M. */
export function createQrSymbol(text: string, design: QrDesign): QrSymbol {
  const errorCorrection = design.logo ? 'H' : 'M';
  const { modules } = QRCode.create(text, { errorCorrectionLevel: errorCorrection });
  let logoModules = 0;
  if (design.logo) {
    logoModules = Math.floor(modules.size * LOGO_SIDE_SHARE);
    if (logoModules % 2 === 0) logoModules -= 1;
  }
  return {
    modules: modules.size,
    isDark: (row, column) => modules.get(row, column) === 1,
    errorCorrection,
    design,
    logoModules,
  };
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[character] ?? character);

/** A horizontal run of dark modules: its row, first column and length, in modules of the symbol. */
export interface ModuleRun {
  row: number;
  column: number;
  length: number;
}

/** The symbol's dark modules as horizontal runs, row by row (what the SVG path and the PDF draw). */
export function* moduleRuns(symbol: QrSymbol): Generator<ModuleRun> {
  for (let row = 0; row < symbol.modules; row += 1) {
    let column = 0;
    while (column < symbol.modules) {
      if (!symbol.isDark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < symbol.modules && symbol.isDark(row, column)) column += 1;
      yield { row, column: start, length: column - start };
    }
  }
}

/** Width of the frame's border, in modules. */
const FRAME_BORDER = 1;

/**
 * Where everything lies in the image, in modules: the whole image, the symbol's top-left corner,
 * and with a frame the band under the code that carries the call to action.
 */
export interface QrLayout {
  width: number;
  height: number;
  /** The symbol's first module. */
  x: number;
  y: number;
  /** Side of the light square around the symbol (symbol and quiet zone). */
  light: number;
  band: { y: number; height: number; language: UiLanguage } | null;
}

export function qrLayout(symbol: QrSymbol): QrLayout {
  const quietZone = Math.max(symbol.design.quietZone ?? QR_QUIET_ZONE_MIN, QR_QUIET_ZONE_MIN);
  const light = symbol.modules + 2 * quietZone;
  const frame = symbol.design.frame;
  if (!frame) return { width: light, height: light, x: quietZone, y: quietZone, light, band: null };
  // The band is a fifth of the code's side, at least 5 modules: room for one line of text.
  const bandHeight = Math.max(5, Math.round(light / 5));
  const width = light + 2 * FRAME_BORDER;
  return {
    width,
    height: light + FRAME_BORDER + bandHeight,
    x: FRAME_BORDER + quietZone,
    y: FRAME_BORDER + quietZone,
    light,
    band: { y: FRAME_BORDER + light, height: bandHeight, language: frame.language },
  };
}

/**
 * The call to action placed in the band: its outline's scale and offset (em units to modules),
 * as large as fits in 80 % of the band's width and 55 % of its height.
 */
export function callToActionPlacement(layout: QrLayout): { path: string; scale: number; x: number; y: number } | null {
  if (!layout.band) return null;
  const outline = CALL_TO_ACTION_OUTLINES[layout.band.language];
  const scale = Math.min((layout.width * 0.8) / outline.width, layout.band.height * 0.55);
  // Bold capitals stand about 0.72 em above the baseline: centre that height in the band.
  const baseline = layout.band.y + layout.band.height / 2 + (0.72 * scale) / 2;
  return { path: outline.path, scale, x: (layout.width - outline.width * scale) / 2, y: baseline };
}

/** One path of horizontal runs of dark modules, in viewBox units (one unit per module). */
function modulePath(symbol: QrSymbol, layout: QrLayout): string {
  const parts: string[] = [];
  for (const run of moduleRuns(symbol)) parts.push(`M${run.column + layout.x} ${run.row + layout.y}h${run.length}v1h${-run.length}z`);
  return parts.join('');
}

/** Where the logo box lies, in viewBox units. */
export function logoBox(symbol: QrSymbol, layout: QrLayout = qrLayout(symbol)) {
  const offset = (symbol.modules - symbol.logoModules) / 2;
  return { x: layout.x + offset, y: layout.y + offset, side: symbol.logoModules };
}

/** The frame and its call to action: the module colour around the light square, the text in the light colour. */
function frameMarkup(symbol: QrSymbol, layout: QrLayout): string {
  const placement = callToActionPlacement(layout);
  if (!placement) return '';
  const { foreground, background } = symbol.design;
  const lightAt = layout.x - (layout.light - symbol.modules) / 2;
  return (
    `<g class="frame"><rect width="${layout.width}" height="${layout.height}" rx="1" fill="${foreground}"/>` +
    `<rect x="${lightAt}" y="${lightAt}" width="${layout.light}" height="${layout.light}" fill="${background}"/>` +
    `<path fill="${background}" transform="translate(${placement.x.toFixed(3)} ${placement.y.toFixed(3)}) scale(${placement.scale.toFixed(4)})" d="${placement.path}"/></g>`
  );
}

/**
 * A line of text fitted into the box, at most 40 % of the box high. Bold capitals run up to about
 * 0.75 em wide, so that is the width reckoned per character whatever font the reader has.
 */
function textLogo(symbol: QrSymbol, layout: QrLayout, text: string): string {
  const { x, y, side } = logoBox(symbol, layout);
  const room = side - 1.5;
  const fontSize = Math.min(side * 0.4, room / (Math.max(text.length, 1) * 0.75));
  const centre = x + side / 2;
  return (
    `<g class="logo"><rect x="${x}" y="${y}" width="${side}" height="${side}" fill="${symbol.design.background}"/>` +
    `<text x="${centre}" y="${y + side / 2 + fontSize * 0.35}" font-family="Roboto Condensed, Arial, Helvetica, sans-serif" font-weight="700" ` +
    `font-size="${fontSize.toFixed(3)}" text-anchor="middle" fill="${symbol.design.foreground}">${escapeXml(text)}</text></g>`
  );
}

/** The background box of an image logo, and the image itself when `embed` (SVG answers). */
function imageLogo(symbol: QrSymbol, layout: QrLayout, logo: Extract<QrLogo, { kind: 'image' }>, embed: boolean): string {
  const { x, y, side } = logoBox(symbol, layout);
  const box = `<rect x="${x}" y="${y}" width="${side}" height="${side}" fill="${symbol.design.background}"/>`;
  if (!embed) return `<g class="logo">${box}</g>`;
  const padding = 0.5;
  const image =
    `<image x="${x + padding}" y="${y + padding}" width="${side - 2 * padding}" height="${side - 2 * padding}" ` +
    `preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,${logo.png.toString('base64')}"/>`;
  return `<g class="logo">${box}${image}</g>`;
}

/** Height in pixels of an image `pixels` wide: a framed code is taller than wide. */
export const qrPixelHeight = (symbol: QrSymbol, pixels: number) => {
  const layout = qrLayout(symbol);
  return Math.round((pixels * layout.height) / layout.width);
};

/**
 * The symbol as a standalone SVG document, `pixels` wide. `embedImage` false leaves the image
 * logo's box empty, for the PNG path that composites the image with sharp.
 */
export function qrSvg(symbol: QrSymbol, pixels: number, embedImage = true): string {
  const layout = qrLayout(symbol);
  const { logo, foreground, background } = symbol.design;
  let logoMarkup = '';
  if (logo?.kind === 'text') logoMarkup = textLogo(symbol, layout, logo.text);
  if (logo?.kind === 'image') logoMarkup = imageLogo(symbol, layout, logo, embedImage);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${qrPixelHeight(symbol, pixels)}" viewBox="0 0 ${layout.width} ${layout.height}" shape-rendering="crispEdges">` +
    `<rect width="${layout.width}" height="${layout.height}" fill="${background}"/>` +
    frameMarkup(symbol, layout) +
    `<path fill="${foreground}" d="${modulePath(symbol, layout)}"/>` +
    logoMarkup +
    `</svg>\n`
  );
}

/** The symbol as a PNG `pixels` wide: the SVG rasterised by sharp, an image logo composited on top. */
export async function qrPng(symbol: QrSymbol, pixels: number): Promise<Buffer> {
  const svg = Buffer.from(qrSvg(symbol, pixels, false));
  const image = sharp(svg, { density: 72 }).resize(pixels, qrPixelHeight(symbol, pixels), { fit: 'fill' });
  const logo = symbol.design.logo;
  if (logo?.kind !== 'image') return image.png().toBuffer();

  const layout = qrLayout(symbol);
  const unit = pixels / layout.width;
  const { x, side } = logoBox(symbol, layout);
  const inner = Math.max(1, Math.floor((side - 1) * unit));
  const offset = Math.round((x + 0.5) * unit);
  const fitted = await sharp(logo.png)
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return image
    .composite([{ input: fitted, left: offset, top: offset }])
    .png()
    .toBuffer();
}

/** Largest side of an image logo embedded in an SVG answer: sharp enough at 2048 px prints. */
const EMBEDDED_LOGO_MAX = 600;

/**
 * Decodes a stored logo (PNG, JPEG, WebP or GIF) and re-encodes it as PNG, so that only a
 * known, decoded format ever reaches the SVG or the composite.
 */
export async function logoFromImage(data: Buffer): Promise<Extract<QrLogo, { kind: 'image' }>> {
  const { data: png, info } = await sharp(data, { animated: false })
    .rotate()
    .resize(EMBEDDED_LOGO_MAX, EMBEDDED_LOGO_MAX, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { kind: 'image', png, width: info.width, height: info.height };
}
