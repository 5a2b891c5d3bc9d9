import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** How long the code step may come after the password step. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
const PURPOSE = 'second-factor';

/**
 * The password step's answer for an account with a second factor: a signed, short-lived statement that
 * this account's password was just accepted, naming the factor then in force. It is no session (it has no `sid`, so
 * the bearer check refuses it) and opens none: only a valid code with it does. A factor reset since makes it useless
 * (the code step compares the enrolment it names with the log's). It opens one session at most: its id (`jti`) is
 * recorded with the login it opened, in the user's credentials stream, and a challenge already recorded there is
 * refused (second-factor/decisions.ts), whichever API instance it comes to.
 */
export function issueSecondFactorChallenge(secret: string, userId: string, enrolmentId: string, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  return jwt.sign({ purpose: PURPOSE, enr: enrolmentId, iat }, secret, {
    algorithm: 'HS256',
    subject: userId,
    jwtid: randomUUID(),
    expiresIn: Math.floor(CHALLENGE_LIFETIME_MS / 1000),
  });
}

export interface SecondFactorChallenge {
  userId: string;
  enrolmentId: string;
  challengeId: string;
}

/** The account, enrolment and id a challenge names, or undefined when it is not one of ours, or has expired. */
export function readSecondFactorChallenge(secret: string, challenge: string, now: Date): SecondFactorChallenge | undefined {
  try {
    // The server's clock (time as data, as everywhere), not the library's.
    const claims = jwt.verify(challenge, secret, { algorithms: ['HS256'], clockTimestamp: Math.floor(now.getTime() / 1000) });
    if (typeof claims !== 'object' || claims.purpose !== PURPOSE || typeof claims.sub !== 'string' || typeof claims.enr !== 'string') return undefined;
    // A challenge without an id could not be spent once: it is not one.
    if (typeof claims.jti !== 'string' || claims.jti === '') return undefined;
    return { userId: claims.sub, enrolmentId: claims.enr, challengeId: claims.jti };
  } catch {
    return undefined;
  }
}
