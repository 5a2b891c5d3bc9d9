import { createReadStream, existsSync, statSync } from 'node:fs';
import { copyFile, mkdir, open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Database, Queryable } from '@ifu/storage/database/database';
import type { RecordedEvent } from '@ifu/storage/event-store/event-store';
import { eventHash, GENESIS_HASH } from '@ifu/storage/event-store/hash-chain';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { allProjections, rebuild } from '@ifu/projections';
import { type AuditVerification, verifyAndCheckpoint } from '../audit';
import type { FileStore } from '../platform/file-store';
import { EVENT_LOG_TABLE, KEPT_TABLES, keptTable } from './backup-tables';
import { BackupManifest, CHECKPOINTS_PART, EVENTS_PART, FILES_DIRECTORY, FILES_PART, FileEntry, fileLines, hashFile, MANIFEST, MANIFEST_MAX_BYTES, manifestSignedWith, type Part } from './backup-format';

/** A backup that cannot be restored, or a target that must not receive one: said in words, nothing written. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreTarget {
  /** The database to load, connected as the role that owns its tables (DATABASE_OWNER_URL when there is one). */
  db: Database;
  files: FileStore;
  /** AUDIT_CHECKPOINTS_FILE of the target installation. */
  checkpointsFile: string;
  /** The audit key the backed-up installation ran with: the log's chain is checked with it. */
  auditKey: string;
}

export interface RestoreReport {
  manifest: BackupManifest;
  events: number;
  tables: Record<string, number>;
  files: number;
  rebuilt: Array<{ projection: string; position: number }>;
  verification: AuditVerification;
}

export interface RestoreOptions {
  /** Runs the migrations once the backup and the target are found fit, before the load. */
  migrate?: () => Promise<void>;
  /** Progress, a line at a time. */
  log?: (line: string) => void;
}

/** Rows sent to the database in one statement, and at most about this many bytes of them (a PDF's text is megabytes). */
const INSERT_ROWS = 500;
const INSERT_BYTES = 8 * 1024 * 1024;

/** The manifest of a backup directory, checked against the format; refused in words when it is not one. */
export async function readManifest(directory: string, auditKey: string): Promise<BackupManifest> {
  const path = join(directory, MANIFEST);
  if (!existsSync(path)) throw new RestoreRefused(`${directory} holds no ${MANIFEST}: not a backup, or a backup that did not finish`);
  if (statSync(path).size > MANIFEST_MAX_BYTES) throw new RestoreRefused(`${MANIFEST} is larger than a manifest can be`);
  const handle = await open(path);
  let text: string;
  try {
    text = await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RestoreRefused(`${MANIFEST} is not JSON`);
  }
  const parsed = BackupManifest.safeParse(json);
  if (!parsed.success) {
    throw new RestoreRefused(`${MANIFEST} is not a backup manifest this version reads: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  if (!manifestSignedWith(auditKey, parsed.data)) {
    throw new RestoreRefused(`${MANIFEST} is not signed with this AUDIT_KEY: restore with the audit key the backed-up installation ran with (or the manifest was changed)`);
  }
  const names = parsed.data.parts.map((part) => part.name);
  if (!names.includes(EVENTS_PART) || !names.includes(FILES_PART)) throw new RestoreRefused(`${MANIFEST} lists no ${EVENTS_PART} or no ${FILES_PART}`);
  if (new Set(names).size !== names.length) throw new RestoreRefused(`${MANIFEST} lists a part twice`);
  for (const name of names) {
    const table = /^tables\/(.+)\.ndjson$/.exec(name)?.[1];
    if (table && !keptTable(table)) throw new RestoreRefused(`${name}: this version keeps no table ${table} (a backup of another version?)`);
  }
  return parsed.data;
}

/**
 * Every part hashes to what the manifest says, and every file listed is there and hashes to its name. The first that
 * does not is named; nothing has been written to the target yet.
 */
export async function verifyBackup(directory: string, manifest: BackupManifest): Promise<void> {
  for (const part of manifest.parts) {
    const path = join(directory, part.name);
    if (!existsSync(path)) throw new RestoreRefused(`${part.name} is missing from the backup`);
    const actual = await hashFile(path);
    if (actual.sha256 !== part.sha256 || actual.bytes !== part.bytes) {
      throw new RestoreRefused(`${part.name} was changed or cut since the backup was taken: its SHA-256 is not the manifest's`);
    }
  }
  let count = 0;
  for await (const entry of filesOf(directory)) {
    const name = `${FILES_DIRECTORY}/${entry.sha256}`;
    const path = join(directory, name);
    if (!existsSync(path)) throw new RestoreRefused(`${name} is missing from the backup`);
    const actual = await hashFile(path);
    if (actual.sha256 !== entry.sha256 || actual.bytes !== entry.bytes) throw new RestoreRefused(`${name} was changed since the backup was taken: its bytes do not hash to its name`);
    count += 1;
  }
  if (count !== manifest.files.count) throw new RestoreRefused(`${FILES_PART} lists ${count} files, the manifest ${manifest.files.count}`);
}

