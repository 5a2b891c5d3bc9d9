/**
 * PROTOTYPE, not product code: userAccountsProjection with a set-based `applyBatch`, so a whole batch costs
 * two statements (one INSERT for the registrations, one UPDATE for everything else) instead of one per event.
 */
import type { UserEvent } from '@ifu/contracts';
import type { Queryable } from '@ifu/platform/database/database';
import type { RecordedEvent } from '@ifu/platform/event-store/event-store';
import type { Projection } from '@ifu/projections/projection';
import { userAccountsProjection } from '@ifu/projections/user-accounts/projection';

export interface BatchProjection extends Projection {
  /** Applies the handled events of one batch, in log order, with the same effect as `apply` on each in turn. */
  applyBatch(tx: Queryable, events: readonly RecordedEvent[]): Promise<void>;
}

interface PendingUpdate {
  passwordSetAt: string | null;
  passwordVersion: number | null;
  lastLoginAt: string | null;
  loginVersion: number | null;
  maxVersion: number;
}

export const batchedUserAccountsProjection: BatchProjection = {
  ...userAccountsProjection,
  async applyBatch(tx, events) {
    const registered = new Map<string, unknown[]>();
    const updates = new Map<string, PendingUpdate>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as UserEvent;
      const version = recorded.streamVersion;
      switch (event.type) {
        case 'UserRegistered': {
          const d = event.data;
          if (!registered.has(d.userId)) {
            registered.set(d.userId, [d.userId, d.email, d.firstName, d.lastName, d.role, d.isTrainingCompleted, recorded.recordedAt, version]);
          }
          break;
        }
        case 'PasswordSet':
        case 'LoginSucceeded': {
          const u = updates.get(event.data.userId) ?? {
            passwordSetAt: null,
            passwordVersion: null,
            lastLoginAt: null,
            loginVersion: null,
            maxVersion: 0,
          };
          if (event.type === 'PasswordSet') {
            u.passwordSetAt = event.data.setAt;
            u.passwordVersion = version;
          } else {
            u.lastLoginAt = event.data.at;
            u.loginVersion = version;
          }
          u.maxVersion = Math.max(u.maxVersion, version);
          updates.set(event.data.userId, u);
          break;
        }
        default:
          break;
      }
    }
    if (registered.size > 0) {
      const cols: unknown[][] = Array.from({ length: 8 }, () => []);
      for (const row of registered.values()) row.forEach((v, i) => cols[i]!.push(v));
      await tx.query(
        `INSERT INTO user_accounts (id, email, first_name, last_name, role, user_active, is_deleted,
                                    is_training_completed, created_at, stream_version)
         SELECT id, email, first_name, last_name, role, true, false, trained, created_at, version
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::timestamptz[], $8::int[])
                AS r(id, email, first_name, last_name, role, trained, created_at, version)
         ON CONFLICT (id) DO NOTHING`,
        cols,
      );
    }
    if (updates.size > 0) {
      const ids: string[] = [];
      const pwAt: (string | null)[] = [];
      const pwV: (number | null)[] = [];
      const loginAt: (string | null)[] = [];
      const loginV: (number | null)[] = [];
      const maxV: number[] = [];
      for (const [id, u] of updates) {
        ids.push(id);
        pwAt.push(u.passwordSetAt);
        pwV.push(u.passwordVersion);
        loginAt.push(u.lastLoginAt);
        loginV.push(u.loginVersion);
        maxV.push(u.maxVersion);
      }
      // Per event the projection applies an update only when its version is above the row's; versions rise
      // along a stream, so the last PasswordSet / LoginSucceeded of the batch above the row's version wins.
      await tx.query(
        `UPDATE user_accounts u
            SET password_set_at = CASE WHEN b.pw_version > u.stream_version THEN b.pw_at ELSE u.password_set_at END,
                last_login_at   = CASE WHEN b.login_version > u.stream_version THEN b.login_at ELSE u.last_login_at END,
                stream_version  = b.max_version
           FROM unnest($1::text[], $2::timestamptz[], $3::int[], $4::timestamptz[], $5::int[], $6::int[])
                AS b(id, pw_at, pw_version, login_at, login_version, max_version)
          WHERE u.id = b.id AND b.max_version > u.stream_version`,
        [ids, pwAt, pwV, loginAt, loginV, maxV],
      );
    }
  },
};
