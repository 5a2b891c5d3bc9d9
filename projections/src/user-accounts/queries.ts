import type { Absence, Role, TaskMailPreference } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import type { PendingIdentityChange, UserAccountRow } from './projection';
import { type Page, type PageRequest, queryPage } from '../paging';

export interface UserAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  userActive: boolean;
  isDeleted: boolean;
  isTrainingCompleted: boolean;
  /** When the training as it stands was recorded, and by whom (printed name; null when the log does not say). */
  trainingRecordedAt: string | null;
  trainingRecordedBy: string | null;
  passwordSetAt: string | null;
  lastLoginAt: string | null;
  /** The user stream's version this row shows: the record's ETag. */
  version: number;
  /** A change of email or name the user has not accepted or confirmed yet. */
  pendingIdentityChange: PendingIdentityChange | null;
  /** An enrolled second factor. */
  secondFactorEnrolled: boolean;
  /** The absence declared and not ended (it may be over already: readers compare with the day). */
  absence: Absence | null;
  /** How the mails about the user's tasks reach them. */
  taskMail: TaskMailPreference;
}

/** A stored row, with the page's total count when listed. */
type Row = UserAccountRow & { role: Role; total?: string | number };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toAccount = (row: Row): UserAccount => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  role: row.role,
  userActive: row.user_active,
  isDeleted: row.is_deleted,
  isTrainingCompleted: row.is_training_completed,
  trainingRecordedAt: iso(row.training_recorded_at ?? null),
  trainingRecordedBy: row.training_recorded_by ?? null,
  passwordSetAt: iso(row.password_set_at),
  lastLoginAt: iso(row.last_login_at),
  version: row.stream_version,
  pendingIdentityChange: row.pending_identity_change ?? null,
  secondFactorEnrolled: row.second_factor_enrolled === true,
  absence:
    row.absence_from && row.absence_until && row.absence_delegate_id
      ? { from: row.absence_from, until: row.absence_until, delegateId: row.absence_delegate_id }
      : null,
  taskMail: row.task_mail ?? 'each',
});

export async function findUserByEmail(db: Queryable, email: string): Promise<UserAccount | undefined> {
  const { rows } = await db.query<Row>('SELECT * FROM user_accounts WHERE lower(email) = lower($1) ORDER BY created_at LIMIT 1', [email]);
  return rows[0] && toAccount(rows[0]);
}

export async function findUserById(db: Queryable, id: string): Promise<UserAccount | undefined> {
  const { rows } = await db.query<Row>('SELECT * FROM user_accounts WHERE id = $1', [id]);
  return rows[0] && toAccount(rows[0]);
}

export async function countUsers(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM user_accounts');
  return Number(rows[0]?.n ?? 0);
}

export type UserSortField = 'firstName' | 'lastName' | 'email' | 'role' | 'status';

/**
 * Manage User's list, oldest first unless sorted: every account, or one page of them (`total` counts all matches).
 * `status: 'ACTIVE'` keeps active accounts only (the ACTIVE USERS tab).
 */
export function listUsers(db: Queryable, request: PageRequest<UserSortField> & { status?: 'ACTIVE' | 'INACTIVE' } = {}): Promise<Page<UserAccount>> {
  const active = '(user_active AND NOT is_deleted)';
  return queryPage(db, request, {
    select: 'SELECT * FROM user_accounts',
    where: request.status ? [request.status === 'ACTIVE' ? active : `NOT ${active}`] : [],
    params: [],
    searchIn: "first_name || ' ' || last_name || ' ' || email",
    sortColumns: { firstName: 'lower(first_name)', lastName: 'lower(last_name)', email: 'lower(email)', role: 'role', status: active },
    defaultOrder: 'created_at, id',
    map: toAccount,
  });
}

/** Every active, non-deleted account's id and names: printed names must name one active user. */
export async function listActiveUserNames(db: Queryable): Promise<Array<{ id: string; firstName: string; lastName: string }>> {
  const { rows } = await db.query<{ id: string; first_name: string; last_name: string }>(
    'SELECT id, first_name, last_name FROM user_accounts WHERE user_active AND NOT is_deleted ORDER BY created_at, id',
  );
  return rows.map((row) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name }));
}

/** Active, non-deleted ADMIN accounts: approver choices and the recipients of access requests. */
/** The accounts (by id) whose task mails are held for a daily digest (task-mail/). */
export async function usersChoosingDailyDigest(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>("SELECT id FROM user_accounts WHERE task_mail = 'daily-digest' ORDER BY id");
  return rows.map((row) => row.id);
}

export async function listActiveAdmins(db: Queryable): Promise<UserAccount[]> {
  const { rows } = await db.query<Row>(
    "SELECT * FROM user_accounts WHERE role = 'ADMIN' AND user_active AND NOT is_deleted ORDER BY created_at, id",
  );
  return rows.map(toAccount);
}
