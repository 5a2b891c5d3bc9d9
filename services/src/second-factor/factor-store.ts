import type { Queryable } from '@ifu/storage/database/database';
import type { Seals } from '../platform/seals';
import type { EnrolledFactor } from '../auth';
import { SecretBox } from './secret-box';
import { normalRecoveryCode } from './totp';

/** A second factor as stored (`second_factor_secrets`): the secret's box and, once confirmed, the recovery codes' hashes. */
interface FactorRow {
  secret_box: string;
  recovery_hashes: string | null;
}

/** A stored factor opened: its secret, and the recovery codes' hashes in order (index 1 is the first). */
export interface OpenedFactor {
  secret: string;
  recoveryHashes: string[];
}

/**
 * The second factors' secrets beside the log. The log says which enrolment is in force and carries the
 * seal of its row (`factorSeal`); a row that no longer matches its seal (changed behind the product's back) is not
 * used, like a password hash whose seal does not hold.
 */
export class FactorStore {
  private readonly box: SecretBox;

  constructor(
    private readonly db: Queryable,
    private readonly seals: Seals,
    auditKey: string,
  ) {
    this.box = new SecretBox(auditKey);
  }

  /** A keyed hash of a recovery code (not argon2: see docs/security.md, "Second factor"). */
  recoveryHash(userId: string, enrolmentId: string, code: string): string {
    return this.seals.seal('recovery-code', userId, enrolmentId, normalRecoveryCode(code));
  }

  /** The seal the log keeps of a confirmed row. */
  factorSeal(userId: string, enrolmentId: string, secretBox: string, recoveryHashes: readonly string[]): string {
    return this.seals.seal('second-factor', userId, enrolmentId, secretBox, ...recoveryHashes);
  }

  /** Keeps a new enrolment's secret (encrypted); nothing is in force until the log confirms it. */
  async storePending(userId: string, enrolmentId: string, secret: string, now: Date): Promise<void> {
    await this.db.query('INSERT INTO second_factor_secrets (user_id, enrolment_id, secret_box, created_at) VALUES ($1, $2, $3, $4)', [
      userId,
      enrolmentId,
      this.box.seal(secret, userId, enrolmentId),
      now.toISOString(),
    ]);
  }

  /** The secret of an enrolment not yet confirmed (its row has no recovery codes yet). */
  async pendingSecret(userId: string, enrolmentId: string): Promise<string | undefined> {
    const row = await this.row(userId, enrolmentId);
    if (!row || row.recovery_hashes !== null) return undefined;
    return this.box.open(row.secret_box, userId, enrolmentId);
  }

  /**
   * Writes the recovery codes' hashes to a pending row, once (a row that has them is not written again), and answers
   * the seal of the row as it is now, for the `SecondFactorEnrolled` event.
   */
  async confirm(userId: string, enrolmentId: string, recoveryHashes: readonly string[]): Promise<string | undefined> {
    const { rows } = await this.db.query<FactorRow>(
      `UPDATE second_factor_secrets SET recovery_hashes = $3 WHERE user_id = $1 AND enrolment_id = $2 AND recovery_hashes IS NULL
       RETURNING secret_box, recovery_hashes`,
      [userId, enrolmentId, recoveryHashes.join(' ')],
    );
    const row = rows[0];
    return row ? this.factorSeal(userId, enrolmentId, row.secret_box, recoveryHashes) : undefined;
  }

  /** The factor the log has in force, or undefined when its row is missing or does not match the log's seal. */
  async enrolled(userId: string, factor: EnrolledFactor): Promise<OpenedFactor | undefined> {
    const row = await this.row(userId, factor.enrolmentId);
    if (!row || row.recovery_hashes === null) return undefined;
    const recoveryHashes = row.recovery_hashes.split(' ');
    if (!this.seals.holds(factor.factorSeal, 'second-factor', userId, factor.enrolmentId, row.secret_box, ...recoveryHashes)) return undefined;
    const secret = this.box.open(row.secret_box, userId, factor.enrolmentId);
    return secret === undefined ? undefined : { secret, recoveryHashes };
  }

  /** Forgets every stored factor of the user but `keep` (after a reset, or once an enrolment is confirmed). */
  async forgetOthers(userId: string, keep?: string): Promise<void> {
    await this.db.query('DELETE FROM second_factor_secrets WHERE user_id = $1 AND enrolment_id IS DISTINCT FROM $2', [userId, keep ?? null]);
  }

  private async row(userId: string, enrolmentId: string): Promise<FactorRow | undefined> {
    const { rows } = await this.db.query<FactorRow>('SELECT secret_box, recovery_hashes FROM second_factor_secrets WHERE user_id = $1 AND enrolment_id = $2', [
      userId,
      enrolmentId,
    ]);
    return rows[0];
  }
}
