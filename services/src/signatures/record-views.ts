import type { Queryable } from '@ifu/storage/database/database';
import type { Seals } from '../platform/seals';

/**
 * The version of a record a staff user last opened, as the screens open it (a change order's view, a customer, the
 * Manage User list). A signed decision that names no version (`If-Match`), as the spec's own payloads do not, is bound
 * to this one (21 CFR 11.70: the signature is bound to the record as its signer reviewed it). One row per user and
 * record, the latest view; not an event per view. Each row is sealed with the audit key's seal key: a row written
 * behind the product's back (without the key) is no view, and a decision without If-Match is then refused.
 */
export interface RecordView {
  stream: string;
  version: number;
  /** When it was opened, ISO 8601 UTC. */
  viewedAt: string;
}

const sealOf = (seals: Seals, userId: string, view: RecordView) => seals.seal('record-view', userId, view.stream, String(view.version), view.viewedAt);

/** Records that `userId` opened these records at these versions now (one statement however many a list shows). */
export async function recordViews(ctx: { db: Queryable; seals: Seals }, userId: string, views: ReadonlyArray<{ stream: string; version: number }>, now: Date): Promise<void> {
  if (views.length === 0) return;
  const viewedAt = now.toISOString();
  const rows = views.map((view) => ({ ...view, viewedAt }));
  // A later view wins; of two at the same instant, the higher version (what the screen showed last).
  await ctx.db.query(
    `INSERT INTO signer_record_views (user_id, stream_id, version, viewed_at, seal)
     SELECT $1, v.stream_id, v.version, $2::timestamptz, v.seal
       FROM unnest($3::text[], $4::integer[], $5::text[]) AS v(stream_id, version, seal)
     ON CONFLICT (user_id, stream_id) DO UPDATE SET version = EXCLUDED.version, viewed_at = EXCLUDED.viewed_at, seal = EXCLUDED.seal
      WHERE (signer_record_views.viewed_at, signer_record_views.version) <= (EXCLUDED.viewed_at, EXCLUDED.version)`,
    [userId, viewedAt, rows.map((r) => r.stream), rows.map((r) => r.version), rows.map((r) => sealOf(ctx.seals, userId, r))],
  );
}

/** The version of `stream` that `userId` last opened, if the product recorded one (its seal holds). */
export async function lastView(ctx: { db: Queryable; seals: Seals }, userId: string, stream: string): Promise<RecordView | undefined> {
  const { rows } = await ctx.db.query<{ version: number; viewed_at: Date | string; seal: string }>(
    'SELECT version, viewed_at, seal FROM signer_record_views WHERE user_id = $1 AND stream_id = $2',
    [userId, stream],
  );
  const row = rows[0];
  if (!row) return undefined;
  const view = { stream, version: row.version, viewedAt: new Date(row.viewed_at).toISOString() };
  return ctx.seals.holds(row.seal, 'record-view', userId, stream, String(view.version), view.viewedAt) ? view : undefined;
}
