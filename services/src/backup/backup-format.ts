import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { z } from 'zod';
import { canonicalJson } from '@ifu/storage/event-store/hash-chain';

/**
 * The backup directory:
 *
 *   manifest.json             what the backup holds, written last: a directory without it is not a backup
 *   events.ndjson             the event log up to `log.position`, one event a line, as hashed (RecordedEvent)
 *   tables/<table>.ndjson     each table kept beside the log (backup-tables.ts), one row a line
 *   files.ndjson              each committed file: { sha256, bytes }
 *   files/<sha256>            the files' bytes, each named by its content address
 *   audit-checkpoints.jsonl   the signed checkpoints up to `log.position` (when the installation had any)
 *
 * Each part's SHA-256 is in the manifest, so that a restore refuses a changed or cut backup, naming the part, before
 * it writes anything.
 */
export const BACKUP_FORMAT = 'ifu-portal-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const EVENTS_PART = 'events.ndjson';
export const FILES_PART = 'files.ndjson';
export const CHECKPOINTS_PART = 'audit-checkpoints.jsonl';
export const FILES_DIRECTORY = 'files';
export const tablePart = (table: string) => `tables/${table}.ndjson`;

/** A manifest is small: a few dozen parts. Read no more than this. */
export const MANIFEST_MAX_BYTES = 1024 * 1024;

/** The most files named as missing in a manifest (more are counted in the message, not listed). */
export const MISSING_FILES_LISTED = 1000;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex');
const Count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const PartName = z
  .string()
  .max(80)
  .regex(/^(events\.ndjson|files\.ndjson|audit-checkpoints\.jsonl|tables\/[a-z][a-z0-9_]{0,62}\.ndjson)$/, 'a part of the backup format');

export const Part = z.object({ name: PartName, sha256: Sha256, bytes: Count, rows: Count });
export type Part = z.infer<typeof Part>;

export const BackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  takenAt: z.iso.datetime(),
  /** The database it was taken from, without a password. */
  source: z.string().max(500),
  log: z.object({
    /** The last event in the backup: the position the database's snapshot ended at. */
    position: Count,
    /** That event's hash (the chain's head); the genesis hash for an empty log. */
    lastHash: Sha256,
  }),
  parts: z.array(Part).max(64),
  files: z.object({
    count: Count,
    bytes: Count,
    /** Files the log names that the file store did not hold (a record left pointing at a staged file by a crash). */
    missing: z.array(Sha256).max(MISSING_FILES_LISTED),
  }),
  /** HMAC-SHA256 of the rest under AUDIT_KEY: the parts' hashes cannot be changed to match changed parts without the key. */
  signature: Sha256,
});
export type BackupManifest = z.infer<typeof BackupManifest>;

const manifestSignature = (key: string, manifest: Omit<BackupManifest, 'signature'>) =>
  createHmac('sha256', key).update('ifu backup manifest\n').update(canonicalJson(manifest)).digest('hex');

export const signManifest = (key: string, manifest: Omit<BackupManifest, 'signature'>): BackupManifest => ({ ...manifest, signature: manifestSignature(key, manifest) });

export function manifestSignedWith(key: string, manifest: BackupManifest): boolean {
  const { signature, ...rest } = manifest;
  const expected = Buffer.from(manifestSignature(key, rest));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** One line of `files.ndjson`. */
export const FileEntry = z.object({ sha256: Sha256, bytes: Count });

/**
 * Writes one part line by line, with backpressure, counting its bytes and hashing them as they go out (the manifest's
 * entry for it comes from `close`). Refuses to overwrite: a backup directory is written once.
 */
export class PartWriter {
  private readonly out: WriteStream;
  private readonly hash = createHash('sha256');
  private bytes = 0;
  private rows = 0;

  constructor(
    directory: string,
    readonly name: string,
  ) {
    this.out = createWriteStream(join(directory, name), { flags: 'wx', mode: 0o600 });
  }

  line(value: unknown): Promise<void> {
    return this.lineText(JSON.stringify(value));
  }

  /** A line as it is (a checkpoint copied byte for byte). */
  async lineText(text: string): Promise<void> {
    const bytes = Buffer.from(`${text}\n`);
    this.hash.update(bytes);
    this.bytes += bytes.length;
    this.rows += 1;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  async close(): Promise<Part> {
    this.out.end();
    await finished(this.out);
    return { name: this.name, sha256: this.hash.digest('hex'), bytes: this.bytes, rows: this.rows };
  }
}

/** The SHA-256 and length of a file, read as a stream. */
export async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** The lines of a file, one at a time (a log of millions of events is never held in memory). */
export async function* fileLines(path: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) if (line !== '') yield line;
}
