import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseHolding, codeAt, enrolOnce, type HeldFactor, heldFactor, nextCode, timeStepOf } from './second-factor';

export interface HttpAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
  body: any;
  headers: Headers;
}

/**
 * A kept-alive connection that the API closes just as a request goes out on it fails before any answer: 'other side
 * closed' when the server ended it, ECONNRESET when its keep-alive timeout destroyed it (Node's http server does) with
 * the request already on the wire. A server ends only a connection it holds as idle, so the API handled no request
 * on it and sending it once more is safe. It happens when a test holds the event loop for seconds (an embedded PGlite
 * statement runs in the test's own thread, as does an in-process API): after it, the keep-alive timers fire at once.
 */
export const closedBeforeAnswer = (error: unknown) =>
  error instanceof TypeError && ['UND_ERR_SOCKET', 'ECONNRESET'].includes(String((error.cause as { code?: string } | undefined)?.code));

/** `fetch`, sending once more a request whose connection was closed before any answer (`closedBeforeAnswer`). */
export async function fetchOnceMoreIfClosed(input: string | URL | Request, init?: RequestInit, send: typeof fetch = fetch): Promise<Response> {
  try {
    return await send(input, init);
  } catch (error) {
    if (!closedBeforeAnswer(error) || init?.signal?.aborted) throw error;
    return send(input, init);
  }
}

/**
 * Calls an API over HTTP, as a client written against the spec does, for tests of API processes (not in-process
 * apps): JSON bodies or multipart forms, a bearer token, extra headers.
 */
export async function callApi(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; form?: FormData; token?: string; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const sent = options.body === undefined ? options.form : JSON.stringify(options.body);
  const response = await fetchOnceMoreIfClosed(`${base}${path}`, { method, headers, body: sent });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body, headers: response.headers };
}

/**
 * Logs in as the spec's client does, with the second factor handled as a person with the app would: an
 * ADMIN without one enrols at once (the factor is kept for later logins), an account with one gives the next code.
 * `now`: the API's clock, when a test moves it (TestClock).
 */
export async function logIn(base: string, email: string, password: string, now?: () => Date): Promise<string> {
  const answer = await callApi(base, 'POST', '/user/get/token', { body: { username: email, password } });
  if (answer.status !== 200) throw new Error(`login of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return completeLogIn(base, email, answer.body, now);
}

/** Sessions kept across test files of one run (and runs): a token is reused only while the API still takes it. */
const SESSIONS_FILE = join(tmpdir(), 'ifu-test-sessions.json');

function readSessions(): Record<string, string> {
  try {
    return JSON.parse(readFileSync(SESSIONS_FILE, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * A session of `email` for arranging data or opening a screen when the login is not what a test is about: the token a
 * login gave earlier (in this file or another of the run) while `GET /user/me` still takes it, else a new login. An
 * ADMIN's every login costs a second-factor code, the product takes each code once and gives three a 30 s step: a test
 * process that logs the same ADMIN in again and again waits for the next step, long enough to time a test out. A token
 * of another API on the same address (another run) is refused by it, so a new login follows.
 */
export async function logInReusingToken(base: string, email: string, password: string): Promise<string> {
  const key = `${base} ${email.trim().toLowerCase()}`;
  const saved = readSessions()[key];
  if (saved && (await callApi(base, 'GET', '/user/me', { token: saved })).status === 200) return saved;
  const token = await logIn(base, email, password);
  // Written whole and renamed: a reader never sees half a file; a write lost to another process costs one login.
  const temporary = `${SESSIONS_FILE}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify({ ...readSessions(), [key]: token }));
  renameSync(temporary, SESSIONS_FILE);
  return token;
}

