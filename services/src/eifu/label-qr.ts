import { Router } from 'express';
import QRCode from 'qrcode';
import { z } from 'zod';
import { findChangeOrder } from '@ifu/projections';
import { guards } from '../auth';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { idParam, parseBody } from '../platform/http';
import { labelUrlOf } from './labels';

export const LabelQrQuery = z.object({ format: z.enum(['svg', 'png'], { error: 'format must be svg or png' }).optional().default('svg') });

/**
 * The QR code of a child's label, for the label artwork: its GS1 Digital Link URI when it has a GTIN,
 * else its permalink (`labelUrlOf`). SVG for print (scales without loss), PNG at 1,200 px for tools that need one.
 * Error correction M (15 %), the quiet zone of 4 modules the QR standard asks for.
 */
export function labelQrRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn } = guards(ctx);
  router.get('/document/labelQr/:childDocumentId', loggedIn, async (req, res) => {
    const { format } = parseBody(LabelQrQuery, { ...req.query });
    const childDocumentId = idParam(req, 'childDocumentId', 'document-not-found');
    const record = await findChangeOrder(ctx.db, childDocumentId);
    const child = record?.children.find((c) => c.childDocumentId === childDocumentId && c.active);
    if (!child) refuse('document-not-found');
    const url = labelUrlOf(ctx.config, child);
    const filename = `label-${child.documentNumber}.${format}`;
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('X-Label-Url', url);
    if (format === 'svg') {
      res.type('image/svg+xml').send(await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }));
      return;
    }
    res.type('image/png').send(await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 1200 }));
  });
  return router;
}
