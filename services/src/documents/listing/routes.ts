import { type Request, type Response, Router } from 'express';
import { DocumentListQuery, documentStreamId, type DocumentListResponse } from '@ifu/contracts';
import { findChangeOrder, listChangeOrders } from '@ifu/projections';
import { guards } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import { refuse } from '../../platform/errors';
import { idParam, originOf, parseBody, setVersion } from '../../platform/http';
import { recordViews } from '../../signatures';
import { mayDecide } from '../permissions';
import { changeOrderViewFor } from '../view';

/** The Documents lists and one change order's view (spec §2.7, §2.8, §7.3). */
export function listingRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn } = guards(ctx);

  async function answerWithList(req: Request, res: Response, involving?: string) {
    const query = parseBody(DocumentListQuery, { ...req.query });
    const { review, ...rest } = query;
    const today = ctx.clock().toISOString().slice(0, 10);
    const { rows, total } = await listChangeOrders(await ctx.reads.for(req), { ...rest, involving, today, reviewOverdue: review === 'overdue' });
    const viewer = { id: req.auth!.userId, role: req.auth!.role };
    // Each row says whether the caller may decide on it (the approver policy); who wrote it is not sent.
    const list = rows.map(({ createdBy, lastEditedBy, ...row }) => ({ ...row, mayDecide: mayDecide({ ...row, active: true, createdBy, lastEditedBy }, viewer) }));
    res.json({ data: { list, total } } satisfies DocumentListResponse);
  }

  router.get('/document/getDocumentList', loggedIn, (req, res) => answerWithList(req, res));
  router.get('/document/getDocumentParents', loggedIn, (req, res) => answerWithList(req, res));
  router.get('/document/getAllParentsForLoginUser', loggedIn, (req, res) => answerWithList(req, res, req.auth!.userId));

  const sendChangeOrder = async (req: Request, res: Response) => {
    const record = await findChangeOrder(ctx.db, idParam(req, 'id', 'document-not-found'));
    if (!record?.active) refuse('document-not-found');
    // The version this user now has in front of them: a signed decision without If-Match is bound to it.
    await recordViews(ctx, req.auth!.userId, [{ stream: documentStreamId(record.parentChangeId), version: record.version }], ctx.clock());
    setVersion(res, record.version);
    // The answer depends on who asks and what they opened, not only on the version its ETag names: never reused.
    res.setHeader('Cache-Control', 'no-store');
    res.json(await changeOrderViewFor(ctx, ctx.commands.begin(originOf(req)), record, req.auth!));
  };
  router.get('/document/get/:id', loggedIn, sendChangeOrder);
  router.get('/document/getSingleParentById/:id', loggedIn, sendChangeOrder);

  return router;
}
