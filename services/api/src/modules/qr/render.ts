import QRCode from 'qrcode';
import sharp from 'sharp';

/** Print sizes of the PNG, in pixels (the side of the square image, quiet zone included). */
export const QR_SIZES = [256, 512, 1024, 2048] as const;
export type QrSize = (typeof QR_SIZES)[number];

/** Light modules around the symbol, as ISO/IEC 18004 asks. */
export const QUIET_ZONE_MODULES = 4;
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

/** One path of horizontal runs of dark modules, in viewBox units (one unit per module). */
function modulePath(symbol: QrSymbol): string {
  const parts: string[] = [];
  for (let row = 0; row < symbol.modules; row += 1) {
    let column = 0;
    while (column < symbol.modules) {
      if (!symbol.isDark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < symbol.modules && symbol.isDark(row, column)) column += 1;
      parts.push(`M${start + QUIET_ZONE_MODULES} ${row + QUIET_ZONE_MODULES}h${column - start}v1h${start - column}z`);
    }
  }
  return parts.join('');
}

/** Where the logo box lies, in viewBox units. */
function logoBox(symbol: QrSymbol) {
  const origin = QUIET_ZONE_MODULES + (symbol.modules - symbol.logoModules) / 2;
  return { x: origin, y: origin, side: symbol.logoModules };
}

/**
 * A line of text fitted into the box, at most 40 % of the box high. Bold capitals run up to about
 * 0.75 em wide, so that is the width reckoned per character whatever font the reader has.
 */
function textLogo(symbol: QrSymbol, text: string): string {
  const { x, y, side } = logoBox(symbol);
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
function imageLogo(symbol: QrSymbol, logo: Extract<QrLogo, { kind: 'image' }>, embed: boolean): string {
  const { x, y, side } = logoBox(symbol);
  const box = `<rect x="${x}" y="${y}" width="${side}" height="${side}" fill="${symbol.design.background}"/>`;
  if (!embed) return `<g class="logo">${box}</g>`;
  const padding = 0.5;
  const image =
    `<image x="${x + padding}" y="${y + padding}" width="${side - 2 * padding}" height="${side - 2 * padding}" ` +
    `preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,${logo.png.toString('base64')}"/>`;
  return `<g class="logo">${box}${image}</g>`;
}

/**
 * The symbol as a standalone SVG document, `pixels` wide and high. `embedImage` false leaves the
 * image logo's box empty, for the PNG path that composites the image with sharp.
 */
export function qrSvg(symbol: QrSymbol, pixels: number, embedImage = true): string {
  const side = symbol.modules + 2 * QUIET_ZONE_MODULES;
  const { logo, foreground, background } = symbol.design;
  let logoMarkup = '';
  if (logo?.kind === 'text') logoMarkup = textLogo(symbol, logo.text);
  if (logo?.kind === 'image') logoMarkup = imageLogo(symbol, logo, embedImage);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="${background}"/>` +
    `<path fill="${foreground}" d="${modulePath(symbol)}"/>` +
    logoMarkup +
    `</svg>\n`
  );
}

/** The symbol as a PNG of `pixels` square: the SVG rasterised by sharp, an image logo composited on top. */
export async function qrPng(symbol: QrSymbol, pixels: number): Promise<Buffer> {
  const svg = Buffer.from(qrSvg(symbol, pixels, false));
  const image = sharp(svg, { density: 72 }).resize(pixels, pixels, { fit: 'fill' });
  const logo = symbol.design.logo;
  if (logo?.kind !== 'image') return image.png().toBuffer();

  const unit = pixels / (symbol.modules + 2 * QUIET_ZONE_MODULES);
  const { x, side } = logoBox(symbol);
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
