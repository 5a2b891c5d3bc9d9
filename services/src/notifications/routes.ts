import { type Response, Router } from 'express';
import {
  AddNotificationRequest,
  DeleteNotificationRequest,
  type Notification,
  NOTIFICATION_MESSAGES,
  type NotificationChangeResponse,
  type NotificationListResponse,
  UpdateNotificationRequest,
} from '@ifu/contracts';
import { findNotification, listNotifications, type NotificationRecord, notificationsProjection } from '@ifu/projections';
import { guards } from '../auth';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { ifMatch, parseBody, runCommand, setVersion } from '../platform/http';
import { addNotification, deleteNotification, updateNotification } from './commands';

const READ_MODELS = [notificationsProjection.name];

const toNotification = (record: NotificationRecord): Notification => ({
  id: record.id,
  notificationText: record.notificationText,
  customerID: record.customerId,
  productID: record.productId,
  customerName: record.customerName,
  productName: record.productName,
  version: record.version,
});

/** Manage Notification (spec §2.5, §7.1): ADMIN only, each change an event. */
export function notificationRoutes(ctx: AppContext): Router {
  const router = Router();
  const { adminOnly } = guards(ctx);

  const answerWith = async (res: Response, message: string, id: number) => {
    const record = await findNotification(ctx.db, id);
    if (!record) refuse('notification-not-found');
    setVersion(res, record.version);
    res.json({ message, notification: toNotification(record) } satisfies NotificationChangeResponse);
  };

  router.get('/user/listNotification', ...adminOnly, async (req, res) => {
    res.json({ list: (await listNotifications(await ctx.reads.for(req))).map(toNotification) } satisfies NotificationListResponse);
  });

  router.post('/user/addNotification', ...adminOnly, async (req, res) => {
    const { customerID, productID, notificationText } = parseBody(AddNotificationRequest, req.body);
    const { result: id } = await runCommand(ctx, req, READ_MODELS, (run) =>
      addNotification(ctx, run, { text: notificationText, scope: { customerId: customerID, productId: productID }, actor: req.auth! }),
    );
    await answerWith(res, NOTIFICATION_MESSAGES.added, id);
  });

  router.post('/user/updateNotification', ...adminOnly, async (req, res) => {
    const { id, customerID, productID, notificationText } = parseBody(UpdateNotificationRequest, req.body);
    await runCommand(ctx, req, READ_MODELS, (run) =>
      updateNotification(ctx, run, { id, text: notificationText, scope: { customerId: customerID, productId: productID }, actor: req.auth!, seenVersion: ifMatch(req) }),
    );
    await answerWith(res, NOTIFICATION_MESSAGES.updated, id);
  });

  router.delete('/user/deleteNotification', ...adminOnly, async (req, res) => {
    // `id` in the body, as DELETE /user/delete takes it; a client that cannot send a DELETE body may use ?id=.
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) && 'id' in req.body ? req.body : { id: req.query.id };
    const { id } = parseBody(DeleteNotificationRequest, body);
    await runCommand(ctx, req, READ_MODELS, (run) => deleteNotification(run, { id, actor: req.auth!, seenVersion: ifMatch(req) }));
    res.json({ message: NOTIFICATION_MESSAGES.deleted } satisfies NotificationChangeResponse);
  });

  return router;
}
