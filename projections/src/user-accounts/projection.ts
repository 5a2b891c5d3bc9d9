import type { TaskMailPreference, UserEvent } from '@ifu/contracts';
import type { ProjectedEvent } from '@ifu/storage/event-store/event-store';
import { type Row, rowProjection } from '../row-projection';

/** A row of `user_accounts` as stored. */
export interface UserAccountRow extends Row {
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  user_active: boolean;
  is_deleted: boolean;
  is_training_completed: boolean;
  /** When the training as it stands was recorded: the registration, or the newest UserTrainingRecorded. */
  training_recorded_at: string | Date | null;
  /** The printed name of the ADMIN who recorded it; null for the first administrator and older events. */
  training_recorded_by: string | null;
  password_set_at: string | Date | null;
  last_login_at: string | Date | null;
  created_at: string | Date;
  /** The version of the user's credentials stream applied (password_set_at and last_login_at come from there). */
  credentials_version: number;
  /** The requested email and names and which of them change, while the user has not accepted or confirmed them. */
  pending_identity_change: PendingIdentityChange | null;
  /** An enrolled second factor (SecondFactorEnrolled, until SecondFactorReset). */
  second_factor_enrolled: boolean;
  /** The absence declared and not ended: its days (`YYYY-MM-DD`, UTC) and the delegate; null when none. */
  absence_from: string | null;
  absence_until: string | null;
  absence_delegate_id: string | null;
  /** How the mails about the user's tasks reach them (MailPreferenceChosen); 'each' until they choose. */
  task_mail: TaskMailPreference;
}

export interface PendingIdentityChange {
  email: string;
  firstName: string;
  lastName: string;
  changed: string[];
  /** After this the request lapses (the row keeps it until something replaces it; readers compare). */
  expiresAt: string;
}

/** Staff accounts: login lookups, sessions, the account header, Manage User, approver choices. */
export const userAccountsProjection = rowProjection<UserAccountRow>({
  name: 'user-accounts',
  table: 'user_accounts',
  migrationsDirectory: new URL('./migrations', import.meta.url),
  // Every event of both streams, so that each version column equals its stream's version (the record's ETag).
  handles: [
    'UserRegistered', 'UserModified', 'UserTrainingRecorded', 'IdentityChangeRequested', 'IdentityChangeAccepted', 'IdentityChangeCancelled',
    'UserDeactivated', 'UserReactivated', 'PasswordSet', 'PasswordRevoked', 'PasswordLinkIssued', 'LoginSucceeded', 'LoginFailed',
    'CredentialCheckFailed', 'AccountLocked', 'UnlockLinkIssued', 'AccountUnlocked', 'EmailedLinksClosed', 'LoggedOut',
    'SecondFactorEnrolmentStarted', 'SecondFactorEnrolled', 'SecondFactorCodeAccepted', 'RecoveryCodeUsed', 'SecondFactorCodeRefused',
    'SecondFactorReset', 'AbsenceDeclared', 'AbsenceEnded', 'MailPreferenceChosen',
  ] satisfies UserEvent['type'][],
  rowId: (event) => (event.data as { userId: string }).userId,
  rowOfStream: (streamId) => /^user-(?:credentials-)?(.+)$/.exec(streamId)?.[1],
  versionColumn: (event) => (event.streamId.startsWith('user-credentials-') ? 'credentials_version' : 'stream_version'),
  evolve(row, recorded: ProjectedEvent) {
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    if (event.type === 'UserRegistered') {
      if (row) return row;
      const d = event.data;
      return {
        id: d.userId,
        email: d.email,
        first_name: d.firstName,
        last_name: d.lastName,
        role: d.role,
        user_active: true,
        is_deleted: false,
        is_training_completed: d.isTrainingCompleted,
        training_recorded_at: d.isTrainingCompleted ? recorded.recordedAt : null,
        training_recorded_by: d.isTrainingCompleted ? (d.trainingRecordedBy?.name ?? null) : null,
        password_set_at: null,
        last_login_at: null,
        created_at: recorded.recordedAt,
        stream_version: recorded.streamVersion,
        credentials_version: 0,
        pending_identity_change: null,
        second_factor_enrolled: false,
        absence_from: null,
        absence_until: null,
        absence_delegate_id: null,
        task_mail: 'each',
      };
    }
    if (!row) return undefined;
    switch (event.type) {
      case 'UserModified': {
        const d = event.data;
        const pending = d.via === 'identity-change' ? null : row.pending_identity_change;
        return {
          ...row,
          email: d.email,
          first_name: d.firstName,
          last_name: d.lastName,
          role: d.role,
          is_training_completed: d.isTrainingCompleted,
          // An edit recorded while edits could change the training says when, but not who (that is in the event's metadata only).
          ...(d.changed.includes('isTrainingCompleted') ? { training_recorded_at: recorded.recordedAt, training_recorded_by: null } : {}),
          pending_identity_change: pending,
        };
      }
      case 'UserTrainingRecorded': {
        const d = event.data;
        return { ...row, is_training_completed: d.completed, training_recorded_at: d.at, training_recorded_by: d.recordedBy.name };
      }
      case 'IdentityChangeRequested': {
        const { to, changed, expiresAt } = event.data;
        return { ...row, pending_identity_change: { ...to, changed, expiresAt } };
      }
      case 'IdentityChangeCancelled':
        return { ...row, pending_identity_change: null };
      case 'UserDeactivated':
        return { ...row, user_active: false };
      case 'UserReactivated':
        return { ...row, user_active: true };
      case 'PasswordSet':
        return { ...row, password_set_at: event.data.setAt };
      case 'PasswordRevoked':
        // A reactivated user has no password until they set one through the emailed link.
        return { ...row, password_set_at: null };
      case 'LoginSucceeded':
        return { ...row, last_login_at: event.data.at };
      case 'SecondFactorEnrolled':
        return { ...row, second_factor_enrolled: true };
      case 'SecondFactorReset':
        return { ...row, second_factor_enrolled: false };
      case 'AbsenceDeclared':
        return { ...row, absence_from: event.data.from, absence_until: event.data.until, absence_delegate_id: event.data.delegateId };
      case 'AbsenceEnded':
        return { ...row, absence_from: null, absence_until: null, absence_delegate_id: null };
      case 'MailPreferenceChosen':
        return { ...row, task_mail: event.data.taskMail };
      default:
        return row;
    }
  },
});