async function* filesOf(directory: string): AsyncGenerator<{ sha256: string; bytes: number }> {
  for await (const line of fileLines(join(directory, FILES_PART))) {
    const parsed = FileEntry.safeParse(JSON.parse(line));
    if (!parsed.success) throw new RestoreRefused(`${FILES_PART} holds a line that is not a file entry`);
    yield parsed.data;
  }
}

/**
 * Why the target cannot receive a backup, or undefined when it is empty: no event (the database may be new or
 * migrated), no row in a kept table, no committed file, no checkpoint. Works before the migrations have run too.
 */
export async function targetProblems(target: Pick<RestoreTarget, 'db' | 'files' | 'checkpointsFile'>): Promise<string | undefined> {
  const problems: string[] = [];
  for (const table of [EVENT_LOG_TABLE, ...KEPT_TABLES.map((t) => t.name)]) {
    const { rows } = await target.db.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [table]);
    if (!rows[0]?.present) continue;
    const { rows: any } = await target.db.query(`SELECT 1 FROM ${table} LIMIT 1`);
    if (any.length > 0) problems.push(`its table ${table} has rows`);
  }
  const { stored } = await target.files.count();
  if (stored > 0) problems.push(`its file store holds ${stored} files`);
  if (existsSync(target.checkpointsFile) && statSync(target.checkpointsFile).size > 0) problems.push(`its checkpoints file ${target.checkpointsFile} is not empty`);
  return problems.length > 0 ? `the target is not empty (${problems.join('; ')}): a backup is restored into an empty database and file store only` : undefined;
}

/**
 * Restores a backup into an empty target: checks the backup whole first (`verifyBackup`) and that the target is empty,
 * migrates it (`options.migrate`), then loads the log
 * (each event's link in the hash chain checked with the audit key as it is read, positions and hashes kept) and the
 * kept tables in one transaction, puts the files, copies the checkpoints, rebuilds every read model from the log, and
 * verifies the chain against the checkpoints (publishing a new one). Anything wrong before the load's commit leaves
 * the database as it was.
 */
export async function restoreBackup(target: RestoreTarget, directory: string, now: Date, options: RestoreOptions = {}): Promise<RestoreReport> {
  const log = options.log ?? (() => {});
  const manifest = await readManifest(directory, target.auditKey);
  await verifyBackup(directory, manifest);
  const problem = await targetProblems(target);
  if (problem) throw new RestoreRefused(problem);
  await options.migrate?.();
  log(`Backup of ${manifest.takenAt} checked: ${manifest.log.position} events, ${manifest.files.count} files, every part as the manifest says.`);
  if (manifest.files.missing.length > 0) log(`Warning: the backed-up log names ${manifest.files.missing.length} files its file store did not hold: ${manifest.files.missing.slice(0, 20).join(', ')}`);

  const tables: Record<string, number> = {};
  const events = await target.db.transaction(async (tx) => {
    const loaded = await loadEvents(tx, directory, manifest, target.auditKey);
    for (const part of manifest.parts) {
      const table = /^tables\/(.+)\.ndjson$/.exec(part.name)?.[1];
      if (table) tables[table] = await loadTable(tx, directory, part, table);
    }
    return loaded;
  });
  log(`Loaded ${events} events and ${Object.entries(tables).map(([t, n]) => `${n} ${t}`).join(', ')}.`);

  let files = 0;
  for await (const entry of filesOf(directory)) {
    await target.files.putStored(entry.sha256, createReadStream(join(directory, FILES_DIRECTORY, entry.sha256)));
    files += 1;
  }
  if (manifest.parts.some((part) => part.name === CHECKPOINTS_PART)) {
    await mkdir(dirname(target.checkpointsFile), { recursive: true });
    await copyFile(join(directory, CHECKPOINTS_PART), target.checkpointsFile);
  }
  log(`Put ${files} files${manifest.parts.some((p) => p.name === CHECKPOINTS_PART) ? ' and the audit checkpoints' : ''}.`);

  const store = await PostgresEventStore.open(target.db, { chainKey: target.auditKey });
  try {
    const rebuilt: RestoreReport['rebuilt'] = [];
    for (const projection of allProjections) {
      rebuilt.push({ projection: projection.name, position: await rebuild(target.db, store, projection, 5000) });
      log(`Rebuilt ${projection.name} up to position ${rebuilt.at(-1)!.position}.`);
    }
    const verification = await verifyAndCheckpoint(store, target.auditKey, target.checkpointsFile, now);
    return { manifest, events, tables, files, rebuilt, verification };
  } finally {
    await store.close();
  }
}

