import { randomUUID } from 'node:crypto';
import { type BigIntStats, close, createReadStream, createWriteStream, existsSync, fstat, open } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredFile } from '@ifu/contracts';
import { Refusal } from '../platform/errors';
import { hashingPassThrough, SHA256, STAGED_ID, verifyingChecksum } from '../platform/content-address';
import type { ByteBudget, FilePolicy, FileStore, OpenedFile, StagedFile } from '../platform/file-store';
import { SignedFileUrls } from '../platform/signed-file-urls';
import { stageUpload, type StagingSlot } from './staging';

export interface LocalFileStoreOptions {
  /** Absolute directory; committed files live at `<directory>/<sha256>`, staged ones under `<directory>/staging/`. */
  directory: string;
  /** Where browsers reach the API: the base of signed URLs. */
  publicBaseUrl: string;
  /** Signs and checks signed URLs. */
  signingKey: string;
  /**
   * How old a file's last change must be when it is verified for this process to trust it afterwards by its identity
   * on disk (default 2 s, above any file system's timestamp granularity); see `VerifiedFiles`.
   */
  settleMs?: number;
}

/** What the disk says about a file: a write in place changes its ctime, a replacement its inode. */
type Identity = Pick<BigIntStats, 'dev' | 'ino' | 'size' | 'mtimeNs' | 'ctimeNs'>;

const sameIdentity = (a: Identity, b: Identity) =>
  a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;

/**
 * Stored files this process has read whole and found to hash to their name, with their identity on disk at the time
 * (docs/security.md, "Stored files"). A file is content-addressed and never changes once committed: any change to it
 * (a write in place moves its ctime, which no caller can set back; a replacement is another inode) makes the next open
 * verify it again. A file changed within the timestamp granularity of its last change could keep its ctime, so a file
 * is only remembered when that change was at least `settleMs` older than the verification's start (git's "racy" rule).
 * At most 10,000 files, the oldest remembered forgotten first.
 */
class VerifiedFiles {
  private static readonly MAX = 10_000;
  private readonly identities = new Map<string, Identity>();
  constructor(private readonly settleMs: number) {}

  trusted(sha256: string, identity: Identity): boolean {
    const known = this.identities.get(sha256);
    return known !== undefined && sameIdentity(known, identity);
  }

  remember(sha256: string, identity: Identity, readFromMs: number): void {
    if (identity.ctimeNs >= BigInt(Math.floor(readFromMs - this.settleMs)) * 1_000_000n) return;
    this.identities.delete(sha256);
    if (this.identities.size >= VerifiedFiles.MAX) this.identities.delete(this.identities.keys().next().value!);
    this.identities.set(sha256, identity);
  }

  forget(sha256: string): void {
    this.identities.delete(sha256);
  }
}

// The callback forms (not `fs/promises`' FileHandle, whose open and close cost about twice as much per file: bench
// `--only reads`, the logo row).
const openForReading = (path: string) =>
  new Promise<number | undefined>((resolve) => open(path, 'r', (error, fd) => resolve(error ? undefined : fd)));
const identityOf = (fd: number) =>
  new Promise<BigIntStats>((resolve, reject) => fstat(fd, { bigint: true }, (error, stats) => (error ? reject(error) : resolve(stats))));

/** Content-addressed files on the local disk (architecture §5). */
export class LocalFileStore implements FileStore {
  private readonly staging: string;
  private readonly verified: VerifiedFiles;
  readonly urls: SignedFileUrls;
  constructor(private readonly options: LocalFileStoreOptions) {
    this.staging = join(options.directory, 'staging');
    this.verified = new VerifiedFiles(options.settleMs ?? 2_000);
    this.urls = new SignedFileUrls(options.publicBaseUrl, options.signingKey);
  }

  stage(input: Readable, policy: FilePolicy, clientName: string, budget?: ByteBudget): Promise<StagedFile> {
    return stageUpload(input, policy, clientName, budget, (stagedId) => this.stagingSlot(stagedId));
  }

  private async stagingSlot(stagedId: string): Promise<StagingSlot> {
    await mkdir(this.staging, { recursive: true });
    const path = this.stagedPath(stagedId);
    const out = createWriteStream(path, { mode: 0o640 });
    return {
      out,
      path,
      kept: async () => {
        if (!out.writableFinished) await once(out, 'finish');
      },
      discard: async () => {
        // Closed before removal: a file still being opened would otherwise appear after the rm.
        if (!out.closed) {
          const closed = once(out, 'close');
          out.destroy();
          await closed;
        }
        await rm(path, { force: true });
      },
      read: () => createReadStream(path),
      replace: (bytes) => writeFile(path, bytes, { mode: 0o640 }),
    };
  }

