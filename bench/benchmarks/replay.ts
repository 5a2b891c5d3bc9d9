import { randomUUID } from 'node:crypto';
import type { Database } from '@ifu/storage/database/database';
import type { EventStore, RecordedEvent } from '@ifu/storage/event-store/event-store';
import { eventHash, GENESIS_HASH } from '@ifu/storage/event-store/hash-chain';
import { BENCH_AUDIT_KEY } from '../lib/audit-key';
import type { Projection } from '@ifu/projections/projection';
import {
  type CustomerLife,
  type DownloadLife,
  type LogEvent,
  makeUser,
  type MixedLogOptions,
  MixedWorkload,
  newLife,
  nextUserEvent,
  type NoticeLife,
  type PaperCopyLife,
  prng,
  type SafetyNoticeLife,
  type StaffLife,
  type UserLife,
} from '../lib/events';
import { median } from '../lib/stats';
import { rebuild } from '@ifu/projections/runner';
import { userAccountsProjection } from '@ifu/projections/user-accounts/projection';
import { type BenchDatabase, openStore } from '../lib/database';
import { InstrumentedDatabase, statementsTable } from '../lib/instrument';
import { log, type SectionRun, status } from '../lib/section';
import { fmt } from '../lib/stats';

/** Same key as postgres-event-store.ts: the generator holds the append lock while it writes. */
const APPEND_LOCK_KEY = 7262002;

/** What user_accounts must hold after a replay, computed while generating. */
export interface ExpectedAccount {
  passwordSetAt: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  streamVersion: number;
}

export interface GeneratedLog {
  events: number;
  users: number;
  byType: Record<string, number>;
  expected: Map<string, ExpectedAccount>;
}

const INSERT_SQL = `INSERT INTO events (position, stream_id, stream_version, event_id, type, data, metadata, recorded_at, hash)
  SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[],
                       $8::timestamptz[], $9::text[])`;

/**
 * Writes `events` straight into the log, `chunk` rows per INSERT, under the store's append lock and continuing the
 * log's hash chain with the store's own eventHash(); `onWritten` sees every event as recorded. Returns the count.
 */
export async function writeLog(
  db: Database,
  events: Iterable<LogEvent>,
  onWritten: (event: Omit<RecordedEvent, 'hash'>) => void = () => {},
  chunk = 5000,
): Promise<number> {
  let written = 0;
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
    const head = await tx.query<{ position: string | null; hash: string | null }>(
      'SELECT position, hash FROM events ORDER BY position DESC LIMIT 1',
    );
    let position = Number(head.rows[0]?.position ?? 0);
    let previousHash = head.rows[0]?.hash ?? GENESIS_HASH;
    let cols: unknown[][] = Array.from({ length: 9 }, () => []);
    const flush = async () => {
      if (cols[0]!.length > 0) await tx.query(INSERT_SQL, cols);
      cols = Array.from({ length: 9 }, () => []);
    };
    for (const event of events) {
      position += 1;
      const recorded: Omit<RecordedEvent, 'hash'> = {
        position,
        streamId: event.streamId,
        streamVersion: event.streamVersion,
        eventId: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        recordedAt: event.recordedAt,
      };
      const hash = eventHash(BENCH_AUDIT_KEY, previousHash, recorded);
      previousHash = hash;
      const row = [
        recorded.position,
        recorded.streamId,
        recorded.streamVersion,
        recorded.eventId,
        recorded.type,
        JSON.stringify(recorded.data),
        JSON.stringify(recorded.metadata),
        recorded.recordedAt,
        hash,
      ];
      row.forEach((value, c) => cols[c]!.push(value));
      onWritten(recorded);
      written += 1;
      if (cols[0]!.length >= chunk) await flush();
    }
    await flush();
  });
  return written;
}

/**
 * Writes `total` user events for `users` users straight into the log (writeLog). Users register through the first
 * 80 % of the log; every other event goes to a random already registered user, so streams interleave as they do in
 * production. Every event of a user is in its `user-<id>` stream: the layout of logs written before credentials got
 * their own streams, which every reader still accepts.
 */
