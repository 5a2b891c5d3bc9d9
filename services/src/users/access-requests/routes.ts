import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { type AccessRequestEvent, accessRequestStreamId, type MessageResponse, NotifyAdminRequest, USER_MESSAGES } from '@ifu/contracts';
import { findUserByEmail, listActiveAdmins } from '@ifu/projections';
import { perAddressLimit, perIpLimit } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import type { Decider } from '../../platform/command-pipeline';
import { originOf, parseBody } from '../../platform/http';

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
  // Mail to every active ADMIN per request: limited per source address and, so that it cannot amplify, per address asked about.
  router.post('/user/notify/admin', perIpLimit(ctx.rateLimits, 'notify-admin', options.rateLimit ?? 20), perAddressLimit(ctx.rateLimits, 'notify-admin', 3), async (req, res) => {
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
      // The address is the visitor's, unverified: never in the subject, and only in the body as a checked address
      // (the email rule admits no URL), so the mail cannot carry the visitor's link or phrasing.
      const asked = user
        ? `Someone asked, for the address ${email}, to activate its IFU Portal account, which is not active.`
        : `Someone asked, for the address ${email}, for an IFU Portal account; there is none for it.`;
      // Past the hour's budget of these mails (over every caller and address), the request waits for the digest.
      if (!(await ctx.anonymousMail.take('access-request', admins.length))) {
        ctx.anonymousMail.hold('access-request', asked);
        continue;
      }
      for (const admin of admins) {
        await ctx.mailer.send({
          to: admin.email,
          subject: `IFU Portal: a request to ${event.data.reason}`,
          text: [
            `Hello ${admin.firstName} ${admin.lastName},`,
            '',
            asked,
            'This address has not been verified.',
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
