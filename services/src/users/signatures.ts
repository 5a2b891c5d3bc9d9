import type { Request } from 'express';
import { type UserEvent, userStreamId } from '@ifu/contracts';
import type { AppContext } from '../platform/app-context';
import { handleCommand } from '../platform/command-handling';
import { forbidden, locked, unauthorized } from '../platform/http-errors';
import { eventMetadata } from '../platform/request-metadata';
import { type CredentialDecision, decideCredentials } from './login';
import { loadPasswordHash, verifyPassword } from './passwords';
import { foldUser, type UserState } from './user';

export const SIGNATURE_REFUSED = 'Signature refused: enter your own username and password.';

export interface Signer {
  id: string;
  name: string;
  email: string;
}

/**
 * An electronic signature (architecture §2): the username and password must be the logged-in user's own. Another
 * account's valid credentials are refused like a wrong password; every refusal is an event and counts toward lockout.
 */
export async function verifySignature(ctx: AppContext, req: Request, credentials: { username: string; password: string }): Promise<Signer> {
  const auth = req.auth;
  if (!auth) throw unauthorized();
  const ownUsername = credentials.username.trim().toLowerCase() === auth.email.toLowerCase();
  const hash = await loadPasswordHash(ctx.db, auth.userId);
  const passwordMatches = (await verifyPassword(hash, credentials.password)) && ownUsername;
  const now = ctx.clock();
  const { result, lastPosition } = await handleCommand<UserEvent, UserState, CredentialDecision>(
    ctx.store,
    userStreamId(auth.userId),
    foldUser,
    (state) => {
      const checked = decideCredentials(state, { type: 'CheckCredentials', purpose: 'signature', passwordMatches, now });
      return { events: checked.events, result: checked };
    },
    eventMetadata(req, now),
  );
  if (result.rejection) {
    await ctx.readModels.waitFor(lastPosition);
    req.log.warn({ reason: result.rejection.reason, ownUsername }, 'signature refused');
    if (result.rejection.reason === 'account-locked') {
      throw locked(`This account is locked after 5 failed attempts. Try again after ${result.rejection.lockedUntil.slice(11, 16)} UTC.`);
    }
    throw forbidden(SIGNATURE_REFUSED);
  }
  return { id: auth.userId, name: auth.name, email: auth.email };
}
