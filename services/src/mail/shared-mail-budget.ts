import type { Queryable } from '@ifu/storage/database/database';

/**
 * The anonymous mails' hourly budget as every API instance sees it: counted in the database, one
 * row per kind. An hour starts at the first mail after the last hour ended, as in one process (`HourlyBudget`). One
 * statement takes the units or nothing, so two instances cannot both take the last one.
 */
export class SharedMailBudget {
  constructor(
    private readonly db: Queryable,
    readonly cap: number,
    /** Kinds with a budget of their own instead of `cap`. */
    private readonly caps: Readonly<Record<string, number>> = {},
  ) {}

  /** Takes `count` of `kind`'s units in the hour `now` falls in; false (nothing taken) when they do not fit. */
  async take(kind: string, count: number, now: Date): Promise<boolean> {
    const cap = this.caps[kind] ?? this.cap;
    if (count > cap) return false;
    const { rows } = await this.db.query(
      `INSERT INTO anonymous_mail_budget AS b (kind, hour_start, used) VALUES ($1, $2, $3)
       ON CONFLICT (kind) DO UPDATE SET
         hour_start = CASE WHEN b.hour_start <= $2::timestamptz - interval '1 hour' THEN excluded.hour_start ELSE b.hour_start END,
         used = CASE WHEN b.hour_start <= $2::timestamptz - interval '1 hour' THEN excluded.used ELSE b.used + excluded.used END
       WHERE b.hour_start <= $2::timestamptz - interval '1 hour' OR b.used + excluded.used <= $4
       RETURNING used`,
      [kind, now, count, cap],
    );
    return rows.length === 1;
  }

  /** Gives back units of this hour taken for a mail that was not sent after all. */
  async giveBack(kind: string, count: number, now: Date): Promise<void> {
    await this.db.query(
      `UPDATE anonymous_mail_budget SET used = greatest(0, used - $2) WHERE kind = $1 AND hour_start > $3::timestamptz - interval '1 hour'`,
      [kind, count, now],
    );
  }
}
