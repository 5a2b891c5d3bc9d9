import type { UserEvent } from '@ifu/contracts';
import type { Queryable } from '@ifu/platform/database/database';
import type { RecordedEvent } from '@ifu/platform/event-store/event-store';
import type { Projection } from '../projection';

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
  async apply(tx: Queryable, recorded: RecordedEvent) {
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
  },
};