export async function generateLog(
  db: Database,
  total: number,
  users: number,
  options: { chunk?: number; seed?: number; adminChanges?: boolean } = {},
): Promise<GeneratedLog> {
  const { chunk = 5000, seed = 42, adminChanges = false } = options;
  const random = prng(seed);
  const lives: UserLife[] = [];
  const byType: Record<string, number> = {};
  const expected = new Map<string, ExpectedAccount>();
  const registerSpan = Math.max(1, Math.floor(total * 0.8));
  let clock = Date.parse('2025-01-06T07:00:00.000Z');

  function* events(): Generator<LogEvent> {
    for (let written = 0; written < total; written++) {
      const due = Math.min(users, Math.ceil((users * (written + 1)) / registerSpan));
      let life: UserLife;
      if (lives.length < due || lives.length === 0) {
        life = newLife(makeUser(random, lives.length));
        lives.push(life);
      } else {
        life = lives[Math.floor(random() * lives.length)]!;
      }
      clock += 1 + Math.floor(random() * 2000);
      const at = new Date(clock);
      const event = nextUserEvent(random, life, at, adminChanges);
      byType[event.type] = (byType[event.type] ?? 0) + 1;
      yield { streamId: `user-${life.user.userId}`, streamVersion: life.version, ...event, recordedAt: at.toISOString() };
    }
  }

  await writeLog(db, events(), (recorded) => track(expected, String(recorded.data.userId), recorded), chunk);
  return { events: total, users: lives.length, byType, expected };
}

/**
 * What the events of the benchmark's mix say about each account, to check user_accounts after every replay: the
 * last password set, the last successful login, the creation time, and the stream's version. Every event of the
 * stream moves the version (the read model keeps it equal to the stream's version: the record's ETag), failed
 * logins and logouts included. (Logs generated with `adminChanges` are checked against the product's own rebuild
 * instead.)
 */
function track(expected: Map<string, ExpectedAccount>, userId: string, e: Omit<RecordedEvent, 'hash'>): void {
  if (e.type === 'UserRegistered') {
    expected.set(userId, { passwordSetAt: null, lastLoginAt: null, createdAt: e.recordedAt, streamVersion: e.streamVersion });
    return;
  }
  const account = expected.get(userId);
  if (!account) return;
  account.streamVersion = e.streamVersion;
  if (e.type === 'PasswordSet') account.passwordSetAt = String(e.data.setAt);
  if (e.type === 'LoginSucceeded') account.lastLoginAt = String(e.data.at);
}

/** Compares user_accounts with the expectation; returns the number of mismatching rows (0 is correct). */
export async function checkReadModel(db: Database, expected: Map<string, ExpectedAccount>): Promise<number> {
  const { rows } = await db.query<{
    id: string;
    password_set_at: Date | null;
    last_login_at: Date | null;
    created_at: Date;
    stream_version: number;
  }>('SELECT id, password_set_at, last_login_at, created_at, stream_version FROM user_accounts');
  let wrong = Math.abs(rows.length - expected.size);
  for (const row of rows) {
    const want = expected.get(row.id);
    if (
      !want ||
      (row.password_set_at?.toISOString() ?? null) !== want.passwordSetAt ||
      (row.last_login_at?.toISOString() ?? null) !== want.lastLoginAt ||
      row.created_at.toISOString() !== want.createdAt ||
      row.stream_version !== want.streamVersion
    ) {
      wrong += 1;
    }
  }
  return wrong;
}

export type RebuildFn = (db: Database, store: EventStore, projection: Projection, batchSize?: number) => Promise<number>;

/** What a replay must leave: how many rows differ from what the events say (0 is correct), and the first one. */
export interface ReadModelCheck {
  wrong: number;
  firstDifference?: string;
}

/** A generated log as a rebuild sees it: its size, and the check of the projection's tables against the events. */
export interface ReplayTarget {
  events: number;
  check(db: Database): Promise<ReadModelCheck>;
}

export interface RebuildRun {
  projection: string;
  batchSize: number;
  runsMs: number[];
  medianMs: number;
  eventsPerSecond: number;
  wrongRows: number;
  firstDifference?: string;
}

