import { z } from 'zod';
import { SERIAL_PROBLEM_MESSAGES, idTextSchema, serialProblem, text } from '@product-console/shared';
import { bearerAuth, errorResponses, type Routes } from '../../http.js';
import { companyIdOf, requireCompany } from '../../plugins/auth.js';
import { createQrSymbol, qrPng, qrSvg, type QrSize } from './render.js';
import { productQr, recordQrDownload } from './service.js';

export const qrQuerySchema = z.object({
  productId: idTextSchema,
  format: z.enum(['png', 'svg']).default('png'),
  size: z
    .enum(['256', '512', '1024', '2048'] satisfies `${QrSize}`[])
    .default('1024')
    .transform((size) => Number(size) as QrSize)
    .describe('Side in pixels, quiet zone included'),
  serial: text()
    .optional()
    .superRefine((serial, context) => {
      const problem = serial === undefined ? null : serialProblem(serial);
      if (problem) context.addIssue({ code: 'custom', message: SERIAL_PROBLEM_MESSAGES[problem] });
    })
    .describe('A live serial (AI 21) of the product: its code carries /21/{serial}'),
  download: z.stringbool().default(false).describe('1: answer as an attachment with a file name'),
});

/** Serials may hold `/`, `"` and the like: keep file names to safe characters. */
const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');

export const qrRoutes: Routes = async (app, { config }) => {
  app.get(
    '/api/product/qr',
    {
      onRequest: [app.authenticate, requireCompany],
      schema: {
        tags: ['products'],
        summary: "The product's QR code (its Digital Link URI) as PNG or SVG",
        description:
          'Carries the Digital Link URI of `GET /api/product/?productId` (plus `/21/{serial}` for a live serial), or the QR content website when `data` is `website` and no serial is asked for. ' +
          'Colours, the logo, the quiet zone (at least 4 modules) and the frame with its call to action come from `qrContent.customDesign`; a logo raises error correction to H; a framed code is taller than wide (`size` is its width). 404 for an unknown serial.',
        security: bearerAuth,
        querystring: qrQuerySchema,
        response: {
          200: z.any().describe('image/png or image/svg+xml'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { productId, format, size, serial, download } = request.query;
      const qr = await productQr(
        {
          db: app.db,
          storage: app.storage,
          auth: request.auth,
          companyId: companyIdOf(request.auth),
          templateOrigin: config.DIGITAL_LINK_DOMAIN,
          maxLogoBytes: config.UPLOAD_MAX_BYTES,
          warn: (message, error) => request.log.warn({ err: error }, message),
        },
        { productId, serial },
      );
      const symbol = createQrSymbol(qr.content, qr.design);
      reply.header('cache-control', 'private, max-age=60');
      if (download) {
        await recordQrDownload(app.db, companyIdOf(request.auth));
        const name = ['qr', qr.fileKey, ...(serial === undefined ? [] : [serial]), String(size)].map(fileNamePart).join('-');
        reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
      }
      if (format === 'svg') {
        return reply
          .type('image/svg+xml; charset=utf-8')
          .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'")
          .send(qrSvg(symbol, size));
      }
      return reply.type('image/png').send(await qrPng(symbol, size));
    },
  );
};
