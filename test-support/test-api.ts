import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { type Role, userStreamId } from '@ifu/contracts';
import type { Database } from '../services/storage/src/database/database';
import { openPostgres } from '../services/storage/src/database/postgres';
import { PostgresEventStore } from '../services/storage/src/event-store/postgres-event-store';
import { listenToPostgres, type Notifications } from '../services/storage/src/notifications';
import { startApi, type RunningApi } from '../services/src/api-server';
import { setPassword } from '../services/src/auth/password-hashes';
import type { CommandRun } from '../services/src/platform/command-pipeline';
import { loadConfig } from '../services/src/platform/config';
import { createLogger, type Logger } from '../services/src/platform/logger';
import { claimEmail, userDecider } from '../services/src/users';
import { TEST_AUDIT_KEY } from './audit-key';
import { onFreePorts } from './free-port';
import { completeLogIn, fetchOnceMoreIfClosed } from './http-client';
import { forgetHeldFactors, holdApiClock } from './second-factor';
import { openTestDatabase, type TestDatabase } from './test-database';

export const ADMIN_EMAIL = 'first.admin@example.com';
export const ADMIN_PASSWORD = 'correct horse battery staple';

/** A movable server clock: tests step through lockout windows and inactivity without waiting. */
export class TestClock {
  private offsetMs = 0;
  readonly now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface TestApi {
  url: string;
  api: RunningApi;
  database: TestDatabase;
  /** Set when the API runs as its own database role (`asApiRole`). */
  apiRole?: ApiRoleConnection;
  store: PostgresEventStore;
  clock: TestClock;
  dataDir: string;
  /** Calls the API with a JSON body (or a raw string body) and returns status and parsed JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
  call(method: string, path: string, options?: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  login(email: string, password: string): Promise<string>;
  /** A command run as the test's own arrangement (actor: system 'test-arrangement'), through the product's pipeline. */
  arrange(): CommandRun;
  /** Creates an active account with a password, through the product's pipeline (no mail, no HTTP). */
  createUser(options: { email: string; role: Role; password?: string; firstName?: string; lastName?: string; passwordSetAt?: Date }): Promise<string>;
  /** The .eml files written so far (no SMTP_URL in tests), oldest first. */
  mails(): Array<{ to: string; subject: string; text: string }>;
  /** The set-password token in the newest mail to `email`. */
  passwordLinkToken(email: string): string;
  /** The token of the newest link under `path` (e.g. '/user/confirm/') in a mail to `email`. */
  mailedToken(email: string, path: string): string;
  dispose(): Promise<void>;
}

export interface TestApiOptions {
  logger?: Logger;
  /**
   * The documented two-role setup (docs/security.md, on the PostgreSQL server only): the API connects as a role of
   * its own that owns nothing and gets only the grants `migrateDatabase` gives it; the test database's role is the
   * owner (DATABASE_OWNER_URL). `t.database.db` stays the owner's connection; `apiRole.db` is the API's.
   */
  asApiRole?: boolean;
}

/** The API's own database role and its connection, when the test runs the API as that role. */
export interface ApiRoleConnection {
  role: string;
  url: string;
  db: Database;
}

/** The real API, in-process on a free port, over a fresh schema of the test database. */
/** A test API and a session of the first ADMIN on it: the setup most HTTP tests begin with. */
export async function startTestApiAsAdmin(env: Record<string, string> = {}, options: TestApiOptions = {}) {
  const t = await startTestApi(env, options);
  return { t, admin: await t.login(ADMIN_EMAIL, ADMIN_PASSWORD) };
}

export async function startTestApi(env: Record<string, string> = {}, options: TestApiOptions = {}): Promise<TestApi> {
  const database = await openTestDatabase();
  const notifications: Notifications | undefined = database.connectionString
    ? await listenToPostgres(database.connectionString, database.schema)
    : undefined;
  let apiRole: ApiRoleConnection | undefined;
  if (options.asApiRole) {
    if (!database.connectionString) throw new Error('asApiRole needs the PostgreSQL server (TEST_DATABASE_URL)');
    const role = `ifu_api_${randomUUID().slice(0, 8)}`;
    await database.db.exec(`CREATE ROLE ${role} LOGIN; GRANT USAGE ON SCHEMA ${database.schema} TO ${role}`);
    const url = new URL(database.connectionString);
    url.username = role;
    apiRole = { role, url: url.toString(), db: openPostgres({ connectionString: url.toString(), searchPath: database.schema, max: 10 }) };
    env = { DATABASE_OWNER_URL: database.connectionString, ...env };
  }
  const apiDb = apiRole?.db ?? database.db;
  const store = await PostgresEventStore.open(apiDb, { notifications, chainKey: TEST_AUDIT_KEY });
  const dataDir = mkdtempSync(join(tmpdir(), 'ifu-test-'));
  // DATA_DIR may be given relative (as the default './data' is): it is resolved at start-up.
  const clock = new TestClock();
  const releaseStorage = async () => {
    await store.close();
    await notifications?.close();
    if (apiRole) {
      await apiRole.db.close();
      await database.db.exec(`DROP OWNED BY ${apiRole.role}`);
    }
    await database.dispose();
    if (apiRole) {
      // Roles belong to the server: dropped from the run's database (the test's own is gone).
      const admin = openPostgres({ connectionString: inject('testDatabaseUrl')!, max: 1 });
      await admin.exec(`DROP ROLE IF EXISTS ${apiRole.role}`);
      await admin.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A known port, so that URLs the API builds for itself (logo links) point at it; a caller that names the port
  // (startTestProduct, whose portals know it) picks again itself when it was taken.
  const startOn = (apiPort: number) => {
    const config = loadConfig({
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      AUDIT_KEY: TEST_AUDIT_KEY,
      // Tests make failed attempts back to back; the progressive delay has tests of its own.
      LOGIN_DELAY_MS: '0',
      // The task-mail reactor's passes would mail at moments other tests do not control: a test runs them itself
      // (`api.taskMail.run()`), or sets TASK_MAIL_POLL_MS.
      TASK_MAIL_POLL_MS: '0',
      // Cheap argon2 (every login and signature hashes): the production cost has a test of its own (config.unit.test.ts).
      ...(env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: 'test' }),
      ...env,
    });
    return startApi(config, {
      storage: { db: apiDb, store, notifications, close: async () => {} },
      // On the server the rate limits are counted there too, as in production (one namespace per test schema).
      databaseUrl: apiRole?.url ?? database.connectionString,
      logger: options.logger ?? createLogger({ level: config.LOG_LEVEL, format: 'json' }),
      clock: clock.now,
      host: '127.0.0.1',
    });
  };
  let api: Awaited<ReturnType<typeof startApi>>;
  try {
    api = env.API_PORT ? await startOn(Number(env.API_PORT)) : await onFreePorts(1, ([port]) => startOn(port!));
  } catch (error) {
    await releaseStorage();
    throw error;
  }
  const url = `http://127.0.0.1:${api.port}`;
  await forgetHeldFactors(url);
  // A browser's code step against this API moves its clock rather than waiting for the next step.
  const releaseClock = holdApiClock(url, { now: clock.now, advance: (ms) => clock.advance(ms) });

  const call: TestApi['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetchOnceMoreIfClosed(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };

  const arrange = () =>
    api.context.commands.begin({ actor: { type: 'system', name: 'test-arrangement' }, correlationId: randomUUID(), ip: null, userAgent: null });

  const mailedToken = (email: string, path: string): string => {
    const mail = mails()
      .filter((m) => m.to.toLowerCase().includes(email.toLowerCase()) && m.text.includes(path))
      .at(-1);
    const token = mail?.text.slice(mail.text.indexOf(path) + path.length).match(/^[\w-]+/)?.[0];
    if (!token) throw new Error(`no ${path} link mailed to ${email}`);
    return token;
  };
  const mails = (): Array<{ to: string; subject: string; text: string }> => {
    const dir = join(dataDir, 'mail');
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => {
        const raw = readFileSync(join(dir, f), 'utf8');
        const [head = '', ...rest] = raw.split('\n\n');
        const header = (name: string) => head.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? '';
        // nodemailer writes plain text as quoted-printable: undo soft line breaks and =XX escapes.
        const text = rest
          .join('\n\n')
          .replace(/=\r?\n/g, '')
          // A run of escapes is UTF-8 bytes: one character may take several ('ü' is =C3=BC).
          .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
        return { to: header('To'), subject: header('Subject'), text };
      });
  };

  return {
    url,
    api,
    database,
    apiRole,
    store,
    clock,
    dataDir,
    call,
    async login(email, password) {
      const response = await call('POST', '/user/get/token', { body: { username: email, password } });
      if (response.status !== 200) throw new Error(`login of ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
      // The second factor as the helpers hold it, at the API's own (movable) clock.
      // Out of codes for now, it moves that clock to the next step rather than waiting 30 s.
      return completeLogIn(url, email, response.body, clock.now, (ms) => clock.advance(ms));
    },
    arrange,
    async createUser({ email, role, password, firstName = 'Test', lastName = role === 'ADMIN' ? 'Admin' : 'User', passwordSetAt }) {
      const userId = randomUUID();
      const run = arrange();
      const stream = userStreamId(userId);
      await claimEmail(api.context, run, email.toLowerCase(), userId);
      await run.execute({
        stream,
        decider: userDecider,
        command: { type: 'RegisterUser', userId, email: email.toLowerCase(), firstName, lastName, role, isTrainingCompleted: true },
      });
      if (password) await setPassword(api.context, run, userId, password, { via: 'bootstrap' }, passwordSetAt ?? run.now);
      await run.settle(['user-accounts']);
      return userId;
    },
    mails,
    passwordLinkToken(email) {
      return mailedToken(email, '/user/setpassword/');
    },
    mailedToken,
    async dispose() {
      releaseClock();
      await api.stop();
      await releaseStorage();
    },
  };
}
