import type { Store } from 'express-rate-limit';
import type { Queryable } from '@ifu/storage/database/database';
import type { Logger } from './logger';

/*
 * The services the app context carries that features implement: platform/ declares what it hands every route, the
 * feature named beside each port implements it, and api-server.ts (a composition root) puts the implementation in
 * the context. So platform/ names no feature, and a feature uses another's service through the context without
 * importing that feature. The file-store port, larger, is platform/file-store.ts.
 */

/** A message the mailer sends. */
export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes (the contact form's visitor). */
  replyTo?: string;
  /** The recipient is a public visitor: their address is not logged (architecture §6, visitor personal data). */
  visitor?: boolean;
}

/** Sends mail: over SMTP, or into the outbox folder (mail/mailer.ts). */
export interface Mailer {
  /** Where mail goes, for the start-up banner. */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The mails to the ADMINs that anonymous callers cause, held for an hourly digest past their budget. */
export type DigestKind = 'access-request' | 'contact';
/** The mails to an address an anonymous caller named, not sent past their budget. */
export type AddresseeKind = 'search-link' | 'password-link' | 'paper-copy-receipt';
export type AnonymousMailKind = DigestKind | AddresseeKind;

/** The hourly budgets of the mails anonymous requests cause, and the digest of those held back (mail/anonymous-mail.ts). */
export interface AnonymousMailBudget {
  /** Takes `count` mails of this hour's budget of `kind`; false when they do not fit. */
  take(kind: AnonymousMailKind, count?: number): Promise<boolean>;
  /** Gives back mails taken for a message that was not sent after all. */
  giveBack(kind: AnonymousMailKind, count?: number): Promise<void>;
  /** Keeps a message to the ADMINs for the digest of this hour. */
  hold(kind: DigestKind, entry: string): void;
  /** Counts a mail to an addressee that was not sent because the hour's budget was spent, and logs the count. */
  notSentOverBudget(kind: AddresseeKind, log?: Logger): void;
  /** A mail to the address the caller named, within this hour's budget of `kind` (`send` answers whether it mailed). */
  toAddressee(kind: AddresseeKind, log: Logger, send: () => Promise<boolean>): Promise<boolean>;
  /** Sends the digest of an hour that is over. */
  flushDue(): Promise<void>;
  /** At shutdown: the held messages go out now rather than be lost. */
  close(): Promise<void>;
}

/** Where the rate limiters keep their counts (auth/rate-limit-stores.ts). */
export interface RateLimitStores {
  /** A store for the limiter `name` (one name per limiter: its window is the store's), or undefined: in memory. */
  store(name: string): Store | undefined;
  close(): Promise<void>;
}

/** PDF text extraction after the upload's answer (documents/text-queue.ts). */
export interface PdfTextQueue {
  /** Queues the PDFs among `files` whose text is not known yet, and wakes the queue. */
  enqueue(files: ReadonlyArray<{ sha256: string; contentType: string; stagedId?: string }>): Promise<void>;
  /** Queues them as rows of the caller's transaction, not waking the queue: call `wakeUp` once it has committed. */
  enqueueIn(tx: Queryable, files: ReadonlyArray<{ sha256: string; contentType: string; stagedId?: string }>): Promise<void>;
  /** Looks for queued work now: files queued in a transaction that has since committed. */
  wakeUp(): void;
  /** Starts taking work: what an earlier run left queued first. */
  start(): void;
  /** Stops taking work and ends the extractions running; their files stay queued for the next start. */
  stop(): Promise<void>;
  /** Tests: hold the queue (nothing new is taken) to see an upload answered before its text exists. */
  pause(): void;
  resume(): void;
  /** How many extractions ran at once at most since the start (tests: one at a time by default). */
  readonly peakRunning: number;
  /** Resolves once nothing is queued or being extracted (tests, the demo seed). */
  idle(): Promise<void>;
}
