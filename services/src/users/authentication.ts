import type { NextFunction, Request, RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import type { Role } from '@ifu/contracts';
import { findUserById } from '@ifu/projections';
import type { AppContext } from '../platform/app-context';
import { forbidden, unauthorized } from '../platform/http-errors';
import { touchSession } from './sessions';

interface TokenClaims {
  sid: string;
  sub: string;
}

/** The bearer token only names the server-side session; the session decides whether it is still good. */
export function issueToken(secret: string, userId: string, sessionId: string): string {
  return jwt.sign({ sid: sessionId }, secret, { algorithm: 'HS256', subject: userId, expiresIn: '12h' });
}

function readToken(req: Request, secret: string): TokenClaims | undefined {
  const header = req.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) return undefined;
  try {
    const claims = jwt.verify(match[1]!, secret, { algorithms: ['HS256'] });
    if (typeof claims !== 'object' || typeof claims.sid !== 'string' || typeof claims.sub !== 'string') return undefined;
    return { sid: claims.sid, sub: claims.sub };
  } catch {
    return undefined;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every staff route: a valid token, a live session (not logged out, not idle for 10 minutes), and an account
 * that is still active. The role comes from the current read model, not the token, so a demotion applies at once.
 */
export function authenticate(ctx: AppContext): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const claims = readToken(req, ctx.secrets.jwtSecret);
    if (!claims || !UUID.test(claims.sid)) throw unauthorized('Authentication required');
    const userId = await touchSession(ctx.db, claims.sid, ctx.clock());
    if (!userId || userId !== claims.sub) throw unauthorized('Your session has ended. Please log in again.');
    const user = await findUserById(ctx.db, userId);
    if (!user || !user.userActive || user.isDeleted) throw unauthorized('Your account is not active');
    req.auth = {
      userId: user.id,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim(),
      role: user.role,
      sessionId: claims.sid,
    };
    next();
  };
}

export function requireRole(role: Role): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) throw unauthorized();
    if (req.auth.role !== role) throw forbidden('This needs the ADMIN role');
    next();
  };
}
