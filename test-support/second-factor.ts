import { generate } from 'otplib';

/**
 * Second factors (issue 23) as the test helpers hold them: an ADMIN logged in through `logIn` (or `t.login`) enrols
 * at their first login, as the product demands, and later logins give a code computed here, so that every existing
 * test logs its ADMINs in as before. The product refuses a code of a time step used already (shared across API
 * instances), and accepts one step either side of its clock: three logins of one account per 30 s by code, then a
 * recovery code, then a wait for the next step.
 */
export interface HeldFactor {
  secret: string;
  recoveryCodes: string[];
  /** The newest time step whose code was given. */
  lastStep: number;
}

const held = new Map<string, HeldFactor>();
const keyOf = (base: string, email: string) => `${base}|${email.trim().toLowerCase()}`;

/** The factor a helper enrolled for `email` on the API at `base` (the newest, when a test enrolled twice). */
export const heldFactor = (base: string, email: string): HeldFactor | undefined => held.get(keyOf(base, email));

/** The factor of `email` enrolled on any API (for a browser test, which knows the portal's address, not the API's). */
export const heldFactorByEmail = (email: string): HeldFactor | undefined =>
  [...held.entries()].reverse().find(([key]) => key.endsWith(`|${email.trim().toLowerCase()}`))?.[1];

export const rememberFactor = (base: string, email: string, factor: HeldFactor) => void held.set(keyOf(base, email), factor);

/** A 6-digit code of `secret` for the time step `step`. */
export const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * 30 });

/** The RFC 6238 time step of a moment. */
export const timeStepOf = (now: Date) => Math.floor(now.getTime() / 30_000);

/**
 * The next code the product will take from this factor: the earliest step not used, from one before `now`; a
 * recovery code when the steps the product accepts now are used up; else waits for the next step.
 */
export async function nextCode(factor: HeldFactor, now: () => Date = () => new Date()): Promise<string> {
  for (;;) {
    const current = timeStepOf(now());
    const step = Math.max(current - 1, factor.lastStep + 1);
    if (step <= current + 1) {
      factor.lastStep = step;
      return codeAt(factor.secret, step);
    }
    const recovery = factor.recoveryCodes.shift();
    if (recovery) return recovery;
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (now().getTime() % 30_000) + 50));
  }
}