/** The rest of a login after its password step answered `body`: the code step, or the enrolment an ADMIN must make. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the password step's answer, either shape
export async function completeLogIn(base: string, email: string, body: any, now?: () => Date, advance?: (ms: number) => void): Promise<string> {
  if (body.secondFactorRequired) {
    // Enrolled through another instance of the same product (several APIs over one database): its factor.
    const holder = heldFactor(base, email) ? base : (baseHolding(email) ?? base);
    const answer = await callApi(base, 'POST', '/user/get/token/second-factor', { body: { challenge: body.challenge, code: await nextCode(holder, email, now, advance) } });
    if (answer.status !== 200) throw new Error(`the code step of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.message as string;
  }
  // Another process may have enrolled this ADMIN since the password step: then the session is good as it is.
  if (body.secondFactorEnrolmentRequired) await enrolOnce(base, email, () => enrolThrough(base, body.message as string, email, now));
  return body.message as string;
}

/** Enrols a second factor for the session's account through the API (as the enrolment screen does). */
async function enrolThrough(base: string, token: string, email: string, now: () => Date = () => new Date()): Promise<HeldFactor> {
  const started = await callApi(base, 'POST', '/user/second-factor/enrolment', { token });
  if (started.status !== 200) throw new Error(`enrolling ${email} failed: ${started.status} ${JSON.stringify(started.body)}`);
  const step = timeStepOf(now());
  const confirmed = await callApi(base, 'POST', '/user/second-factor/enrolment/confirm', {
    token,
    body: { enrolmentId: started.body.enrolmentId, code: await codeAt(started.body.secret as string, step) },
  });
  if (confirmed.status !== 200) throw new Error(`confirming the enrolment of ${email} failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { secret: started.body.secret as string, recoveryCodes: [...(confirmed.body.recoveryCodes as string[])], lastStep: step };
}

/** Enrols a second factor for the session's account through the API and keeps it for the helpers' later logins. */
export async function enrolSecondFactor(base: string, token: string, email: string, now?: () => Date): Promise<HeldFactor> {
  return enrolOnce(base, email, () => enrolThrough(base, token, email, now), { again: true });
}

/** The token of the newest link under `path` in a mail to `email`, from the outbox files of an API without SMTP_URL. */
export function mailedTokenNow(dataDir: string, email: string, path: string): string {
  const dir = join(dataDir, 'mail');
  const mails = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')).sort() : [];
  for (const file of mails.reverse()) {
    const text = readFileSync(join(dir, file), 'utf8').replace(/=\r?\n/g, '');
    if (!text.toLowerCase().includes(email.toLowerCase()) || !text.includes(path)) continue;
    const token = text.slice(text.indexOf(path) + path.length).match(/^[\w-]+/)?.[0];
    if (token) return token;
  }
  throw new Error(`no ${path} link mailed to ${email}`);
}

/** Adds a user through Manage User as `adminToken`, then sets their password through the mailed link. */
export async function addUserWithPassword(
  base: string,
  adminToken: string,
  dataDir: string,
  user: { email: string; firstName: string; lastName: string; role: 'ADMIN' | 'USER'; password: string },
): Promise<string> {
  const added = await callApi(base, 'POST', '/user/add', {
    token: adminToken,
    body: { email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, isTrainingCompleted: true },
  });
  if (added.status !== 200) throw new Error(`adding ${user.email} failed: ${added.status} ${JSON.stringify(added.body)}`);
  const token = await mailedToken(dataDir, user.email, '/user/setpassword/');
  let set = await callApi(base, 'POST', '/user/set/password', { body: { token, password: user.password } });
  // A process's first strength check starts its worker; on a loaded machine that can miss the 2 s deadline, which
  // refuses without using the link; and test files that share one API set passwords from one address, whose checks
  // go one at a time (429 password-check-busy): asking again is what a person would do.
  const refusedForNow = () =>
    (set.status === 400 && /checked in time/.test(String(set.body?.message))) || (set.status === 429 && set.body?.code === 'password-check-busy');
  for (let tries = 0; tries < 10 && refusedForNow(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500 * (tries + 1)));
    set = await callApi(base, 'POST', '/user/set/password', { body: { token, password: user.password } });
  }
  if (set.status !== 200) throw new Error(`setting the password of ${user.email} failed: ${set.status} ${JSON.stringify(set.body)}`);
  return added.body.user.id as string;
}

/** The same, waiting up to 5 s for the mail: it is written as the answer goes out, or after it. */
export async function mailedToken(dataDir: string, email: string, path: string): Promise<string> {
  for (let tries = 0; ; tries++) {
    try {
      return mailedTokenNow(dataDir, email, path);
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
