import { HourlyBudget } from '../auth';
import type { Logger } from '../platform/logger';
import type { AddresseeKind, AnonymousMailBudget, AnonymousMailKind, DigestKind, Mailer } from '../platform/ports';
import type { SharedMailBudget } from './shared-mail-budget';

/**
 * The mails anonymous callers can make the portal send, each kind with its own hourly budget
 * (ANONYMOUS_MAIL_PER_HOUR), so that a flood of one kind cannot silence another (contact messages must not stop
 * password links):
 * - to the ADMINs: an access request (`POST /user/notify/admin`) and a contact message (`POST /module2/contactUs`).
 *   Past the budget each is held and the hour's held ones go out as one digest to the active ADMINs when the hour ends.
 * - to the address the caller named: a search link (`POST /module2/sendSearchURLLink`, refused with 429 past the
 *   budget) and a set-password link (`POST /user/forgot/password`, `POST /user/verify/email`: not sent, and counted
 *   in the log, since those answers must not change). A digest makes no sense for them: the link belongs to its
 *   addressee alone, and an ADMIN could do nothing with it.
 */
export type { AddresseeKind, AnonymousMailKind, DigestKind };

/** How many held messages one digest lists in full; further ones are counted. */
export const DIGEST_MAX_ENTRIES = 100;

const DIGEST_TITLES: Record<DigestKind, string> = {
  'access-request': 'Requests for an account or its activation (the /sendRequest screen)',
  contact: 'Messages of the Contact US form',
};
const DIGEST_SUBJECT = 'IFU Portal: requests and messages held back for a digest';

interface Held {
  entries: string[];
  /** Held beyond DIGEST_MAX_ENTRIES: counted, not kept. */
  more: number;
}

export interface AnonymousMailOptions {
  cap: number;
  /** Kinds with an hourly budget of their own instead of `cap` (search links: SEARCH_LINK_MAIL_PER_HOUR). */
  caps?: Partial<Record<AnonymousMailKind, number>>;
  clock: () => Date;
  mailer: Mailer;
  logger: Logger;
  /** The active ADMINs when a digest goes out. */
  admins: () => Promise<Array<{ email: string }>>;
  /** Where the ADMINs manage users (a link in the digest). */
  manageUsersUrl: string;
  /**
   * The budget every API instance spends: a mail fits when it fits there too. This process's own count
   * still decides when its hour ends and its digest of held messages goes out.
   */
  shared?: SharedMailBudget;
}

export class AnonymousMail implements AnonymousMailBudget {
  private readonly budget: HourlyBudget<AnonymousMailKind>;
  private held = new Map<DigestKind, Held>();
  private notSent = new Map<AddresseeKind, number>();
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly options: AnonymousMailOptions) {
    this.budget = new HourlyBudget(options.cap, options.clock, (start, end) => this.hourEnded(start, end), options.caps);
  }

  get cap(): number {
    return this.options.cap;
  }

  /**
   * Takes `count` mails of this hour's budget of `kind`; false when they do not fit (then hold the message for the
   * digest, or refuse or drop it and call `notSent`).
   */
  async take(kind: AnonymousMailKind, count = 1): Promise<boolean> {
    if (count <= 0) return true;
    if (!this.budget.take(kind, count)) return false;
    if (!this.options.shared || (await this.options.shared.take(kind, count, this.options.clock()))) return true;
    this.budget.giveBack(kind, count);
    return false;
  }

  /** Gives back mails taken for a message that was not sent after all (no account, a link sent a minute ago). */
  async giveBack(kind: AnonymousMailKind, count = 1): Promise<void> {
    this.budget.giveBack(kind, count);
    await this.options.shared?.giveBack(kind, count, this.options.clock());
  }

  /** Keeps a message to the ADMINs for the digest of this hour: plain text, the visitor's words labelled as theirs. */
  hold(kind: DigestKind, entry: string): void {
    const held = this.held.get(kind) ?? { entries: [], more: 0 };
    if (held.entries.length < DIGEST_MAX_ENTRIES) held.entries.push(entry);
    else held.more += 1;
    this.held.set(kind, held);
  }

  /** Counts a mail to an addressee that was not sent because the hour's budget was spent, and logs the count. */
  notSentOverBudget(kind: AddresseeKind, log: Logger = this.options.logger): void {
    const count = (this.notSent.get(kind) ?? 0) + 1;
    this.notSent.set(kind, count);
    log.warn({ kind, notSentThisHour: count, cap: this.cap }, 'anonymous mail budget spent: mail not sent');
  }

  /**
   * A mail to the address the caller named, within this hour's budget of `kind`: `send` runs when one more fits and
   * answers whether it mailed (else the budget is given back); past the budget nothing runs and the count is logged.
   */
  async toAddressee(kind: AddresseeKind, log: Logger, send: () => Promise<boolean>): Promise<boolean> {
    if (!(await this.take(kind))) {
      this.notSentOverBudget(kind, log);
      return false;
    }
    let sent = false;
    try {
      sent = await send();
      return sent;
    } finally {
      if (!sent) await this.giveBack(kind);
    }
  }

  /** Sends the digest of an hour that is over, and waits for digests on their way (a timer calls it every minute). */
  async flushDue(): Promise<void> {
    this.budget.endHour();
    await this.settled();
  }

  /** At shutdown: the held messages go out now rather than be lost. */
  async close(): Promise<void> {
    this.budget.endHour({ now: true });
    await this.settled();
  }

  private async settled(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  private hourEnded(start: Date, end: Date): void {
    const held = this.held;
    const notSent = this.notSent;
    this.held = new Map();
    this.notSent = new Map();
    if (notSent.size > 0) this.options.logger.warn({ from: start.toISOString(), notSent: Object.fromEntries(notSent) }, 'anonymous mails not sent in the hour (budget spent)');
    if (held.size === 0) return;
    const sending: Promise<void> = this.sendDigest(held, start, end)
      .catch((err: unknown) => this.options.logger.error({ mailError: (err as { code?: unknown }).code ?? (err as Error).name }, 'digest of held messages not sent'))
      .finally(() => this.sending.delete(sending));
    this.sending.add(sending);
  }

  private async sendDigest(held: Map<DigestKind, Held>, start: Date, end: Date): Promise<void> {
    const admins = await this.options.admins();
    if (admins.length === 0) {
      this.options.logger.error({ held: [...held.values()].reduce((n, h) => n + h.entries.length + h.more, 0) }, 'digest of held messages: no active ADMIN to send it to');
      return;
    }
    const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const sections = [...held].map(([kind, { entries, more }]) => [
      `${DIGEST_TITLES[kind]}: ${entries.length + more}`,
      '',
      ...entries.flatMap((entry, index) => [`--- ${index + 1} ---`, entry, '']),
      ...(more > 0 ? [`(${more} more were received; only the first ${DIGEST_MAX_ENTRIES} are listed.)`, ''] : []),
    ]);
    await this.options.mailer.send({
      to: admins.map((admin) => admin.email),
      subject: DIGEST_SUBJECT,
      text: [
        'Hello,',
        '',
        `Between ${utc(start)} and ${utc(end)} the public portal received more requests than it mails one by one (at most ${this.cap} mails of each kind an hour, ANONYMOUS_MAIL_PER_HOUR). The rest are listed here, once for all administrators. Nothing in them has been verified.`,
        '',
        ...sections.flat(),
        `Manage users: ${this.options.manageUsersUrl}`,
        '',
        'IFU Portal',
      ].join('\n'),
    });
  }
}
