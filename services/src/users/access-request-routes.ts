import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { type AccessRequestEvent, type MessageResponse, NotifyAdminRequest, USER_MESSAGES } from '@ifu/contracts';
import { findUserByEmail, listActiveAdmins } from '@ifu/projections';
import type { AppContext } from '../platform/app-context';
import { conflict } from '../platform/http-errors';
import { eventMetadata } from '../platform/request-metadata';
import { parseBody } from '../platform/validation';
import { perIpLimit } from './rate-limits';

/** /sendRequest's call: someone asks every active ADMIN for access (unknown email) or activation (inactive user). */
export function accessRequestRoutes(ctx: AppContext, options: { rateLimit?: number } = {}): Router {
  const router = Router();
  router.post('/user/notify/admin', perIpLimit(options.rateLimit ?? 20), async (req, res) => {
    const { email } = parseBody(NotifyAdminRequest, req.body);
    const user = await findUserByEmail(ctx.db, email);
    if (user && user.userActive && !user.isDeleted) throw conflict('This account is already active. Log in instead.');
    const reason = user ? 'activate user' : 'activate email';
    const admins = await listActiveAdmins(ctx.db);
    const manageUsers = `${ctx.config.PUBLIC_ADMIN_URL}/manageuser`;
    for (const admin of admins) {
      await ctx.mailer.send({
        to: admin.email,
        subject: `IFU Portal: ${email} asks you to ${reason}`,
        text: [
          `Hello ${admin.firstName} ${admin.lastName},`,
          '',
          user
            ? `${email} has an IFU Portal account that is not active and asks you to activate it.`
            : `${email} has no IFU Portal account and asks for one.`,
          '',
          `Manage users: ${manageUsers}`,
          '',
          'IFU Portal',
        ].join('\n'),
      });
    }
    const requestId = randomUUID();
    const event: AccessRequestEvent = { type: 'AdministratorNotified', data: { requestId, email: email.toLowerCase(), reason, recipients: admins.length } };
    await ctx.store.append(`access-request-${requestId}`, [{ ...event, metadata: eventMetadata(req, ctx.clock(), { type: 'public', email }) }], 0);
    const body: MessageResponse = { message: USER_MESSAGES.notifiedAdministrator };
    res.json(body);
  });
  return router;
}
