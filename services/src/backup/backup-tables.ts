import { allProjections } from '@ifu/projections';

/**
 * What a backup does with each table the migrations create. The event log is the record; the
 * read models are rebuilt from it; a few tables beside the log hold what the log deliberately does not (secrets,
 * personal-data keys, the costly PDF text) and are copied; the rest is either made again on use or must not come back.
 * A table no entry names makes `backup-tables.int.test.ts` fail: a new table is classified before it ships.
 */
export interface KeptTable {
  name: string;
  /** Columns in order, each as it is written to the backup (an expression may reset a column that must not travel). */
  select: string;
  /** Orders the rows (the primary key), so that two backups of one database are the same file. */
  orderBy: string;
  why: string;
}

export const KEPT_TABLES: readonly KeptTable[] = [
  {
    name: 'user_credentials',
    select: 'user_id, password_hash, set_at',
    orderBy: 'user_id',
    why: 'password hashes stay out of the log (it holds only their seals): without them nobody could sign in',
  },
  {
    name: 'password_tokens',
    select: 'token_hash, user_id, purpose, created_at, expires_at, used_at',
    orderBy: 'token_hash',
    why: 'the hashes of emailed set-password, unlock and confirmation links: links mailed before the backup keep working',
  },
  {
    name: 'second_factor_secrets',
    select: 'user_id, enrolment_id, secret_box, recovery_hashes, created_at',
    orderBy: 'user_id, enrolment_id',
    why: "second factors' secrets (encrypted under a key from AUDIT_KEY) and recovery-code hashes: the log holds only their seals; without them no user with a factor could sign in",
  },
  {
    name: 'visitor_keys',
    select: 'visitor_id, email_digest, key, created_at',
    orderBy: 'visitor_id',
    why: "visitors' emails in the log are sealed under these keys (crypto-shredding): without them they cannot be read; a forgotten visitor has no row, so stays forgotten",
  },
  {
    name: 'quarantined_events',
    select: 'position, stream_id, type, hash, reason, quarantined_at, mac',
    orderBy: 'position',
    why: "the events an operator set aside (each row signed with the audit key): without them the restored log stops at the first one again",
  },
  {
    name: 'document_file_text',
    select: 'sha256, pages, text, failure, extracted_at, truncated',
    orderBy: 'sha256',
    why: "each PDF's extracted text: derived from the file, but extraction is the costly part of indexing",
  },
  {
    name: 'document_text_vectors',
    select: 'sha256, config, vector',
    orderBy: 'sha256, config',
    why: "each PDF text's search vectors: without them the restore's rebuild of the search read model stems every text again",
  },
  {
    name: 'document_text_queue',
    // The claim belonged to a process of the old installation, and the staged copy is not in the backup.
    select: 'sha256, NULL::text AS staged_id, enqueued_at, attempts, NULL::timestamptz AS claimed_until',
    orderBy: 'sha256',
    why: 'PDFs still waiting for their text: the restored API extracts them from the committed files',
  },
  {
    name: 'open_download_counts',
    select: 'period_start, child_document_id, dimension, value, document_number, parent_change_id, customer_id, version, sha256, downloads, summarised',
    orderBy: 'period_start, child_document_id, dimension, value',
    why: 'anonymous open-access downloads counted and not yet summarised into the log (with how many the log holds): without them the last hour or so of the distribution record would be lost',
  },
  {
    name: 'task_mail_reactor',
    select: 'id, mail_from, created_at',
    orderBy: 'id',
    why: 'where the task-mail reactor started mailing: kept, the restored reactor (its checkpoint back at 0) mails the events after it that it had not recorded yet, and no earlier one',
  },
  {
    name: 'task_mail_deliveries',
    select: 'key, recipient_id, kind, audience, subject, body, link, status, digest_key, attempts, note, created_at, sent_at',
    orderBy: 'key',
    why: 'the task mails decided and what became of each: a mail sent before the backup is not sent again, one still pending or held for a digest still goes',
  },
];

/** Tables the restore fills again from the log: every read model, its checkpoint and its deferred indexes. */
export const REBUILT_TABLES: ReadonlyMap<string, string> = new Map([
  ...allProjections.flatMap((projection) => projection.tables.map((table) => [table, `read model ${projection.name}`] as const)),
  ['projection_checkpoints', 'each read model is rebuilt, so its checkpoint starts again at 0'],
  ['projection_deferred_indexes', 'held only while a rebuild runs'],
  ['task_mail_records', "the task-mail reactor's fold of each change order and customer: folded again from the log at the restored API's first pass"],
  ['stream_snapshots', 'sealed folds of long streams, made again when a stream is next loaded'],
]);

/** Tables deliberately not kept: nothing of them may come back from a backup. */
export const NOT_KEPT_TABLES: ReadonlyMap<string, string> = new Map([
  ['sessions', 'everyone signs in again: a session ended after the backup (logout, deactivation) must not come back to life'],
  ['document_upload_staging', "the add wizard's staged uploads are not in the backup; an unfinished wizard uploads its files again"],
  ['schema_migrations', "the target's own migrations write it"],
  ['user_write_positions', "WAL positions of the old server's primary: meaningless on another; a user's reads go to the primary until they write again"],
  ['anonymous_mail_budget', "the current hour's count of anonymous mails: starts again at zero"],
  ['signer_record_views', 'the version of each record staff last opened: after a restore, a decision sent without If-Match asks its signer to open the record again'],
]);

/** The event log itself: written to the backup whole, up to the snapshot's position. */
export const EVENT_LOG_TABLE = 'events';

export const keptTable = (name: string) => KEPT_TABLES.find((table) => table.name === name);
