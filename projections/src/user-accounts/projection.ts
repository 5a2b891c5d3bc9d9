import type { UserEvent } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import type { ProjectedEvent } from '@ifu/storage/event-store/event-store';
import type { Projection } from '../projection';

/** The effect of one event; `applyBatch` has the same effect for a whole batch in a few statements. */
async function applyOne(tx: Queryable, recorded: ProjectedEvent): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as UserEvent;
  const version = recorded.streamVersion;
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      await tx.query(
        `INSERT INTO user_accounts (id, email, first_name, last_name, role, user_active, is_deleted,
                                    is_training_completed, created_at, stream_version)
         VALUES ($1, $2, $3, $4, $5, true, false, $6, $7, $8)
         ON CONFLICT (id) DO NOTHING`,
        [d.userId, d.email, d.firstName, d.lastName, d.role, d.isTrainingCompleted, recorded.recordedAt, version],
      );
      return;
    }
    case 'UserModified': {
      const d = event.data;
      await tx.query(
        `UPDATE user_accounts SET email = $2, first_name = $3, last_name = $4, role = $5, is_training_completed = $6,
                                  stream_version = $7
          WHERE id = $1 AND stream_version < $7`,
        [d.userId, d.email, d.firstName, d.lastName, d.role, d.isTrainingCompleted, version],
      );
      return;
    }
    case 'UserDeactivated':
    case 'UserReactivated':
      await tx.query('UPDATE user_accounts SET user_active = $2, stream_version = $3 WHERE id = $1 AND stream_version < $3', [
        event.data.userId,
        event.type === 'UserReactivated',
        version,
      ]);
      return;
    case 'PasswordSet':
      await tx.query(
        'UPDATE user_accounts SET password_set_at = $2, stream_version = $3 WHERE id = $1 AND stream_version < $3',
        [event.data.userId, event.data.setAt, version],
      );
      return;
    case 'LoginSucceeded':
      await tx.query(
        'UPDATE user_accounts SET last_login_at = $2, stream_version = $3 WHERE id = $1 AND stream_version < $3',
        [event.data.userId, event.data.at, version],
      );
      return;
    default:
      return;
  }
}

/** Per user, the last value of each column group the segment sets, with the stream version that set it. */
interface Fold {
  active: boolean | null;
  activeVersion: number | null;
  passwordSetAt: string | null;
  passwordVersion: number | null;
  lastLoginAt: string | null;
  loginVersion: number | null;
  maxVersion: number;
}

async function insertRegistrations(tx: Queryable, rows: readonly unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const cols: unknown[][] = Array.from({ length: 8 }, () => []);
  for (const row of rows) row.forEach((v, i) => cols[i]!.push(v));
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

async function applyFolds(tx: Queryable, folds: ReadonlyMap<string, Fold>): Promise<void> {
  if (folds.size === 0) return;
  const cols: unknown[][] = Array.from({ length: 8 }, () => []);
  for (const [id, f] of folds) {
    [id, f.active, f.activeVersion, f.passwordSetAt, f.passwordVersion, f.lastLoginAt, f.loginVersion, f.maxVersion].forEach(
      (v, i) => cols[i]!.push(v),
    );
  }
  // The product applies an event only when its version is above the row's, and versions rise along a stream:
  // so the last event of each kind in the segment wins if, and only if, its version is above the row's.
  await tx.query(
    `UPDATE user_accounts u
        SET user_active     = CASE WHEN b.active_version > u.stream_version THEN b.active ELSE u.user_active END,
            password_set_at = CASE WHEN b.pw_version > u.stream_version THEN b.pw_at ELSE u.password_set_at END,
            last_login_at   = CASE WHEN b.login_version > u.stream_version THEN b.login_at ELSE u.last_login_at END,
            stream_version  = b.max_version
       FROM unnest($1::text[], $2::boolean[], $3::int[], $4::timestamptz[], $5::int[], $6::timestamptz[], $7::int[], $8::int[])
            AS b(id, active, active_version, pw_at, pw_version, login_at, login_version, max_version)
      WHERE u.id = b.id AND b.max_version > u.stream_version`,
    cols,
  );
}


export const userAccountsProjection: Projection = {
  name: 'user-accounts',
  tables: ['user_accounts'],
  handles: new Set<UserEvent['type']>([
    'UserRegistered',
    'UserModified',
    'UserDeactivated',
    'UserReactivated',
    'PasswordSet',
    'LoginSucceeded',
  ]),
  apply: applyOne,
  /**
   * Set-based replay: every registration of a segment in one INSERT, every other event folded per user into one
   * UPDATE; a UserModified (it may change the uniquely indexed email) ends a segment and keeps its own statement.
   */
  async applyBatch(tx, events) {
    let registrations: unknown[][] = [];
    const registered = new Set<string>();
    let folds = new Map<string, Fold>();
    const flush = async () => {
      await insertRegistrations(tx, registrations);
      await applyFolds(tx, folds);
      registrations = [];
      registered.clear();
      folds = new Map();
    };
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as UserEvent;
      const version = recorded.streamVersion;
      const fold = (userId: string): Fold => {
        let f = folds.get(userId);
        if (!f) {
          f = { active: null, activeVersion: null, passwordSetAt: null, passwordVersion: null, lastLoginAt: null, loginVersion: null, maxVersion: 0 };
          folds.set(userId, f);
        }
        f.maxVersion = Math.max(f.maxVersion, version);
        return f;
      };
      switch (event.type) {
        case 'UserRegistered': {
          const d = event.data;
          if (!registered.has(d.userId)) {
            registered.add(d.userId);
            registrations.push([d.userId, d.email, d.firstName, d.lastName, d.role, d.isTrainingCompleted, recorded.recordedAt, version]);
          }
          break;
        }
        case 'UserModified':
          await flush();
          await applyOne(tx, recorded);
          break;
        case 'UserDeactivated':
        case 'UserReactivated': {
          const f = fold(event.data.userId);
          f.active = event.type === 'UserReactivated';
          f.activeVersion = version;
          break;
        }
        case 'PasswordSet': {
          const f = fold(event.data.userId);
          f.passwordSetAt = event.data.setAt;
          f.passwordVersion = version;
          break;
        }
        case 'LoginSucceeded': {
          const f = fold(event.data.userId);
          f.lastLoginAt = event.data.at;
          f.loginVersion = version;
          break;
        }
        default:
          break;
      }
    }
    await flush();
  },
};
