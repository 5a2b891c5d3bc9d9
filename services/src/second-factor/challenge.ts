import jwt from 'jsonwebtoken';

/** How long the code step may come after the password step. */
const CHALLENGE_LIFETIME = '5m';
const PURPOSE = 'second-factor';

/**
 * The password step's answer for an account with a second factor (issue 23): a signed, short-lived statement that
 * this account's password was just accepted, naming the factor then in force. It is no session (it has no `sid`, so
 * the bearer check refuses it) and opens none: only a valid code with it does. A factor reset since makes it useless
 * (the code step compares the enrolment it names with the log's).
 */
export function issueSecondFactorChallenge(secret: string, userId: string, enrolmentId: string, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  return jwt.sign({ purpose: PURPOSE, enr: enrolmentId, iat }, secret, { algorithm: 'HS256', subject: userId, expiresIn: CHALLENGE_LIFETIME });
}

/** The account and enrolment a challenge names, or undefined when it is not one of ours, or has expired. */
export function readSecondFactorChallenge(secret: string, challenge: string, now: Date): { userId: string; enrolmentId: string } | undefined {
  try {
    // The server's clock (time as data, as everywhere), not the library's.
    const claims = jwt.verify(challenge, secret, { algorithms: ['HS256'], clockTimestamp: Math.floor(now.getTime() / 1000) });
    if (typeof claims !== 'object' || claims.purpose !== PURPOSE || typeof claims.sub !== 'string' || typeof claims.enr !== 'string') return undefined;
    return { userId: claims.sub, enrolmentId: claims.enr };
  } catch {
    return undefined;
  }
}
