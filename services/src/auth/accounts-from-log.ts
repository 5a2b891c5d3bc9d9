import { type UserEvent, userStreamId } from '@ifu/contracts';
import { type EventStore, QUARANTINED_EVENT_TYPE } from '@ifu/storage/event-store/event-store';
import { accountFold } from './account';
import type { UserState } from './account';

/** Accounts whose folded state this process keeps; beyond it the least recently asked is folded again when asked. */
const KEPT = 10_000;

/**
 * Who an account is now (role, active, email, printed name), folded from its own `user-<id>` stream in the
 * hash-chained log: the authentication middleware and every "who is this now" question read
 * it here, never from the `user_accounts` read model, which the request path's database role can write. A state
 * folded to a stream version never changes, so it is kept in memory and a request reads only the events after it
 * (usually none: one indexed query).
 */
export class AccountsFromLog {
  private readonly folded = new Map<string, { version: number; state: UserState }>();

  constructor(private readonly store: EventStore) {}

  /**
   * The account as its stream has it now, or undefined when it was never registered. `currentVersion`, when the caller
   * read it from the log in the same round trip as something else (the session), spares the read when nothing is newer.
   */
  async get(userId: string, currentVersion?: number): Promise<UserState | undefined> {
    const folded = await this.fold(userId, currentVersion);
    return folded?.state.exists ? folded.state : undefined;
  }

  /** The account's stream folded, with its version: a command of the same request starts from it (`CommandOrigin.folded`). */
  async fold(userId: string, currentVersion?: number): Promise<{ state: UserState; version: number } | undefined> {
    const known = this.folded.get(userId);
    if (known && currentVersion === known.version) return known;
    const newer = await this.store.readStream(userStreamId(userId), known?.version ?? 0);
    if (!known && newer.length === 0) return undefined;
    let state = known?.state ?? accountFold.initialState();
    for (const event of newer) if (event.type !== QUARANTINED_EVENT_TYPE) state = accountFold.evolve(state, { type: event.type, data: event.data } as UserEvent);
    const version = (known?.version ?? 0) + newer.length;
    const folded = { version, state };
    this.folded.delete(userId);
    this.folded.set(userId, folded);
    if (this.folded.size > KEPT) this.folded.delete(this.folded.keys().next().value!);
    return folded;
  }
}
