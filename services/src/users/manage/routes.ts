import { Router } from 'express';
import {
  AddUserRequest,
  type ApproverListResponse,
  DeleteUserRequest,
  IDENTITY_CHANGE_MESSAGES,
  ModifyUserRequest,
  ReactivateUserRequest,
  USER_MESSAGES,
  type UserListItem,
  UserListQuery,
  type UserListResponse,
  type UserMutationResponse,
  userStreamId,
} from '@ifu/contracts';
import { findUserById, listUsers, type UserAccount } from '@ifu/projections';
import { guards, isPasswordActive } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import { refuse } from '../../platform/errors';
import { ifMatch, parseBody, runCommand, setVersion } from '../../platform/http';
import { recordViews } from '../../signatures';
import { approverChoices } from '../approver-list';
import { runActiveAdminsCommand, USER_READ_MODELS } from './active-admins';
import { addUser } from './add';
import { deactivateUser, reactivateUser } from './deactivation';
import { modifyUser } from './modify';

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
    trainingRecordedAt: user.trainingRecordedAt,
    trainingRecordedBy: user.trainingRecordedBy,
    lastLoginDate: user.lastLoginAt,
    passwordCreationDate: user.passwordSetAt,
    passwordSetDate: user.passwordSetAt,
    status: active ? 'ACTIVE' : 'INACTIVE',
    version: user.version,
    pendingIdentityChange: livePendingChange(user, now),
    secondFactorEnrolled: user.secondFactorEnrolled,
  };
}

const livePendingChange = (user: UserAccount, now: Date) => {
  const pending = user.pendingIdentityChange;
  if (!pending || Date.parse(pending.expiresAt) <= now.getTime()) return null;
  return { email: pending.email, firstName: pending.firstName, lastName: pending.lastName, changed: pending.changed };
};


/**
 * Manage User (spec §2.3, §7.1): ADMIN only. Each route validates, is authorized by its guard, runs one command
 * (add.ts, modify.ts, deactivation.ts) and answers; the rules are `rules.ts`'s.
 */
export function userAdminRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn, adminOnly } = guards(ctx);

  async function answerWithUser(res: Parameters<typeof setVersion>[0], message: string, userId: string) {
    const user = await findUserById(ctx.db, userId);
    if (!user) refuse('user-not-found');
    setVersion(res, user.version);
    const body: UserMutationResponse = { message, user: toUserListItem(user, ctx.clock()) };
    res.json(body);
  }

  router.get('/user/approvers', loggedIn, async (req, res) => {
    const today = ctx.clock().toISOString().slice(0, 10);
    const body: ApproverListResponse = { approverList: await approverChoices(await ctx.reads.for(req), today, (a) => a.id !== req.auth!.userId) };
    res.json(body);
  });

  router.get('/user/list/user', ...adminOnly, async (req, res) => {
    const query = parseBody(UserListQuery, { ...req.query });
    const now = ctx.clock();
    const { rows, total } = await listUsers(await ctx.reads.for(req), query);
    // Manage User opens a user as a row of this list (spec §2.3): a deactivation without If-Match is bound to it.
    await recordViews(ctx, req.auth!.userId, rows.map((u) => ({ stream: userStreamId(u.id), version: u.version })), now);
    const body: UserListResponse = { userList: rows.map((u) => toUserListItem(u, now)), total };
    res.json(body);
  });

  router.post('/user/add', ...adminOnly, async (req, res) => {
    const input = parseBody(AddUserRequest, req.body);
    const { result: userId } = await runCommand(ctx, req, USER_READ_MODELS, (run) => addUser(ctx, run, input, req.auth!));
    await answerWithUser(res, `${input.firstName} ${input.lastName} ${USER_MESSAGES.added}`, userId);
  });

  router.put('/user/modify', ...adminOnly, async (req, res) => {
    const fields = parseBody(ModifyUserRequest, req.body);
    const { result: events } = await runActiveAdminsCommand(ctx, req, (run) => modifyUser(ctx, run, { fields, actor: req.auth!, seenVersion: ifMatch(req) }));
    const requested = events.some((event) => event.type === 'IdentityChangeRequested');
    await answerWithUser(res, requested ? IDENTITY_CHANGE_MESSAGES.requested : USER_MESSAGES.updated, fields.id);
  });

  router.delete('/user/delete', ...adminOnly, async (req, res) => {
    const { id, username, password, reason } = parseBody(DeleteUserRequest, req.body);
    // A deactivation decides on the user as the list showed them: it names that version (If-Match).
    await runActiveAdminsCommand(ctx, req, (run) =>
      deactivateUser(ctx, run, { id, credentials: { username, password }, actor: req.auth!, seenVersion: ifMatch(req), reason }),
    );
    const body: UserMutationResponse = { message: USER_MESSAGES.deleted };
    res.json(body);
  });

  router.post('/user/reactivate', ...adminOnly, async (req, res) => {
    const { id, username, password } = parseBody(ReactivateUserRequest, req.body);
    await runCommand(ctx, req, USER_READ_MODELS, (run) => reactivateUser(ctx, run, { id, credentials: { username, password }, actor: req.auth!, seenVersion: ifMatch(req) }));
    await answerWithUser(res, USER_MESSAGES.reactivated, id);
  });

  return router;
}
