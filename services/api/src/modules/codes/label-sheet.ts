import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { PAPER_SIZES_MM, type LabelLayout } from '@product-console/shared';
import { callToActionPlacement, logoBox, moduleRuns, qrLayout, type QrSymbol } from '../qr/render.js';

/*
 * Print-ready label sheets (decision 078): pages of the layout's grid, each label a QR code drawn
 * as vectors (its design: colours, quiet zone, frame, logo) beside its human-readable
 * interpretation, GS1 style: (01) GTIN, (10) lot, (17) expiry, (21) serial. pdfkit writes each
 * page out as the next one starts, so a sheet of 100 000 labels needs no more memory than one of 10.
 */

const POINTS_PER_MM = 72 / 25.4;
const PADDING_MM = 2;
/** Largest text on a label, in points. */
const TEXT_MAX_PT = 9;
/** What the document may hold unwritten before the writer waits for the file to catch up. */
const BUFFERED_MAX_BYTES = 4 * 1024 * 1024;
/** The standard fonts of a PDF reader draw Latin-1 only (WinAnsi): a text logo outside it is left out. */
const WIN_ANSI = /^[\x20-\x7e\xa0-\xff]*$/;

/** An image pdfkit has opened and embeds once however often it is drawn (`openImage`, missing from its types). */
type OpenedImage = object;
const openImage = (doc: PDFKit.PDFDocument, png: Buffer) => (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(png);

export interface Label {
  symbol: QrSymbol;
  /** Lines under or beside the code, already worded: `(01) 0880…`, `(21) SN-1`. */
  lines: string[];
}

export interface LabelSheetWriter {
  add(label: Label): Promise<void>;
  /** Ends the document; resolves when every byte is written to the output. */
  finish(): Promise<void>;
}

/** AI 15 and 17 dates are YYMMDD. */
const yymmdd = (day: string) => `${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}`;

/**
 * The human-readable interpretation of a label: GTIN, lot, expiry (or, without one, best before)
 * when given, serial.
 */
export function labelLines(gtin: string, serial: string, marks: { lot?: string; expiry?: string; bestBefore?: string } = {}): string[] {
  const lines = [`(01) ${gtin}`];
  if (marks.lot) lines.push(`(10) ${marks.lot}`);
  if (marks.expiry) lines.push(`(17) ${yymmdd(marks.expiry)}`);
  else if (marks.bestBefore) lines.push(`(15) ${yymmdd(marks.bestBefore)}`);
  lines.push(`(21) ${serial}`);
  return lines;
}

/** Draws the code with its top-left corner at (x, y), `width` points wide, as the SVG draws it. */
function drawCode(doc: PDFKit.PDFDocument, symbol: QrSymbol, x: number, y: number, width: number, images: Map<Buffer, OpenedImage>) {
  const layout = qrLayout(symbol);
  const { foreground, background, logo } = symbol.design;
  doc.save();
  doc.translate(x, y).scale(width / layout.width);
  doc.rect(0, 0, layout.width, layout.height).fill(layout.band ? foreground : background);
  if (layout.band) {
    const lightAt = layout.x - (layout.light - symbol.modules) / 2;
    doc.rect(lightAt, lightAt, layout.light, layout.light).fill(background);
    const placement = callToActionPlacement(layout);
    if (placement) {
      doc.save().translate(placement.x, placement.y).scale(placement.scale).path(placement.path).fill(background).restore();
    }
  }
  for (const run of moduleRuns(symbol)) doc.rect(run.column + layout.x, run.row + layout.y, run.length, 1);
  doc.fill(foreground);
  if (logo) {
    const box = logoBox(symbol, layout);
    doc.rect(box.x, box.y, box.side, box.side).fill(background);
    if (logo.kind === 'image') {
      let image = images.get(logo.png);
      if (!image) {
        // Opened once: every label then refers to the same embedded image.
        image = openImage(doc, logo.png);
        images.set(logo.png, image);
      }
      doc.image(image as Buffer, box.x + 0.5, box.y + 0.5, { fit: [box.side - 1, box.side - 1], align: 'center', valign: 'center' });
    } else if (WIN_ANSI.test(logo.text)) {
      const size = Math.min(box.side * 0.4, (box.side - 1.5) / (Math.max(logo.text.length, 1) * 0.75));
      doc.font('Helvetica-Bold').fontSize(size).fillColor(foreground);
      doc.text(logo.text, box.x, box.y + box.side / 2 - size * 0.5, { width: box.side, align: 'center', lineBreak: false });
    }
  }
  doc.restore();
}

/** The largest font size (at most TEXT_MAX_PT) at which every line fits the width and all fit the height. */
function textSize(doc: PDFKit.PDFDocument, lines: string[], width: number, height: number): number {
  doc.font('Helvetica').fontSize(1);
  const widest = Math.max(...lines.map((line) => doc.widthOfString(line)));
  return Math.max(3, Math.min(TEXT_MAX_PT, width / widest, height / (lines.length * 1.2)));
}

/** Draws one label in its box: the code on the left of a wide label (on top of a tall one), the lines beside (under) it. */
function drawLabel(doc: PDFKit.PDFDocument, label: Label, x: number, y: number, width: number, height: number, images: Map<Buffer, OpenedImage>) {
  const padding = PADDING_MM * POINTS_PER_MM;
  const layout = qrLayout(label.symbol);
  const aspect = layout.height / layout.width;
  const wide = width >= height;
  // The code takes what the text leaves: at most the label's height (wide) or 65 % of it (tall).
  let codeWidth = wide ? Math.min((height - 2 * padding) / aspect, width * 0.55) : Math.min(width - 2 * padding, (height * 0.65) / aspect);
  codeWidth = Math.max(codeWidth, 1);
  const codeHeight = codeWidth * aspect;
  const codeX = wide ? x + padding : x + (width - codeWidth) / 2;
  const codeY = wide ? y + (height - codeHeight) / 2 : y + padding;
  drawCode(doc, label.symbol, codeX, codeY, codeWidth, images);

  const textX = wide ? codeX + codeWidth + padding : x + padding;
  const textWidth = wide ? x + width - padding - textX : width - 2 * padding;
  const textTop = wide ? y + padding : codeY + codeHeight + padding / 2;
  const textHeight = wide ? height - 2 * padding : y + height - padding - textTop;
  if (textWidth <= 0 || textHeight <= 0) return;
  const size = textSize(doc, label.lines, textWidth, textHeight);
  const block = label.lines.length * size * 1.2;
  let lineY = wide ? y + (height - block) / 2 : textTop;
  doc.font('Helvetica').fontSize(size).fillColor('#000000');
  for (const line of label.lines) {
    doc.text(line, textX, lineY, { lineBreak: false, width: textWidth + 1 });
    lineY += size * 1.2;
  }
}

/** A label sheet written to `output` as labels are added. */
export function createLabelSheet(output: Writable, layout: LabelLayout, title: string): LabelSheetWriter {
  const [paperWidth, paperHeight] = PAPER_SIZES_MM[layout.paper];
  const doc = new PDFDocument({
    size: [paperWidth * POINTS_PER_MM, paperHeight * POINTS_PER_MM],
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: { Title: title, Creator: 'Product console' },
  });
  const finished = new Promise<void>((resolve, reject) => {
    output.once('finish', resolve).once('close', resolve).once('error', reject);
    doc.once('error', reject);
  });
  doc.pipe(output);
  const perPage = layout.rows * layout.columns;
  const images = new Map<Buffer, OpenedImage>();
  let count = 0;

  /** Waits while the document holds more than BUFFERED_MAX_BYTES the file has not taken yet. */
  async function keepUp() {
    while (doc.readableLength + output.writableLength > BUFFERED_MAX_BYTES) {
      await new Promise<void>((resolve) => {
        if (output.writableNeedDrain) output.once('drain', resolve);
        else setImmediate(resolve);
      });
    }
  }

  return {
    async add(label) {
      const slot = count % perPage;
      if (slot === 0) {
        doc.addPage();
        await keepUp();
      }
      const column = slot % layout.columns;
      const row = Math.floor(slot / layout.columns);
      const x = (layout.marginLeftMm + column * (layout.labelWidthMm + layout.gapXMm)) * POINTS_PER_MM;
      const y = (layout.marginTopMm + row * (layout.labelHeightMm + layout.gapYMm)) * POINTS_PER_MM;
      drawLabel(doc, label, x, y, layout.labelWidthMm * POINTS_PER_MM, layout.labelHeightMm * POINTS_PER_MM, images);
      count += 1;
    },
    async finish() {
      doc.end();
      await finished;
    },
  };
}
