import { findUserById, usersChoosingDailyDigest, userAccountsProjection, type UserAccount, type Cursor, type Election, ensureCheckpoints, LeadershipLostError, projectBatch, saveCheckpoint, type Projection } from '@ifu/projections';
import type { Queryable } from '@ifu/storage/database/database';
import { ChainBrokenError, type ProjectedEvent, type RecordedEvent } from '@ifu/storage/event-store/event-store';
import type { AppContext } from '../platform/app-context';
import { type IntervalJob, startIntervalJob } from '../platform/interval-job';
import {
  DIGEST_AUDIENCE,
  DIGEST_KIND,
  deliveryRows,
  heldBefore,
  holdForDigests,
  pendingDeliveries,
  recordDeliveries,
  settleDelivery,
  type HeldDelivery,
} from './deliveries';
import { mailsFor, reminderDue, type TaskMail } from './mails';
import { evolveRecord, isTaskMailEvent, type LoggedEvent, TASK_MAIL_EVENT_TYPES, type TaskMailRecord } from './record';
import { renderDigest, sentText } from './render';

/** The reactor's name: its checkpoint row in projection_checkpoints and its lead in the projections' election. */
export const TASK_MAIL_REACTOR = 'task-mail';

/** A mail the mail server refuses this many times is given up (logged each time, marked failed at the last). */
export const MAX_ATTEMPTS = 10;
/** Mails sent per pass at most; the rest go at the next pass. */
const SEND_PER_PASS = 500;

export interface TaskMailOptions {
  /** Several API processes on a PostgreSQL server: only the one leading `task-mail` reads, records and sends. */
  election?: Election;
  batchSize?: number;
}

/** What one pass did (tests and the log read it). */
export interface TaskMailPass {
  /** This process leads the reactor (without an election, always). */
  led: boolean;
  /** Deliveries recorded from the log's events, and reminders recorded. */
  recorded: number;
  reminders: number;
  held: number;
  digests: number;
  sent: number;
  skipped: number;
  /** Attempts the mail server refused (the mail stays pending, or is failed after MAX_ATTEMPTS). */
  refused: number;
}

const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * The task-mail reactor: reads the log in order from its own checkpoint (the projections' `projectBatch`, so every
 * event it acts on has had its chain link verified), decides the mails each event brings (`mailsFor`, pure) and
 * records them as pending deliveries in the transaction that moves its checkpoint; then records the reminders due,
 * holds the mails of digest readers and makes the day's digests, and sends what is pending, marking each delivery
 * sent once the mail server has accepted it. A restart re-reads nothing already recorded and re-sends only what is
 * still pending (docs/architecture.md, "Task mail").
 */
