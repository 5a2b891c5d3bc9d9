import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database, Queryable } from '@ifu/storage/database/database';
import { GENESIS_HASH } from '@ifu/storage/event-store/hash-chain';
import type { RecordedEvent } from '@ifu/storage/event-store/event-store';
import type { FileStore } from '../platform/file-store';
import { Refusal } from '../platform/errors';
import { KEPT_TABLES } from './backup-tables';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupManifest, CHECKPOINTS_PART, EVENTS_PART, FILES_DIRECTORY, FILES_PART, MANIFEST, type Part, MISSING_FILES_LISTED, PartWriter, signManifest, fileLines, tablePart } from './backup-format';

export interface BackupSource {
  db: Database;
  files: FileStore;
  /** AUDIT_CHECKPOINTS_FILE; copied up to the backup's position when it exists. */
  checkpointsFile: string;
  /** AUDIT_KEY: signs the manifest. */
  auditKey: string;
}

/** Rows fetched from a cursor at a time: a few MB of events, whatever the log's length. */
const FETCH_ROWS = 1000;

/**
 * Writes a consistent backup of a running installation into `directory` (which must be new or empty), and answers
 * its manifest. The event log up to one position and the tables kept beside it are read in one REPEATABLE READ
 * snapshot, so writes going on meanwhile are either wholly in the backup or not at all; the files are copied after
 * the snapshot (content-addressed and never changed, so every file the log up to that position names is there by
 * then), and the checkpoints file up to that position.
 */
export async function takeBackup(source: BackupSource, directory: string, now: Date): Promise<BackupManifest> {
  await prepareDirectory(directory);
  const parts: Part[] = [];
  /** Every committed file the backed-up log names: checked against the files copied. */
  const referenced = new Set<string>();
  const log = await source.db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await tx.query<{ position: string | number | null; hash: string | null }>(
      'SELECT position, hash FROM events WHERE position = (SELECT max(position) FROM events)',
    );
    const position = Number(rows[0]?.position ?? 0);
    const lastHash = rows[0]?.hash ?? GENESIS_HASH;
    parts.push(await writeEvents(tx, directory, position, referenced));
    for (const table of KEPT_TABLES) {
      parts.push(await writeRows(tx, directory, tablePart(table.name), `SELECT row_to_json(r) AS row FROM (SELECT ${table.select} FROM ${table.name} ORDER BY ${table.orderBy}) r`));
    }
    return { position, lastHash };
  });
  const files = await copyFiles(source.files, directory, referenced);
  parts.push(files.part);
  const checkpoints = await copyCheckpoints(source.checkpointsFile, directory, log.position);
  if (checkpoints) parts.push(checkpoints);
  const manifest = signManifest(source.auditKey, {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    takenAt: now.toISOString(),
    source: source.db.description,
    log,
    parts,
    files: { count: files.count, bytes: files.bytes, missing: files.missing.slice(0, MISSING_FILES_LISTED) },
  });
  // Last, and by rename: a directory holding a manifest holds a whole backup.
  await writeFile(join(directory, `${MANIFEST}.partial`), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  await rename(join(directory, `${MANIFEST}.partial`), join(directory, MANIFEST));
  return manifest;
}

async function prepareDirectory(directory: string): Promise<void> {
  if (existsSync(directory) && (await readdir(directory)).length > 0) {
    throw new Error(`${directory} is not empty: a backup is written into a new or empty directory`);
  }
  await mkdir(join(directory, 'tables'), { recursive: true, mode: 0o700 });
  await mkdir(join(directory, FILES_DIRECTORY), { recursive: true, mode: 0o700 });
}