  async commit(staged: StagedFile): Promise<StoredFile> {
    const target = this.storedPath(staged.sha256);
    const source = this.stagedPath(staged.stagedId);
    if (existsSync(target)) await rm(source, { force: true });
    else await rename(source, target);
    return { sha256: staged.sha256, contentType: staged.contentType, size: staged.size };
  }

  async isStaged(stagedId: string): Promise<boolean> {
    return STAGED_ID.test(stagedId) && existsSync(this.stagedPath(stagedId));
  }

  async openStaged(stagedId: string): Promise<Readable | undefined> {
    if (!STAGED_ID.test(stagedId)) return undefined;
    // Opened now, not when first read: a file committed or swept a moment later is still read whole from its open
    // descriptor, and one already gone is said so here instead of failing the stream later.
    const path = this.stagedPath(stagedId);
    const fd = await openForReading(path);
    return fd === undefined ? undefined : createReadStream(path, { fd });
  }

  async deleteStaged(stagedId: string): Promise<void> {
    await rm(this.stagedPath(stagedId), { force: true });
  }

  async deleteStagedOlderThan(olderThanMs: number, now: Date): Promise<number> {
    if (!existsSync(this.staging)) return 0;
    let removed = 0;
    for (const name of await readdir(this.staging)) {
      if (!STAGED_ID.test(name)) continue;
      const path = join(this.staging, name);
      const info = await stat(path).catch(() => undefined);
      if (info && now.getTime() - info.mtimeMs > olderThanMs) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /**
   * Streamed from an open descriptor, whose own stat says what is read (not the path's, which a rename could swap in
   * between). Hashed as it streams, unless this process already read this very file whole and it matched.
   */
  async open(sha256: string): Promise<OpenedFile> {
    const path = this.storedPath(sha256);
    const readFromMs = Date.now();
    const fd = await openForReading(path);
    if (fd === undefined) throw new Refusal({ code: 'file-not-found' });
    let identity: Identity;
    try {
      identity = await identityOf(fd);
    } catch (error) {
      close(fd, () => undefined);
      throw error;
    }
    const size = Number(identity.size);
    const file = createReadStream(path, { fd });
    if (this.verified.trusted(sha256, identity)) return { size, stream: file };
    this.verified.forget(sha256);
    const verify = verifyingChecksum(sha256, () => this.verified.remember(sha256, identity, readFromMs));
    // A reader that stops early (a closed connection) destroys the verifying stream: the descriptor goes with it.
    verify.on('close', () => file.destroy());
    return { size, stream: file.on('error', (error) => verify.destroy(error)).pipe(verify) };
  }

  async count(): Promise<{ stored: number; staged: number }> {
    const list = async (dir: string, pattern: RegExp) => (existsSync(dir) ? (await readdir(dir)).filter((n) => pattern.test(n)).length : 0);
    return { stored: await list(this.options.directory, SHA256), staged: await list(this.staging, STAGED_ID) };
  }

  async *listStored(): AsyncIterable<string> {
    if (!existsSync(this.options.directory)) return;
    for (const name of await readdir(this.options.directory)) if (SHA256.test(name)) yield name;
  }

  async putStored(sha256: string, input: Readable): Promise<void> {
    if (!SHA256.test(sha256)) throw new Error(`${sha256.slice(0, 80)} is not a content address: not stored`);
    const target = this.storedPath(sha256);
    await mkdir(this.options.directory, { recursive: true });
    // Written beside its target under a name no listing counts, and renamed into place only once its bytes are right.
    const partial = join(this.options.directory, `.restoring-${randomUUID()}`);
    const hashing = hashingPassThrough();
    try {
      await pipeline(input, hashing.stream, createWriteStream(partial, { mode: 0o640 }));
      const actual = hashing.digest();
      if (actual !== sha256) throw new Error(`the bytes given for ${sha256} hash to ${actual}: not stored`);
      await rename(partial, target);
    } finally {
      await rm(partial, { force: true });
    }
  }

  /** Only ever built from a hash the server recorded, never from client input. */
  private storedPath(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Refusal({ code: 'file-not-found' });
    return join(this.options.directory, sha256);
  }

  private stagedPath(stagedId: string): string {
    if (!STAGED_ID.test(stagedId)) throw new Error('not a staged file id');
    return join(this.staging, stagedId);
  }
}