export class TaskMailReactor {
  private readonly projection: Projection;
  private cursor?: Cursor;
  private recorded = 0;
  private tail: Promise<unknown> = Promise.resolve();
  private job?: IntervalJob;
  private prepared?: Promise<void>;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: TaskMailOptions = {},
  ) {
    this.projection = {
      name: TASK_MAIL_REACTOR,
      // Never rebuilt: a replay from the start would mail everything again.
      tables: [],
      handles: new Set(TASK_MAIL_EVENT_TYPES),
      // When each event happened by the command's clock, which the reminders and digests count with.
      readsMetadata: true,
      migrations: () => [],
      applyBatch: (tx, events) => this.apply(tx, events),
    };
  }

  /**
   * Before the API takes requests: the reactor's checkpoint row, and where it starts mailing on a store it has not
   * seen (the log's end now: an upgraded or restored installation does not mail its past; a new one mails everything).
   */
  prepare(): Promise<void> {
    this.prepared ??= (async () => {
      await ensureCheckpoints(this.ctx.db, [this.projection]);
      const end = await this.ctx.store.lastPosition();
      await this.ctx.db.query('INSERT INTO task_mail_reactor (id, mail_from) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [end]);
    })();
    this.prepared.catch(() => (this.prepared = undefined));
    return this.prepared;
  }

  /** A pass now, then every `everyMs`, one at a time (platform/interval-job.ts). */
  start(everyMs: number): void {
    this.job ??= startIntervalJob(this.ctx.work, { label: 'task mail', everyMs, tick: async () => void (await this.run()) });
  }

  /** One pass (tests call it directly); passes in this process run one after the other. */
  run(): Promise<TaskMailPass> {
    const pass = this.tail.then(async () => {
      await this.prepare();
      return this.pass();
    });
    this.tail = pass.catch(() => undefined);
    return pass;
  }

  async stop(): Promise<void> {
    await this.job?.stop();
    await this.tail;
    await this.options.election?.close();
  }

  private async leads(): Promise<boolean> {
    const election = this.options.election;
    if (!election) return true;
    try {
      return (await election.campaign([TASK_MAIL_REACTOR])).has(TASK_MAIL_REACTOR);
    } catch (err) {
      this.ctx.logger.error({ err }, 'task mail: the election could not be reached; this process sends nothing until it can');
      return false;
    }
  }

  private async pass(): Promise<TaskMailPass> {
    const outcome: TaskMailPass = { led: false, recorded: 0, reminders: 0, held: 0, digests: 0, sent: 0, skipped: 0, refused: 0 };
    if (!(await this.leads())) {
      // Another process leads: its progress is in the database when this one leads again.
      this.cursor = undefined;
      return outcome;
    }
    outcome.led = true;
    const now = this.ctx.clock();
    // Recipients, their roles and preferences are read from `user-accounts`: as the log has them now.
    await this.ctx.commands.caughtUp([userAccountsProjection.name]);
    this.recorded = 0;
    if (!(await this.catchUp())) return outcome;
    outcome.recorded = this.recorded;
    outcome.reminders = await this.recordReminders(now);
    outcome.held = await holdForDigests(this.ctx.db, await usersChoosingDailyDigest(this.ctx.db));
    const recipients = new Recipients(this.ctx);
    outcome.digests = await this.makeDigests(now, recipients);
    Object.assign(outcome, await this.sendPending(now, recipients));
    return outcome;
  }

  /** Reads the log to its end; false when the lead was lost on the way (the new leader carries on). */
  private async catchUp(): Promise<boolean> {
    const election = this.options.election;
    const stillLeads = election && ((tx: Queryable) => election.stillLeads(tx, TASK_MAIL_REACTOR));
    const batchSize = this.options.batchSize ?? 500;
    try {
      for (;;) {
        const { read, ...next } = await projectBatch(this.ctx.db, this.ctx.store, this.projection, batchSize, this.cursor, stillLeads);
        this.cursor = next;
        if (read < batchSize) break;
      }
      this.cursor = await saveCheckpoint(this.ctx.db, this.projection, this.cursor);
    } catch (error) {
      this.cursor = undefined;
      if (error instanceof LeadershipLostError) return false;
      // A broken link stops the reactor before it (the store reports it once); what is recorded still goes out.
      if (!(error instanceof ChainBrokenError)) throw error;
    }
    return true;
  }

  /** One batch of the log, in the transaction that moves the checkpoint: the records folded, the mails recorded. */
  private async apply(tx: Queryable, projected: readonly ProjectedEvent[]): Promise<void> {
    const events = projected as readonly RecordedEvent[];
    const from = await tx.query<{ mail_from: string | number }>('SELECT mail_from FROM task_mail_reactor WHERE id = 1');
    const mailFrom = Number(from.rows[0]?.mail_from ?? 0);
    const streams = [...new Set(events.map((event) => event.streamId))];
    const { rows } = await tx.query<{ stream_id: string; stream_version: number; record: TaskMailRecord }>(
      'SELECT stream_id, stream_version, record FROM task_mail_records WHERE stream_id = ANY($1)',
      [streams],
    );
    const records = new Map(rows.map((row) => [row.stream_id, { version: Number(row.stream_version), record: row.record as TaskMailRecord | undefined }]));
    const changed = new Set<string>();
    const mails: Array<{ mail: TaskMail; at: string }> = [];
    for (const event of events) {
      if (!isTaskMailEvent(event.type)) continue;
      const current = records.get(event.streamId);
      if (current && event.streamVersion <= current.version) continue;
      const occurredAt = event.metadata.occurredAt;
      const logged = { streamId: event.streamId, streamVersion: event.streamVersion, occurredAt, type: event.type, data: event.data } as LoggedEvent;
      const after = evolveRecord(current?.record, logged);
      if (event.position > mailFrom) for (const mail of mailsFor(logged, current?.record, after)) mails.push({ mail, at: occurredAt });
      records.set(event.streamId, { version: event.streamVersion, record: after });
      if (after) changed.add(event.streamId);
    }
    if (changed.size > 0) {
      const written = [...changed].map((streamId) => {
        const { version, record } = records.get(streamId)!;
        return { stream_id: streamId, stream_version: version, record, waiting_since: record!.waitingSince };
      });
      await tx.query(
        `INSERT INTO task_mail_records SELECT * FROM jsonb_populate_recordset(NULL::task_mail_records, $1::jsonb)
         ON CONFLICT (stream_id) DO UPDATE SET stream_version = EXCLUDED.stream_version, record = EXCLUDED.record, waiting_since = EXCLUDED.waiting_since`,
        [JSON.stringify(written)],
      );
    }
    this.recorded += await recordDeliveries(tx, deliveryRows(mails, this.ctx.config.PUBLIC_ADMIN_URL));
  }

  /** The reminders due now (`reminderDue`) of every record that waits, recorded once each. */
  private async recordReminders(now: Date): Promise<number> {
    const everyDays = this.ctx.config.APPROVAL_REMINDER_DAYS;
    if (everyDays <= 0) return 0;
    const { rows } = await this.ctx.db.query<{ stream_id: string; record: TaskMailRecord }>(
      'SELECT stream_id, record FROM task_mail_records WHERE waiting_since IS NOT NULL AND waiting_since <= $1 ORDER BY waiting_since, stream_id',
      [new Date(now.getTime() - everyDays * 86_400_000).toISOString()],
    );
    const due = rows.flatMap(({ stream_id, record }) => {
      const reminder = reminderDue(stream_id, record, now, everyDays);
      return reminder ? [{ mail: reminder, at: now.toISOString() }] : [];
    });
    return recordDeliveries(this.ctx.db, deliveryRows(due, this.ctx.config.PUBLIC_ADMIN_URL));
  }

  /**
   * From the digest hour (UTC) on, each recipient's mails held before that hour today become one digest (recorded
   * pending, keyed by the day): once a day. Mails held after it wait for the next day's. An approver's mail to someone
   * who is no longer an active ADMIN is left out, as the sender would leave it.
   */
  private async makeDigests(now: Date, recipients: Recipients): Promise<number> {
    const hour = this.ctx.config.TASK_MAIL_DIGEST_HOUR;
    if (now.getUTCHours() < hour) return 0;
    const day = utcDay(now);
    const digestTime = new Date(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`);
    const byRecipient = new Map<string, HeldDelivery[]>();
    for (const held of await heldBefore(this.ctx.db, digestTime)) byRecipient.set(held.recipient_id, [...(byRecipient.get(held.recipient_id) ?? []), held]);
    let made = 0;
    for (const [recipientId, held] of byRecipient) {
      const recipient = await recipients.get(recipientId);
      const listed = held.filter((item) => refusal(recipient, item.audience) === undefined);
      const left = held.filter((item) => !listed.includes(item));
      const key = `digest:${day}:${recipientId}`;
      await this.ctx.db.transaction(async (tx) => {
        if (listed.length > 0) {
          const { subject, body } = renderDigest(day, listed);
          const inserted = await recordDeliveries(tx, [
            { key, recipient_id: recipientId, kind: DIGEST_KIND, audience: DIGEST_AUDIENCE, subject, body, link: this.ctx.config.PUBLIC_ADMIN_URL, created_at: now.toISOString() },
          ]);
          // Today's digest was made already: these wait for tomorrow's.
          if (inserted === 0) return;
          made += 1;
          await tx.query(`UPDATE task_mail_deliveries SET status = 'in-digest', digest_key = $2 WHERE key = ANY($1) AND status = 'held'`, [listed.map((item) => item.key), key]);
        }
        if (left.length > 0) {
          await tx.query(`UPDATE task_mail_deliveries SET status = 'skipped', note = $2 WHERE key = ANY($1) AND status = 'held'`, [
            left.map((item) => item.key),
            refusal(recipient, left[0]!.audience) ?? NOT_ACTIVE,
          ]);
        }
      });
    }
    return made;
  }

  /** Sends what is pending, oldest first; each delivery is marked sent once the mail server has accepted it. */
  private async sendPending(now: Date, recipients: Recipients): Promise<Pick<TaskMailPass, 'sent' | 'skipped' | 'refused'>> {
    const counts = { sent: 0, skipped: 0, refused: 0 };
    const election = this.options.election;
    for (const delivery of await pendingDeliveries(this.ctx.db, SEND_PER_PASS)) {
      // A lead lost during the pass (the lock's connection broke): the new leader sends the rest.
      if (election && !(await election.stillLeads(this.ctx.db, TASK_MAIL_REACTOR))) break;
      const recipient = await recipients.get(delivery.recipient_id);
      const refused = refusal(recipient, delivery.audience);
      if (refused !== undefined) {
        await settleDelivery(this.ctx.db, delivery.key, { status: 'skipped', at: now, note: refused });
        counts.skipped += 1;
        continue;
      }
      try {
        await this.ctx.mailer.send({ to: recipient!.email, subject: delivery.subject, text: sentText(recipient!, delivery.body) });
      } catch (err) {
        counts.refused += 1;
        const gaveUp = delivery.attempts + 1 >= MAX_ATTEMPTS;
        this.ctx.logger.error({ err, delivery: delivery.key, attempts: delivery.attempts + 1 }, gaveUp ? 'task mail refused; given up' : 'task mail refused; it is tried again at the next pass');
        await settleDelivery(this.ctx.db, delivery.key, { status: gaveUp ? 'failed' : 'pending', at: now, note: String((err as Error).message ?? err).slice(0, 500), attempted: true });
        continue;
      }
      await settleDelivery(this.ctx.db, delivery.key, { status: 'sent', at: now, attempted: true });
      counts.sent += 1;
    }
    return counts;
  }
}

const NOT_ACTIVE = 'the recipient is not an active account';
const NOT_ADMIN = 'an approver’s mail, and the recipient is not an ADMIN now';

/** Why a mail does not go to this recipient as they are now, or undefined when it goes. */
function refusal(recipient: UserAccount | undefined, audience: string): string | undefined {
  if (!recipient?.userActive || recipient.isDeleted) return NOT_ACTIVE;
  if (audience === 'approver' && recipient.role !== 'ADMIN') return NOT_ADMIN;
  return undefined;
}

/** The recipients of one pass as the `user-accounts` read model has them, each read once. */
class Recipients {
  private readonly read = new Map<string, Promise<UserAccount | undefined>>();
  constructor(private readonly ctx: AppContext) {}
  get(id: string): Promise<UserAccount | undefined> {
    let account = this.read.get(id);
    if (!account) {
      account = findUserById(this.ctx.db, id);
      this.read.set(id, account);
    }
    return account;
  }
}
