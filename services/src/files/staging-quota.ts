import type { Queryable } from '@ifu/storage/database/database';
import { Refusal } from '../platform/errors';
import type { ByteBudget } from '../platform/file-store';
import { sizeInWords } from './staging';

interface UserStaging {
  /** Bytes this user's requests are staging right now. */
  inflight: number;
  /** The user's serialized section: reading what is kept staged and keeping more, one request at a time. */
  turn: Promise<unknown>;
  requests: number;
}

/**
 * The bytes each user may keep staged and not yet submitted: what earlier uploads keep staged
 * (`stagedBytesOf`, read from the database) plus what the user's requests are streaming now. A request over it is
 * refused with 413 while it streams (its file removed), and checked once more, exactly, when its files are kept.
 * The streaming count lives in this process; the kept bytes in the database, and the final check is serialized per
 * user over every instance.
 */
export class StagingQuota {
  private readonly users = new Map<string, UserStaging>();

  constructor(
    private readonly maxBytes: number,
    private readonly stagedBytesOf: (userId: string) => Promise<number>,
    /**
     * Runs a user's exact check and keep with no other instance doing the same for that user (an advisory lock on a
     * PostgreSQL server, which several API instances share): the final check is exact over every instance, not only
     * this process. Where the lock is a transaction, `work` is given it: what the keep writes there commits with it.
     */
    private readonly acrossInstances: <T>(userId: string, work: (locked?: Queryable) => Promise<T>) => Promise<T> = (_userId, work) => work(),
  ) {}

  private refusal() {
    return new Refusal({ code: 'upload-quota-exceeded', quota: sizeInWords(this.maxBytes) });
  }

  private user(userId: string): UserStaging {
    let user = this.users.get(userId);
    if (!user) {
      user = { inflight: 0, turn: Promise.resolve(), requests: 0 };
      this.users.set(userId, user);
    }
    return user;
  }

  private exclusive<T>(user: UserStaging, work: () => Promise<T>): Promise<T> {
    const result = user.turn.then(work);
    user.turn = result.catch(() => undefined);
    return result;
  }

  /**
   * One request's share: bytes it stages count against the quota until it keeps them or its answer is sent. What the
   * user keeps staged already is read while the request streams (its first bytes do not wait for a query): until it
   * is known only the bytes in flight count, and the exact check when the files are kept refuses what got past.
   */
  reserve(userId: string): QuotaReservation {
    const user = this.user(userId);
    user.requests += 1;
    let kept = 0;
    // A failed read only loses the early refusal: the keep reads the kept bytes again, and fails with the database.
    this.exclusive(user, () => this.stagedBytesOf(userId)).then(
      (bytes) => {
        kept = bytes;
      },
      () => undefined,
    );
    let mine = 0;
    const give = () => {
      user.inflight -= mine;
      mine = 0;
    };
    return {
      take: (bytes) => {
        mine += bytes;
        user.inflight += bytes;
        if (kept + user.inflight > this.maxBytes) {
          // This request's bytes stop counting at once: of two racing for the last room, the other may still fit.
          give();
          throw this.refusal();
        }
      },
      keep: (record) =>
        this.exclusive(user, () =>
          this.acrossInstances(userId, async (locked) => {
            if ((await this.stagedBytesOf(userId)) + mine > this.maxBytes) throw this.refusal();
            await record(locked);
            give();
          }),
        ),
      release: () => {
        give();
        user.requests -= 1;
        if (user.requests === 0) this.users.delete(userId);
      },
    };
  }
}

export interface QuotaReservation extends ByteBudget {
  /**
   * Runs `record` (which keeps this request's files staged and counts them in `stagedBytesOf`) if they still fit;
   * `locked`, when given, is the transaction holding the user's lock: rows written there commit as the lock ends.
   */
  keep(record: (locked?: Queryable) => Promise<void>): Promise<void>;
  /** The request has answered: what it staged and did not keep no longer counts. */
  release(): void;
}