/** The log as `RecordedEvent`s: exactly the fields, and the text of `recordedAt`, that each hash covers. */
function writeEvents(tx: Queryable, directory: string, upTo: number, referenced: Set<string>): Promise<Part> {
  const select = `SELECT json_build_object(
      'position', position, 'streamId', stream_id, 'streamVersion', stream_version, 'eventId', event_id, 'type', type,
      'data', data, 'metadata', metadata,
      'recordedAt', to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'hash', hash) AS row
    FROM events WHERE position <= ${Math.trunc(upTo)} ORDER BY position`;
  return writeRows(tx, directory, EVENTS_PART, select, (row) => {
    const event = row as RecordedEvent;
    if (event.type !== STAGED_FILES_EVENT) collectFileAddresses(event.data, referenced);
    return { ...event, position: Number(event.position) };
  });
}

/** Streams a query's `row` column into a part through a cursor of the snapshot's transaction. */
async function writeRows(tx: Queryable, directory: string, name: string, select: string, shape: (row: unknown) => unknown = (row) => row): Promise<Part> {
  const part = new PartWriter(directory, name);
  await tx.query(`DECLARE backup_rows NO SCROLL CURSOR FOR ${select}`);
  for (;;) {
    const { rows } = await tx.query<{ row: unknown }>(`FETCH ${FETCH_ROWS} FROM backup_rows`);
    for (const { row } of rows) await part.line(shape(row));
    if (rows.length < FETCH_ROWS) break;
  }
  await tx.query('CLOSE backup_rows');
  return part.close();
}

/** The add wizard's uploads name staged files, which a submit may never commit: the only event whose files may be absent. */
const STAGED_FILES_EVENT = 'DocumentFilesUploaded';

/** Every `sha256` an event's data names (a file, a logo, a signed file, a download): the committed files it relies on. */
function collectFileAddresses(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectFileAddresses(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'sha256' && typeof item === 'string' && /^[0-9a-f]{64}$/.test(item)) into.add(item);
      else collectFileAddresses(item, into);
    }
  }
}

/**
 * Every committed file, its checksum verified as it is read (a file changed on disk fails the backup, named); then the
 * files the log names that the listing did not meet, once more (a file is committed a moment after the event that
 * names it). Those still absent are answered as missing.
 */
async function copyFiles(files: FileStore, directory: string, referenced: Set<string>): Promise<{ part: Part; count: number; bytes: number; missing: string[] }> {
  const list = new PartWriter(directory, FILES_PART);
  let count = 0;
  let bytes = 0;
  const copy = async (sha256: string) => {
    const opened = await files.open(sha256);
    await pipeline(opened.stream, createWriteStream(join(directory, FILES_DIRECTORY, sha256), { flags: 'wx', mode: 0o600 })).catch((error: unknown) => {
      throw new Error(`file ${sha256} could not be copied: ${error instanceof Error ? error.message : String(error)}`);
    });
    await list.line({ sha256, bytes: opened.size });
    count += 1;
    bytes += opened.size;
    referenced.delete(sha256);
  };
  for await (const sha256 of files.listStored()) await copy(sha256);
  const missing: string[] = [];
  for (const sha256 of [...referenced]) {
    try {
      await copy(sha256);
    } catch (error) {
      if (!(error instanceof Refusal && error.rejection.code === 'file-not-found')) throw error;
      missing.push(sha256);
    }
  }
  return { part: await list.close(), count, bytes, missing };
}

/**
 * The signed checkpoints at or before the backup's position. One published after the snapshot names an event the
 * backup does not hold: kept, it would make the restored log look cut short.
 */
async function copyCheckpoints(file: string, directory: string, upTo: number): Promise<Part | undefined> {
  if (!existsSync(file)) return undefined;
  const part = new PartWriter(directory, CHECKPOINTS_PART);
  for await (const line of fileLines(file)) {
    let position: unknown;
    try {
      position = (JSON.parse(line) as { position?: unknown }).position;
    } catch {
      position = undefined; // a line that is not a checkpoint travels as it is: audit:verify names it
    }
    if (typeof position === 'number' && position > upTo) continue;
    await part.lineText(line);
  }
  return part.close();
}