/** Times `runs` complete rebuilds (each one deletes the read model first, then replays the whole log), each checked. */
export async function timeRebuild(
  db: Database,
  store: EventStore,
  projection: Projection,
  rebuildFn: RebuildFn,
  batchSize: number,
  runs: number,
  target: ReplayTarget,
): Promise<RebuildRun> {
  const runsMs: number[] = [];
  let wrongRows = 0;
  let firstDifference: string | undefined;
  for (let r = 0; r < runs; r++) {
    // Untimed housekeeping, so each run starts from the same table state (autovacuum would do this in production).
    await db.exec(`VACUUM ${projection.tables.join(', ')}, projection_checkpoints`);
    const start = performance.now();
    const position = await rebuildFn(db, store, projection, batchSize);
    runsMs.push(performance.now() - start);
    if (position !== target.events) throw new Error(`rebuild of ${projection.name} stopped at ${position}, expected ${target.events}`);
    const checked = await target.check(db);
    if (checked.wrong > wrongRows) ({ wrong: wrongRows, firstDifference } = checked);
  }
  const medianMs = median(runsMs);
  return { projection: projection.name, batchSize, runsMs, medianMs, eventsPerSecond: (target.events / medianMs) * 1000, wrongRows, firstDifference };
}

// ---------------------------------------------------------------------------------------------------------------
// The mixed log: users (account, credentials and address-claim streams) and customers (customer and name-claim
// streams) as the product writes them today, for a rebuild of every projection.
// ---------------------------------------------------------------------------------------------------------------

export interface MixedLog {
  events: number;
  staff: number;
  customers: number;
  byType: Record<string, number>;
  byStreamKind: Record<string, number>;
  /** The check of each projection's read model, by projection name. */
  checks: Map<string, (db: Database) => Promise<ReadModelCheck>>;
}

