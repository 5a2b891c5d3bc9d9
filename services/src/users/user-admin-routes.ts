import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  AddUserRequest,
  type ApproverListResponse,
  DeleteUserRequest,
  IDENTITY_CHANGE_MESSAGES,
  ModifyUserRequest,
  USER_MESSAGES,
  type UserListItem,
  UserListQuery,
  type UserListResponse,
  type UserMutationResponse,
  userStreamId,
} from '@ifu/contracts';
import { findUserById, listActiveAdmins, listUsers, type UserAccount, userAccountsProjection } from '@ifu/projections';
import { guards } from '../auth/authentication';
import { revokeUserSessions } from '../auth/sessions';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { ifMatch, originOf, parseBody, setVersion } from '../platform/http';
import { exclusiveSection } from '../platform/exclusive';
import { sign } from '../signatures/signatures';
import { usersVocabulary } from './audit';
import { userDecider } from './decider';
import { checkEmailFree, claimEmail } from './email-claims';
import { mailIdentityChange } from './identity-change';
import { issuePasswordLink } from './password-links';
import { isPasswordActive } from './password-policy';
import { checkPrintedNameFree, executeUserStep, printedNameKey } from './printed-name-claims';

export function toUserListItem(user: UserAccount, now: Date): UserListItem {
  const active = user.userActive && !user.isDeleted;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    userActive: user.userActive,
    isDeleted: user.isDeleted,
    passwordActive: isPasswordActive(user.passwordSetAt, now),
    isTrainingCompleted: user.isTrainingCompleted,
    lastLoginDate: user.lastLoginAt,
    passwordCreationDate: user.passwordSetAt,
    passwordSetDate: user.passwordSetAt,
    status: active ? 'ACTIVE' : 'INACTIVE',
    version: user.version,
    pendingIdentityChange: livePendingChange(user, now),
  };
}

const livePendingChange = (user: UserAccount, now: Date) => {
  const pending = user.pendingIdentityChange;
  if (!pending || Date.parse(pending.expiresAt) <= now.getTime()) return null;
  return { email: pending.email, firstName: pending.firstName, lastName: pending.lastName, changed: pending.changed };
};


const READ_MODELS = [userAccountsProjection.name];

/** Manage User (spec §2.3, §7.1): ADMIN only; the rules are the user decider's. */
export function userAdminRoutes(ctx: AppContext): Router {
  const router = Router();
  // Changes that may take away an active ADMIN decide one at a time over every instance, so that two ADMINs
  // deactivating each other at once cannot leave nobody in charge.
  const oneAtATime = exclusiveSection(ctx.db, 'active-admins');
  const { loggedIn, adminOnly } = guards(ctx);

  async function answerWithUser(res: Parameters<typeof setVersion>[0], message: string, userId: string) {
    const user = await findUserById(ctx.db, userId);
    if (!user) refuse('user-not-found');
    setVersion(res, user.version);
    const body: UserMutationResponse = { message, user: toUserListItem(user, ctx.clock()) };
    res.json(body);
  }

  router.get('/user/approvers', loggedIn, async (req, res) => {
    const admins = await listActiveAdmins(await ctx.reads.for(req));
    const body: ApproverListResponse = {
      approverList: admins
        .filter((a) => a.id !== req.auth!.userId)
        .map((a) => ({ id: a.id, firstName: a.firstName, lastName: a.lastName, email: a.email })),
    };
    res.json(body);
  });

  router.get('/user/list/user', ...adminOnly, async (req, res) => {
    const query = parseBody(UserListQuery, { ...req.query });
    const now = ctx.clock();
    const { rows, total } = await listUsers(await ctx.reads.for(req), query);
    const body: UserListResponse = { userList: rows.map((u) => toUserListItem(u, now)), total };
    res.json(body);
  });

  router.post('/user/add', ...adminOnly, async (req, res) => {
    const input = parseBody(AddUserRequest, req.body);
    const userId = randomUUID();
    const email = input.email.toLowerCase();
    const run = ctx.commands.begin(originOf(req));
    // Both checked before anything is claimed: a taken address or printed name leaves nothing behind (issue 19, finding 10).
    await checkEmailFree(ctx, run, email, userId);
    await checkPrintedNameFree(ctx, run, input, userId);
    await claimEmail(ctx, run, email, userId);
    await executeUserStep(
      ctx,
      run,
      { stream: userStreamId(userId), decider: userDecider, command: { type: 'RegisterUser', userId, ...input, email, isTrainingCompleted: true } },
      userId,
    );
    // The new user has no password: the set-password link goes to their mailbox.
    await issuePasswordLink(ctx, run, userId, 'new-user');
    await run.settle(READ_MODELS);
    await answerWithUser(res, `${input.firstName} ${input.lastName} ${USER_MESSAGES.added}`, userId);
  });

  router.put('/user/modify', ...adminOnly, (req, res) =>
    oneAtATime(async () => {
      const input = parseBody(ModifyUserRequest, req.body);
      const email = input.email.toLowerCase();
      const run = ctx.commands.begin(originOf(req));
      const activeAdminCount = (await listActiveAdmins(ctx.db)).length;
      const step = {
        stream: userStreamId(input.id),
        decider: userDecider,
        expectedVersion: ifMatch(req),
        command: {
          type: 'ModifyUser' as const,
          actorUserId: req.auth!.userId,
          activeAdminCount,
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          isTrainingCompleted: true,
          userActive: input.userActive,
          now: run.now,
        },
      };
      // Decided first: a refused change mails nothing. A new address must be free now; it is claimed when confirmed.
      await run.check(step);
      const { state: before } = await run.load(step.stream, userDecider);
      if (email !== before.email) await checkEmailFree(ctx, run, email, input.id);
      // A new printed name must be free now, whether it applies at once or waits for the user (issue 19, finding 10).
      if (printedNameKey(input) !== printedNameKey(before)) await checkPrintedNameFree(ctx, run, input, input.id);
      const { events } = await executeUserStep(ctx, run, step, input.id);
      await mailIdentityChange(ctx, run, input.id, before, events);
      await run.settle(READ_MODELS);
      const requested = events.some((event) => event.type === 'IdentityChangeRequested');
      await answerWithUser(res, requested ? IDENTITY_CHANGE_MESSAGES.requested : USER_MESSAGES.updated, input.id);
    }),
  );

  router.delete('/user/delete', ...adminOnly, (req, res) =>
    oneAtATime(async () => {
      const { id, username, password } = parseBody(DeleteUserRequest, req.body);
      const run = ctx.commands.begin(originOf(req));
      const activeAdminCount = (await listActiveAdmins(ctx.db)).length;
      const stream = userStreamId(id);
      const { signature } = await sign(ctx, run, {
        signer: req.auth!,
        credentials: { username, password },
        meaning: 'deactivation',
        // A deactivation decides on the user as the list showed them: it names that version (If-Match).
        subject: { stream, decider: userDecider, vocabulary: usersVocabulary, seenVersion: ifMatch(req) },
      });
      // A deactivated user's printed name is released: another active user may have it now.
      await executeUserStep(
        ctx,
        run,
        {
          stream,
          decider: userDecider,
          expectedVersion: signature.subject!.version,
          command: { type: 'DeactivateUser', actorUserId: req.auth!.userId, activeAdminCount, signature, now: run.now },
        },
        id,
      );
      // Their open sessions end now, not at their next inactivity timeout.
      await revokeUserSessions(ctx.db, id, run.now, 'deactivated');
      await run.settle(READ_MODELS);
      const body: UserMutationResponse = { message: USER_MESSAGES.deleted };
      res.json(body);
    }),
  );

  return router;
}
