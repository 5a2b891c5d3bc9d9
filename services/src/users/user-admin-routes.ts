import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  AddUserRequest,
  type ApproverListResponse,
  DeleteUserRequest,
  ModifyUserRequest,
  USER_MESSAGES,
  type UserEvent,
  type UserListItem,
  type UserListResponse,
  type UserMutationResponse,
  userStreamId,
} from '@ifu/contracts';
import { WrongExpectedVersionError } from '@ifu/storage/event-store/event-store';
import { findUserById, listActiveAdmins, listUsers, type UserAccount } from '@ifu/projections';
import type { AppContext } from '../platform/app-context';
import { conflict, forbidden, type HttpError, notFound } from '../platform/http-errors';
import { eventMetadata } from '../platform/request-metadata';
import { parseBody } from '../platform/validation';
import { authenticate, requireRole } from './authentication';
import { claimEmail, releaseEmail } from './email-claims';
import { issuePasswordLink } from './password-links';
import { isPasswordActive } from './password-policy';
import { revokeUserSessions } from './sessions';
import { foldUser } from './user';
import { decideDeactivate, decideModify, decideRegister, type UserAdminDecision, type UserAdminRejection } from './user-admin';

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
  };
}

function rejection(reason: UserAdminRejection): HttpError {
  switch (reason) {
    case 'user-exists':
      return conflict('A user with this id already exists');
    case 'user-not-found':
      return notFound('User not found');
    case 'cannot-deactivate-self':
      return forbidden('You cannot deactivate your own account');
    case 'cannot-demote-self':
      return forbidden('You cannot remove the ADMIN role from your own account');
    case 'last-admin-deactivation':
      return conflict('The last active ADMIN cannot be deactivated');
    case 'last-admin-demotion':
      return conflict('The last active ADMIN cannot lose the ADMIN role');
    default: {
      const unhandled: never = reason;
      return unhandled;
    }
  }
}

/**
 * Runs changes that can affect who is an active ADMIN one at a time, so two admins deactivating or demoting each
 * other at once cannot leave nobody in charge. (In-process: with several API processes this needs a shared lock.)
 */
function createSerializer() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** Manage User (spec §2.3, §7.1): ADMIN only, every rule enforced here. */
export function userAdminRoutes(ctx: AppContext): Router {
  const router = Router();
  const oneAtATime = createSerializer();
  const adminOnly = [authenticate(ctx), requireRole('ADMIN')];

  /** Loads a user's stream, decides, appends at the version read: a concurrent change answers 409. */
  async function decideOnUser(req: Parameters<typeof eventMetadata>[0], userId: string, decide: (state: ReturnType<typeof foldUser>) => UserAdminDecision) {
    const recorded = await ctx.store.readStream(userStreamId(userId));
    const state = foldUser(recorded.map((e) => ({ type: e.type, data: e.data }) as UserEvent));
    const decision = decide(state);
    if (decision.rejection) throw rejection(decision.rejection);
    return { state, version: recorded.length, events: decision.events, metadata: eventMetadata(req, ctx.clock()) };
  }

  async function append(userId: string, version: number, events: UserEvent[], metadata: ReturnType<typeof eventMetadata>) {
    if (events.length === 0) return 0;
    try {
      const result = await ctx.store.append(userStreamId(userId), events.map((e) => ({ ...e, metadata })), version);
      return result.lastPosition;
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) throw conflict('Someone else changed this user at the same time. Reload and try again.');
      throw error;
    }
  }

  router.get('/user/approvers', authenticate(ctx), async (req, res) => {
    const admins = await listActiveAdmins(ctx.db);
    const body: ApproverListResponse = {
      approverList: admins
        .filter((a) => a.id !== req.auth!.userId)
        .map((a) => ({ id: a.id, firstName: a.firstName, lastName: a.lastName, email: a.email })),
    };
    res.json(body);
  });

  router.get('/user/list/user', ...adminOnly, async (_req, res) => {
    const now = ctx.clock();
    const body: UserListResponse = { userList: (await listUsers(ctx.db)).map((u) => toUserListItem(u, now)) };
    res.json(body);
  });

  router.post('/user/add', ...adminOnly, async (req, res) => {
    const input = parseBody(AddUserRequest, req.body);
    const userId = randomUUID();
    const email = input.email.toLowerCase();
    const metadata = eventMetadata(req, ctx.clock());
    await claimEmail(ctx, email, userId, metadata);
    const { version, events } = await decideOnUser(req, userId, (state) =>
      decideRegister(state, { type: 'RegisterUser', userId, ...input, email, isTrainingCompleted: true }),
    );
    const position = await append(userId, version, events, metadata);
    await ctx.readModels.waitFor(position);
    const user = (await findUserById(ctx.db, userId))!;
    // The new user has no password: the set-password link goes to their mailbox.
    const link = await issuePasswordLink(ctx, user, 'new-user', metadata);
    await ctx.readModels.waitFor(link.lastPosition);
    const body: UserMutationResponse = {
      message: `${user.firstName} ${user.lastName} ${USER_MESSAGES.added}`,
      user: toUserListItem((await findUserById(ctx.db, userId))!, ctx.clock()),
    };
    res.json(body);
  });

  router.put('/user/modify', ...adminOnly, (req, res) => oneAtATime(async () => {
    const input = parseBody(ModifyUserRequest, req.body);
    const email = input.email.toLowerCase();
    const activeAdminCount = (await listActiveAdmins(ctx.db)).length;
    const { state, version, events, metadata } = await decideOnUser(req, input.id, (current) =>
      decideModify(current, {
        type: 'ModifyUser',
        actorUserId: req.auth!.userId,
        activeAdminCount,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        isTrainingCompleted: true,
        userActive: input.userActive,
        now: ctx.clock(),
      }),
    );
    const emailChanged = email !== state.email;
    if (emailChanged) await claimEmail(ctx, email, input.id, metadata);
    const position = await append(input.id, version, events, metadata);
    if (emailChanged) await releaseEmail(ctx, state.email, input.id, metadata);
    await ctx.readModels.waitFor(position);
    const body: UserMutationResponse = {
      message: USER_MESSAGES.updated,
      user: toUserListItem((await findUserById(ctx.db, input.id))!, ctx.clock()),
    };
    res.json(body);
  }));

  router.delete('/user/delete', ...adminOnly, (req, res) => oneAtATime(async () => {
    const { id } = parseBody(DeleteUserRequest, req.body);
    const activeAdminCount = (await listActiveAdmins(ctx.db)).length;
    const now = ctx.clock();
    const { version, events, metadata } = await decideOnUser(req, id, (state) =>
      decideDeactivate(state, { type: 'DeactivateUser', actorUserId: req.auth!.userId, activeAdminCount, now }),
    );
    const position = await append(id, version, events, metadata);
    // Their open sessions end now, not at their next inactivity timeout.
    await revokeUserSessions(ctx.db, id, now, 'deactivated');
    await ctx.readModels.waitFor(position);
    const body: UserMutationResponse = { message: USER_MESSAGES.deleted };
    res.json(body);
  }));

  return router;
}