/** Writes the mixed log (MixedWorkload) into the store's log; the final state of every account and customer is the expectation. */
export async function generateMixedLog(db: Database, options: MixedLogOptions, chunk = 5000): Promise<MixedLog> {
  const workload = new MixedWorkload(options);
  const events = await writeLog(db, workload.events(), undefined, chunk);
  return {
    events,
    staff: workload.staff.length,
    customers: workload.customers.length,
    byType: workload.byType,
    byStreamKind: workload.byStreamKind,
    checks: new Map([
      ['user-accounts', (target: Database) => checkUserAccounts(target, workload.staff)],
      ['customer-list', (target: Database) => checkCustomerList(target, workload.customers)],
      ['notifications', (target: Database) => checkNotifications(target, workload.notices)],
      ['paper-copy-requests', (target: Database) => checkPaperCopies(target, workload.paperCopies)],
      ['safety-notices', (target: Database) => checkSafetyNotices(target, workload.downloads, [...workload.safetyNotices.values()])],
      ['tasks', (target: Database) => checkTasks(target, workload.staff[0]!.createdAt, workload.customers, workload.paperCopies)],
      // The mixed log holds no change orders (the documents' own log is built by the list and search sections, which
      // check their rows): these rebuilds must leave their tables empty.
      ['change-orders', (target: Database) => checkEmpty(target, ['change_orders'])],
      ['document-search', (target: Database) => checkEmpty(target, ['document_search', 'document_search_parents'])],
    ]),
  };
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** JSON with object keys sorted: jsonb gives keys back in its own order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Compares rows by id with the expectation, column by column; counts rows missing, extra or different. */
function compareRows(
  table: string,
  rows: Record<string, unknown>[],
  expected: Map<string, Record<string, unknown>>,
  normalize: (row: Record<string, unknown>) => Record<string, unknown>,
): ReadModelCheck {
  let wrong = 0;
  let firstDifference: string | undefined;
  const seen = new Set<string>();
  const differ = (text: string) => {
    wrong += 1;
    firstDifference ??= text;
  };
  for (const raw of rows) {
    const id = String(raw.id);
    seen.add(id);
    const want = expected.get(id);
    if (!want) {
      differ(`${table}: unexpected row ${id}`);
      continue;
    }
    const got = normalize(raw);
    const column = Object.keys(want).find((key) => canonical(got[key]) !== canonical(want[key]));
    if (column) differ(`${table} ${id}: ${column} is ${canonical(got[column])}, the events say ${canonical(want[column])}`);
  }
  for (const id of expected.keys()) if (!seen.has(id)) differ(`${table}: row ${id} missing`);
  return { wrong, firstDifference };
}

/** Every column of user_accounts against each account's final state in the generator (the events it wrote). */
async function checkUserAccounts(db: Database, staff: readonly StaffLife[]): Promise<ReadModelCheck> {
  const expected = new Map<string, Record<string, unknown>>(
    staff.map((s) => [
      s.user.userId,
      {
        email: s.user.email,
        first_name: s.user.firstName,
        last_name: s.user.lastName,
        role: s.role,
        user_active: s.active,
        is_deleted: false,
        is_training_completed: s.isTrainingCompleted,
        password_set_at: s.passwordSetAt,
        last_login_at: s.lastLoginAt,
        created_at: s.createdAt,
        stream_version: s.userVersion,
        credentials_version: s.credentialsVersion,
      },
    ]),
  );
  const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM user_accounts');
  return compareRows('user_accounts', rows, expected, (row) => ({
    ...row,
    password_set_at: iso(row.password_set_at as Date | null),
    last_login_at: iso(row.last_login_at as Date | null),
    created_at: iso(row.created_at as Date),
  }));
}

/** Every column of customer_list against each customer's final state in the generator (the events it wrote). */
async function checkCustomerList(db: Database, customers: readonly CustomerLife[]): Promise<ReadModelCheck> {
  const expected = new Map<string, Record<string, unknown>>(
    customers.map((c) => [
      c.customerId,
      {
        customer_name: c.details.customerName,
        contact_email: c.details.contactEmail,
        contact_information: c.details.contactInformation,
        country_exclusion_list: c.details.countryExclusionList,
        customer_website_link: c.details.customerWebsiteLink,
        approver_id: c.details.approverId,
        logo_sha256: c.logo.sha256,
        logo_content_type: c.logo.contentType,
        status: c.status,
        approved_date: c.approvedDate,
        decision_signature: c.decision?.signature ?? null,
        decision_reason: c.decision?.reason ?? null,
        created_at: c.createdAt,
        stream_version: c.version,
      },
    ]),
  );
  const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM customer_list');
  return compareRows('customer_list', rows, expected, (row) => ({
    ...row,
    approved_date: iso(row.approved_date as Date | null),
    created_at: iso(row.created_at as Date),
  }));
}

/** Tables a log without their events must leave empty. */
async function checkEmpty(db: Database, tables: readonly string[]): Promise<ReadModelCheck> {
  for (const table of tables) {
    const { rows } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`);
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) return { wrong: n, firstDifference: `${table}: ${n} rows from a log without their events` };
  }
  return { wrong: 0 };
}

/** Every column of notifications against each notice's final state in the generator. */
async function checkNotifications(db: Database, notices: readonly NoticeLife[]): Promise<ReadModelCheck> {
  const expected = new Map<string, Record<string, unknown>>(
    notices.map((n) => [
      `notification-${n.notificationId}`,
      {
        notification_id: n.notificationId,
        notification_text: n.text,
        customer_id: n.customerId,
        product_id: n.productId,
        deleted: n.deleted,
        created_at: n.createdAt,
        stream_version: n.version,
      },
    ]),
  );
  const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM notifications');
  return compareRows('notifications', rows, expected, (row) => ({ ...row, created_at: iso(row.created_at as Date) }));
}

/** Every column of paper_copy_requests against each request's final state in the generator (dates read as text). */
async function checkPaperCopies(db: Database, requests: readonly PaperCopyLife[]): Promise<ReadModelCheck> {
  const expected = new Map<string, Record<string, unknown>>(
    requests.map((r) => [
      `paper-copy-${r.requestId}`,
      {
        request_id: r.requestId,
        visitor_id: r.visitorId,
        sealed_name: r.sealed.name,
        sealed_address: r.sealed.address,
        sealed_email: r.sealed.email,
        child_document_id: r.childDocumentId,
        document_number: r.documentNumber,
        document_version: r.version,
        doc_name: r.docName,
        quantity: r.quantity,
        requested_on: r.requestedOn,
        due_date: r.dueDate,
        requested_at: r.requestedAt,
        status: r.dispatched ? 'DISPATCHED' : 'OPEN',
        dispatched_at: r.dispatched?.at ?? null,
        dispatched_by: r.dispatched?.by ?? null,
        dispatched_by_name: r.dispatched?.byName ?? null,
        stream_version: r.streamVersion,
      },
    ]),
  );
  const { rows } = await db.query<Record<string, unknown>>(
    'SELECT *, requested_on::text AS requested_on, due_date::text AS due_date FROM paper_copy_requests',
  );
  return compareRows('paper_copy_requests', rows, expected, (row) => ({
    ...row,
    requested_at: iso(row.requested_at as Date),
    dispatched_at: iso(row.dispatched_at as Date | null),
  }));
}

/** public_downloads by log position and safety_notices by revision and visitor, against what the generator wrote. */
async function checkSafetyNotices(db: Database, downloads: readonly DownloadLife[], notices: readonly SafetyNoticeLife[]): Promise<ReadModelCheck> {
  const { rows: downloaded } = await db.query<Record<string, unknown>>('SELECT position::text AS id, * FROM public_downloads');
  const byDownload = compareRows(
    'public_downloads',
    downloaded,
    new Map(downloads.map((d) => [String(d.position), { visitor_id: d.visitorId, child_document_id: d.childDocumentId, sealed_email: d.sealedEmail }])),
    (row) => row,
  );
  const { rows: noticed } = await db.query<Record<string, unknown>>(
    "SELECT parent_change_id || ' ' || visitor_id AS id, position::int AS position, delivered, child_document_ids FROM safety_notices",
  );
  const byNotice = compareRows(
    'safety_notices',
    noticed,
    new Map(notices.map((n) => [`${n.parentChangeId} ${n.visitorId}`, { position: n.position, delivered: n.delivered, child_document_ids: n.childDocumentIds }])),
    (row) => row,
  );
  return { wrong: byDownload.wrong + byNotice.wrong, firstDifference: byDownload.firstDifference ?? byNotice.firstDifference };
}

/**
 * The open tasks of the mixed log (it holds no change orders and no audit-trail reviews): each customer waiting for
 * its approver, each paper copy not dispatched, and the audit trail unreviewed since the bootstrap; against the
 * generator's final state.
 */
async function checkTasks(db: Database, loggedSince: string, customers: readonly CustomerLife[], requests: readonly PaperCopyLife[]): Promise<ReadModelCheck> {
  const expected = new Map<string, Record<string, unknown>>([
    ['review-audit-trail:audit-trail', { kind: 'review-audit-trail', assignee_id: null, requires_admin: true, since: loggedSince, due_date: null }],
  ]);
  for (const c of customers) {
    if (c.status === 'APPROVED' || c.waitingSince === null) continue;
    expected.set(`approve-customer:${c.customerId}`, { kind: 'approve-customer', record_number: c.details.customerName, assignee_id: c.details.approverId, requires_admin: true, since: c.waitingSince, due_date: null });
  }
  for (const r of requests) {
    if (r.dispatched) continue;
    expected.set(`dispatch-paper-copy:${r.requestId}`, { kind: 'dispatch-paper-copy', record_number: r.documentNumber, assignee_id: null, requires_admin: true, since: r.requestedAt, due_date: r.dueDate });
  }
  const { rows } = await db.query<Record<string, unknown>>("SELECT *, to_char(due_date, 'YYYY-MM-DD') AS due_date FROM tasks");
  return compareRows('tasks', rows, expected, (row) => ({ ...row, since: iso(row.since as Date) }));
}

/** The floor every projection pays: reading the whole log through store.readAllForProjection() in batches, applying nothing. */
export async function timeReadAll(store: EventStore, batchSize: number): Promise<{ ms: number; events: number }> {
  const start = performance.now();
  let position = 0;
  let events = 0;
  for (;;) {
    const batch = await store.readAllForProjection(position, batchSize);
    events += batch.length;
    if (batch.length > 0) position = batch[batch.length - 1]!.position;
    if (batch.length < batchSize) break;
  }
  return { ms: performance.now() - start, events };
}

export const TARGET_REPLAY_EPS = 50_000;

/** Round trips and time per statement kind for one rebuild through an instrumented pool and store. */
export async function profileRebuild(
  db: Database,
  schema: string,
  bench: BenchDatabase,
  batchSize: number,
  events: number,
  projection: Projection = userAccountsProjection,
) {
  const instrumented = new InstrumentedDatabase(db);
  const store = await openStore(bench, instrumented, schema);
  const start = performance.now();
  await rebuild(instrumented, store, projection, batchSize);
  const totalMs = performance.now() - start;
  await store.close();
  return { projection: projection.name, batchSize, events, totalMs, statements: statementsTable(instrumented, events) };
}

/** 3. Projection replay of user-accounts over the user-only log (the layout from before credentials had their own streams). */
export async function replayBenchmarks({ bench, config, rows, results, profiles }: SectionRun) {
  const schema = 'b_replay';
  const db = await bench.openSchema(schema, config.poolSize);
  const store = await openStore(bench, db, schema);
  log(`generating ${config.replayEvents} events for ${config.users} users`);
  const genStart = performance.now();
  const generated = await generateLog(db, config.replayEvents, config.users);
  const genMs = performance.now() - genStart;
  rows.push({
    benchmark: 'Generate log (hash + bulk INSERT)',
    value: `${fmt((generated.events / genMs) * 1000)} events/s`,
    detail: `${fmt(generated.events)} events in ${fmt(genMs / 1000, 2)} s`,
    target: '',
    status: '',
  });
  await db.exec('VACUUM ANALYZE events');

  log('verifying the chain');
  const vStart = performance.now();
  const verification = await store.verifyChain();
  const vMs = performance.now() - vStart;
  if (!verification.ok || verification.checked !== generated.events) {
    throw new Error(`generated chain does not verify: ${JSON.stringify(verification)}`);
  }
  rows.push({
    benchmark: 'Verify chain (store.verifyChain)',
    value: `${fmt((verification.checked / vMs) * 1000)} events/s`,
    detail: `${fmt(verification.checked)} events in ${fmt(vMs / 1000, 2)} s, ok`,
    target: '',
    status: '',
  });

  const readFloor: Record<number, number> = {};
  for (const batchSize of config.batchSizes) {
    const { ms, events } = await timeReadAll(store, batchSize);
    readFloor[batchSize] = (events / ms) * 1000;
    rows.push({
      benchmark: `readAll only, batch ${batchSize} (floor)`,
      value: `${fmt(readFloor[batchSize])} events/s`,
      detail: `${fmt(events)} events in ${fmt(ms / 1000, 2)} s`,
      target: '',
      status: '',
    });
  }

  const target = { events: generated.events, check: async (checked: Database) => ({ wrong: await checkReadModel(checked, generated.expected) }) };
  log('warm-up rebuild');
  await timeRebuild(db, store, userAccountsProjection, rebuild, 1000, 1, target);
  const rebuilds: RebuildRun[] = [];
  for (const batchSize of config.batchSizes) {
    log(`rebuild user-accounts, batch ${batchSize}, ${config.runs} runs`);
    const run = await timeRebuild(db, store, userAccountsProjection, rebuild, batchSize, config.runs, target);
    if (run.wrongRows > 0) throw new Error(`rebuild left ${run.wrongRows} wrong rows in user_accounts`);
    rebuilds.push(run);
    rows.push({
      benchmark: `Rebuild user-accounts, batch ${batchSize}`,
      value: `${fmt(run.eventsPerSecond)} events/s`,
      detail: `median of ${run.runsMs.map((ms) => fmt(ms / 1000, 2)).join(' / ')} s`,
      target: `>= ${fmt(TARGET_REPLAY_EPS)}/s`,
      status: status(run.eventsPerSecond >= TARGET_REPLAY_EPS),
    });
  }
  await store.close();

  // The store above has checked every link once (the floor's read), so its rebuilds read only the projections'
  // columns. A process that has checked nothing yet (a restart, `npm run projections -- --rebuild`) checks each link
  // as it reads it: one run of that.
  log('rebuild user-accounts, batch 1000, with a store that has checked no link yet');
  const fresh = await openStore(bench, db, schema);
  const checking = await timeRebuild(db, fresh, userAccountsProjection, rebuild, 1000, 1, target);
  await fresh.close();
  if (checking.wrongRows > 0) throw new Error(`rebuild left ${checking.wrongRows} wrong rows in user_accounts`);
  rows.push({
    benchmark: 'Rebuild user-accounts, batch 1000, every link checked',
    value: `${fmt(checking.eventsPerSecond)} events/s`,
    detail: `one run, a new store`,
    target: '',
    status: '',
  });

  log('profiling round trips of a rebuild');
  const rebuildProfile = await profileRebuild(db, schema, bench, 1000, generated.events);
  profiles.statements.push({
    name: 'rebuild',
    title: `Where a rebuild's time goes (batch ${rebuildProfile.batchSize}, ${fmt(rebuildProfile.events)} events, ${fmt(rebuildProfile.totalMs, 0)} ms):`,
    unit: 'per event',
    totalMs: rebuildProfile.totalMs,
    statements: rebuildProfile.statements,
  });
  profiles.notes.push(`Replay log: ${Object.entries(generated.byType).map(([t, n]) => `${t} ${fmt(n)}`).join(', ')}`);
  results.replay = {
    generated: { events: generated.events, users: generated.users, byType: generated.byType, ms: genMs },
    verifyChain: { events: verification.checked, ms: vMs, eventsPerSecond: (verification.checked / vMs) * 1000 },
    readAllEventsPerSecond: readFloor,
    rebuilds,
  };
}
