import { type Request, type Response, Router } from 'express';
import { ABSENCE_MESSAGES, type AbsenceResponse, type AbsenceView, DeclareAbsenceRequest, userStreamId } from '@ifu/contracts';
import { findUserById, type UserAccount } from '@ifu/projections';
import type { Queryable } from '@ifu/storage/database/database';
import { guards } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import type { CommandRun } from '../../platform/command-pipeline';
import { refuse } from '../../platform/errors';
import { idParam, parseBody, runCommand } from '../../platform/http';
import { approverFacts } from '../approver-facts';
import { USER_READ_MODELS } from '../manage/active-admins';
import { type AbsenceCommand, absenceDecider } from './rules';

const printedName = (user: Pick<UserAccount, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

/** The user's absence as the screens show it, while it is not over (its last day is `today` or later). */
export async function absenceViewOf(db: Queryable, user: UserAccount, today: string): Promise<AbsenceView | null> {
  const absence = user.absence;
  if (!absence || absence.until < today) return null;
  const delegate = await findUserById(db, absence.delegateId);
  return {
    from: absence.from,
    until: absence.until,
    delegate: { id: absence.delegateId, name: delegate ? printedName(delegate) : '', email: delegate?.email ?? '' },
  };
}

/**
 * `/user/me/absence`: the signed-in user's own absence (GET, PUT to declare or replace it, DELETE to end it). An ADMIN
 * may do the same for another user (`/user/:id/absence`): an approver who falls ill does not declare it themselves.
 */
export function absenceRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn } = guards(ctx);

  /** Whose absence: the caller's own (`me`, or their id), or, for an ADMIN, any user's. */
  const subjectOf = (req: Request): string => {
    const actor = req.auth!;
    if (req.params.id === 'me') return actor.userId;
    const id = idParam(req, 'id', 'user-not-found');
    if (id !== actor.userId && actor.role !== 'ADMIN') refuse('admin-only');
    return id;
  };

  /** The absence as it is now (after a command, from the primary: the caller's own write). */
  async function answer(req: Request, res: Response, userId: string, message?: string) {
    const db = message ? ctx.db : await ctx.reads.for(req);
    const user = await findUserById(db, userId);
    if (!user) refuse('user-not-found');
    const body: AbsenceResponse = { ...(message ? { message } : {}), absence: await absenceViewOf(db, user, ctx.clock().toISOString().slice(0, 10)) };
    res.json(body);
  }

  async function run(req: Request, userId: string, command: (run: CommandRun) => Promise<AbsenceCommand>) {
    await runCommand(ctx, req, USER_READ_MODELS, async (run) =>
      run.execute({ stream: userStreamId(userId), decider: absenceDecider, command: await command(run) }),
    );
  }

  router.get('/user/:id/absence', loggedIn, async (req, res) => {
    await answer(req, res, subjectOf(req));
  });

  router.put('/user/:id/absence', loggedIn, async (req, res) => {
    const userId = subjectOf(req);
    const input = parseBody(DeclareAbsenceRequest, req.body);
    await run(req, userId, async (run) => ({
      type: 'DeclareAbsence',
      ...input,
      delegate: await approverFacts(run, input.delegateId),
      today: run.now.toISOString().slice(0, 10),
      at: run.now.toISOString(),
      actorUserId: req.auth!.userId,
    }));
    await answer(req, res, userId, ABSENCE_MESSAGES.declared);
  });

  router.delete('/user/:id/absence', loggedIn, async (req, res) => {
    const userId = subjectOf(req);
    await run(req, userId, async (run) => ({ type: 'EndAbsence', today: run.now.toISOString().slice(0, 10), at: run.now.toISOString(), actorUserId: req.auth!.userId }));
    await answer(req, res, userId, ABSENCE_MESSAGES.ended);
  });

  return router;
}
