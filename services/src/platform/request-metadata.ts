import type { Request } from 'express';
import type { Actor, EventMetadata } from '@ifu/storage/event-store/event-store';
import type { Role } from '@ifu/contracts';

/** The logged-in staff member behind a request, set by the authentication middleware. */
export interface AuthenticatedUser {
  userId: string;
  email: string;
  name: string;
  role: Role;
  sessionId: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthenticatedUser;
  }
}

/** Metadata every event carries (architecture §2): who, when (UTC), correlation id, ip, user agent. */
export function eventMetadata(req: Request, now: Date, actor?: Actor): EventMetadata {
  const user = req.auth;
  return {
    actor:
      actor ??
      (user ? { type: 'user', userId: user.userId, email: user.email, name: user.name } : { type: 'system', name: 'api' }),
    occurredAt: now.toISOString(),
    correlationId: String(req.id ?? ''),
    ip: req.ip ?? null,
    userAgent: req.get('user-agent') ?? null,
  };
}
