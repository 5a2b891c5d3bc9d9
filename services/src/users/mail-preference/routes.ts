import { Router } from 'express';
import { MAIL_PREFERENCE_MESSAGES, MailPreferenceRequest, type MailPreferenceResponse, userStreamId } from '@ifu/contracts';
import { userAccountsProjection } from '@ifu/projections';
import { guards } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import { parseBody, runCommand } from '../../platform/http';
import { mailPreferenceDecider } from './rules';

/**
 * PUT /user/me/mail-preference { taskMail } (an addition to the spec's calls): any signed-in staff member chooses,
 * for themselves only, one mail for each task or one daily digest. Answered once `user-accounts`, which the
 * task mails read, has the choice.
 */
export function mailPreferenceRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn } = guards(ctx);
  router.put('/user/me/mail-preference', loggedIn, async (req, res) => {
    const { taskMail } = parseBody(MailPreferenceRequest, req.body);
    const userId = req.auth!.userId;
    await runCommand(ctx, req, [userAccountsProjection.name], (run) =>
      run.execute({ stream: userStreamId(userId), decider: mailPreferenceDecider, command: { type: 'ChooseMailPreference', taskMail, now: run.now } }),
    );
    const body: MailPreferenceResponse = { message: MAIL_PREFERENCE_MESSAGES.saved, taskMail };
    res.json(body);
  });
  return router;
}
