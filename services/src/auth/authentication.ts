import { createSecretKey, type KeyObject } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { type Role, userStreamId } from '@ifu/contracts';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { accountFold } from './account';
import { AccountsFromLog } from './accounts-from-log';
import { type SessionCompanion, SessionActivity } from './sessions';
import { type VerifiedClaims, VerifiedTokens } from './verified-tokens';

/** The bearer token only names the server-side session; the session decides whether it is still good. */
export function issueToken(secret: string, userId: string, sessionId: string): string {
  return jwt.sign({ sid: sessionId }, secret, { algorithm: 'HS256', subject: userId, expiresIn: '12h' });
}

const BEARER = /^Bearer ([A-Za-z0-9_.-]{1,2048})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readToken(req: Request, secret: KeyObject, verified: VerifiedTokens): VerifiedClaims | undefined {
  const match = BEARER.exec(req.get('authorization') ?? '');
  if (!match) return undefined;
  const token = match[1]!;
  // jsonwebtoken checks `exp` against the wall clock (not ctx.clock), so this does too.
  const nowMs = Date.now();
  const known = verified.get(token, nowMs);
  if (known) return known;
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'] });
    if (typeof claims !== 'object' || typeof claims.sid !== 'string' || typeof claims.sub !== 'string') return undefined;
    const read = { sid: claims.sid, sub: claims.sub };
    // Only a token whose validity is its expiry alone (as `issueToken` makes them): anything else is verified each time.
    if (typeof claims.exp === 'number' && claims.nbf === undefined) verified.remember(token, read, claims.exp * 1000);
    return read;
  } catch {
    return undefined;
  }
}

export interface Guards {
  /** Who an account is now, from the log: for every decision about the one asking (and its approvers). */
  accounts: AccountsFromLog;
  /** Every staff route: a valid token, a live session, an account that is active now (role from now, not the token). */
  loggedIn: RequestHandler;
  /**
   * Logged in, also as an ADMIN who has not enrolled a second factor yet: only for enrolling one,
   * /user/me and logout.
   */
  enrolling: RequestHandler;
  /** Logged in with the ADMIN role now. */
  adminOnly: RequestHandler[];
  /**
   * `loggedIn` called by a route itself, with the route's own one-row read made in the session's statement (one round
   * trip, not two). Every check runs as in `loggedIn`, and first: the read's answer is returned only when they pass.
   */
  loggedInReading<T>(req: Request, read: SessionCompanion<T>): Promise<T>;
  sessions: SessionActivity;
}

const guardsByContext = new WeakMap<AppContext, Guards>();

/** The authentication middleware of one app; one session-activity memory for all its routes. */
export function guards(ctx: AppContext): Guards {
  let made = guardsByContext.get(ctx);
  if (!made) {
    const sessions = new SessionActivity(ctx.db, ctx.store.kind === 'postgres');
    const accounts = new AccountsFromLog(ctx.store);
    // A key object made once: given the secret as a string, jsonwebtoken first tries (and fails) to read it as a
    // public key on every request, which was about 40 % of an authenticated GET's CPU (bench: API rows).
    const secret = createSecretKey(Buffer.from(ctx.secrets.jwtSecret));
    const verified = new VerifiedTokens();
    /**
     * `requireFactor`: an ADMIN without an enrolled second factor is refused: every route but enrolling
     * one, /user/me and logout, which use `enrolling`.
     */
    const check = async <T>(req: Request, requireFactor: boolean, companion?: SessionCompanion<T>): Promise<T | undefined> => {
      const claims = readToken(req, secret, verified);
      if (!claims || !UUID.test(claims.sid)) refuse('authentication-required');
      // The token is signed, so its subject names the account: the session comes with that account's stream version
      // (one round trip), and the account folded from the log is read again only when its stream has grown.
      const session = await sessions.resume(claims.sid, ctx.clock(), userStreamId(claims.sub), companion);
      if (!session || session.userId !== claims.sub) refuse('session-ended');
      const account = await accounts.fold(claims.sub, session.accountVersion);
      const user = account?.state.exists ? account.state : undefined;
      if (!user) refuse('session-ended');
      if (!user.userActive || user.isDeleted) refuse('account-not-active');
      req.auth = {
        userId: user.userId,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        name: `${user.firstName} ${user.lastName}`.trim(),
        role: user.role,
        isTrainingCompleted: user.isTrainingCompleted,
        sessionId: claims.sid,
        secondFactorEnrolled: Boolean(user.secondFactor),
        taskMail: user.taskMail,
      };
      // The request's commands start from this fold of the caller's account (their signature, their role now).
      req.folded = [{ decider: accountFold, loaded: { stream: userStreamId(user.userId), state: user, version: account!.version, sinceSnapshot: 0 } }];
      // The role as the log has it now: a USER made ADMIN is stopped here at once, until they enrol.
      if (requireFactor && user.role === 'ADMIN' && !user.secondFactor) refuse('second-factor-enrolment-required');
      return session.companion;
    };
    const authenticate =
      (requireFactor: boolean): RequestHandler =>
      async (req, _res, next) => {
        await check(req, requireFactor);
        next();
      };
    const loggedIn = authenticate(true);
    made = {
      loggedIn,
      enrolling: authenticate(false),
      adminOnly: [loggedIn, requireRole('ADMIN')],
      loggedInReading: async <T>(req: Request, read: SessionCompanion<T>) => (await check(req, true, read)) as T,
      sessions,
      accounts,
    };
    guardsByContext.set(ctx, made);
  }
  return made;
}

export function requireRole(role: Role): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) refuse('authentication-required');
    if (req.auth.role !== role) refuse('admin-only');
    next();
  };
}