/**
 * Inserts the log as it was, batch by batch, checking each event's link: its position is the next one and its hash is
 * what the audit key gives for it after the one before. The log must end at the manifest's position and hash.
 */
async function loadEvents(tx: Queryable, directory: string, manifest: BackupManifest, auditKey: string): Promise<number> {
  let previousHash = GENESIS_HASH;
  let position = 0;
  let batch: RecordedEvent[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.query(
      `INSERT INTO events (position, stream_id, stream_version, event_id, type, data, metadata, recorded_at, hash)
       SELECT e.position, e."streamId", e."streamVersion", e."eventId", e.type, e.data, e.metadata, e."recordedAt", e.hash
         FROM jsonb_to_recordset($1::jsonb) AS e(position bigint, "streamId" text, "streamVersion" integer, "eventId" uuid, type text,
                                                  data jsonb, metadata jsonb, "recordedAt" timestamptz, hash text)
        ORDER BY e.position`,
      [JSON.stringify(batch)],
    );
    batch = [];
    batchBytes = 0;
  };
  for await (const line of fileLines(join(directory, EVENTS_PART))) {
    const event = JSON.parse(line) as RecordedEvent;
    const { hash, ...content } = event;
    if (event.position !== position + 1) throw new RestoreRefused(`${EVENTS_PART}: the event after position ${position} is at ${String(event.position)}`);
    if (typeof hash !== 'string' || eventHash(auditKey, previousHash, content) !== hash) {
      throw new RestoreRefused(
        position === 0
          ? `${EVENTS_PART}: the first event's hash is not what AUDIT_KEY gives: restore with the audit key the backed-up installation ran with`
          : `${EVENTS_PART}: the hash chain breaks at position ${event.position} (${event.streamId})`,
      );
    }
    previousHash = hash;
    position = event.position;
    batch.push(event);
    batchBytes += line.length;
    if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) await flush();
  }
  await flush();
  if (position !== manifest.log.position || previousHash !== manifest.log.lastHash) {
    throw new RestoreRefused(`${EVENTS_PART} ends at position ${position}, the manifest at ${manifest.log.position} with another hash`);
  }
  return position;
}

/** Inserts a kept table's rows; the columns are the backup's, each one the target's table has. */
async function loadTable(tx: Queryable, directory: string, part: Part, table: string): Promise<number> {
  const { rows: columnRows } = await tx.query<{ name: string }>(
    'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
    [table],
  );
  const columns = new Set(columnRows.map((row) => row.name));
  let count = 0;
  let batch: Record<string, unknown>[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const names = Object.keys(batch[0]!);
    const unknown = names.filter((name) => !columns.has(name));
    if (unknown.length > 0) throw new RestoreRefused(`${part.name}: the table ${table} has no column ${unknown.join(', ')}`);
    const list = names.map((name) => `"${name}"`).join(', ');
    await tx.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`, [JSON.stringify(batch)]);
    count += batch.length;
    batch = [];
    batchBytes = 0;
  };
  for await (const line of fileLines(join(directory, part.name))) {
    batch.push(JSON.parse(line) as Record<string, unknown>);
    batchBytes += line.length;
    if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) await flush();
  }
  await flush();
  return count;
}
