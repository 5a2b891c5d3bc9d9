import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { type AccessRequestEvent, accessRequestStreamId, type MessageResponse, NotifyAdminRequest, USER_MESSAGES } from '@ifu/contracts';
import { findUserByEmail, listActiveAdmins } from '@ifu/projections';
import { perIpLimit } from '../auth/rate-limits';
import type { AppContext } from '../platform/app-context';
import type { Decider } from '../platform/command-pipeline';
import { originOf, parseBody } from '../platform/http';

/** /sendRequest asks every active ADMIN for access (unknown email) or activation (inactive user). */
export interface NotifyAdministrators {
  type: 'NotifyAdministrators';
  requestId: string;
  email: string;
  account: 'unknown' | 'inactive' | 'active';
  recipients: number;
}

/** `access-request-<id>`: one request each; an active account has nothing to ask for. */
export const accessRequestDecider: Decider<NotifyAdministrators, AccessRequestEvent, { sent: boolean }> = {
  name: 'access-request',
  initialState: () => ({ sent: false }),
  evolve: () => ({ sent: true }),
  decide(command, state) {
    if (state.sent) return { events: [] };
    if (command.account === 'active') return { events: [], rejection: { code: 'account-already-active' } };
    const reason = command.account === 'inactive' ? 'activate user' : 'activate email';
    return {
      events: [{ type: 'AdministratorNotified', data: { requestId: command.requestId, email: command.email, reason, recipients: command.recipients } }],
    };
  },
};

export function accessRequestRoutes(ctx: AppContext, options: { rateLimit?: number } = {}): Router {
  const router = Router();
  router.post('/user/notify/admin', perIpLimit(options.rateLimit ?? 20), async (req, res) => {
    const { email } = parseBody(NotifyAdminRequest, req.body);
    const user = await findUserByEmail(ctx.db, email);
    const admins = await listActiveAdmins(ctx.db);
    const requestId = randomUUID();
    const run = ctx.commands.begin(originOf(req, { type: 'public', email }));
    const { events } = await run.execute({
      stream: accessRequestStreamId(requestId),
      decider: accessRequestDecider,
      command: {
        type: 'NotifyAdministrators',
        requestId,
        email: email.toLowerCase(),
        account: !user ? 'unknown' : user.userActive && !user.isDeleted ? 'active' : 'inactive',
        recipients: admins.length,
      },
    });
    const manageUsers = `${ctx.config.PUBLIC_ADMIN_URL}/manageuser`;
    for (const event of events) {
      for (const admin of admins) {
        await ctx.mailer.send({
          to: admin.email,
          subject: `IFU Portal: ${email} asks you to ${event.data.reason}`,
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
    }
    const body: MessageResponse = { message: USER_MESSAGES.notifiedAdministrator };
    res.json(body);
  });
  return router;
}
