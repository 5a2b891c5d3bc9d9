import type { Database } from '@ifu/storage/database/database';
import type { EventStore } from '@ifu/storage/event-store/event-store';
import type { FileStore } from './file-store';
import type { AnonymousMailBudget, Mailer, PdfTextQueue, RateLimitStores } from './ports';
import type { BackgroundWork } from './background-work';
import type { CommandPipeline } from './command-pipeline';
import type { Config } from './config';
import type { Logger } from './logger';
import type { ReadRouting } from './replica-reads';
import type { Seals } from './seals';

export interface Secrets {
  jwtSecret: string;
  linkSecret: string;
  /** Keys the event log's hash chain and signs its checkpoints; kept outside the database. */
  auditKey: string;
}

/** Everything a route needs, passed in so that tests build the app in-process with their own parts. */
export interface AppContext {
  config: Config;
  /** The primary: every command, and every read a command decides from. */
  db: Database;
  /**
   * Where a search, a list or a public page reads: `await ctx.reads.for(req)` is the replica (DATABASE_READ_URL) unless
   * the caller's own last write is not replayed there yet, or the primary when there is no replica.
   */
  reads: ReadRouting;
  /** Read only, outside the pipeline: the audit report and chain verification read the log itself. */
  store: EventStore;
  /** The only way to append (platform/command-pipeline.ts); it also waits for the read models a command names. */
  commands: CommandPipeline;
  files: FileStore;
  /** PDF text extraction after the upload's answer, one process at a time by default (documents/text-queue.ts). */
  textQueue: PdfTextQueue;
  mailer: Mailer;
  /** The hourly budget of the mails anonymous requests cause, and the digest of those held back. */
  anonymousMail: AnonymousMailBudget;
  /** Where the rate limiters count: the database on a PostgreSQL server (shared by every instance), else memory. */
  rateLimits: RateLimitStores;
  /** Work an answer does not wait for (mail that must not tell by its timing whether an address exists). */
  work: BackgroundWork;
  logger: Logger;
  secrets: Secrets;
  /** Keyed seals (under a key derived from AUDIT_KEY) of what the request path stores and a signature relies on. */
  seals: Seals;
  /** Server time; injected so tests can move it (lockout windows, inactivity). Commands read it once, in `begin`. */
  clock: () => Date;
}
