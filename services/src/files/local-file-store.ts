import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, opendir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredFile } from '@ifu/contracts';
import sharp from 'sharp';
import { Refusal } from '../platform/errors';
import { cleanFileName, MAX_FILE_NAME, storedFileName } from './file-names';
import type { ByteBudget, FilePolicy, FileStore, OpenedFile, SignedUrlOptions, StagedFile } from './file-store';
import { type ContentType, sniff, SNIFF_BYTES } from './sniff';

const SHA256 = /^[0-9a-f]{64}$/;
const STAGED_ID = /^[0-9a-f-]{36}$/;
// eslint-disable-next-line no-control-regex -- control characters in a file name are exactly what is refused
const UNSAFE_NAME = /[/\\]|\.\.|[\u0000-\u001f\u007f]/;

const invalid = (message: string) => new Refusal({ code: 'file-invalid', message });

/** '2 MB', '50 MB', '512 KB': the size limit as the refusal says it. */
export function sizeInWords(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${Math.round(bytes / 1024)} KB`;
}

export interface LocalFileStoreOptions {
  /** Absolute directory; committed files live at `<directory>/<sha256>`, staged ones under `<directory>/staging/`. */
  directory: string;
  /** Where browsers reach the API: the base of signed URLs. */
  publicBaseUrl: string;
  /** Signs and checks signed URLs. */
  signingKey: string;
}

/** Content-addressed files on the local disk (architecture §5). */
export class LocalFileStore implements FileStore {
  private readonly staging: string;
  constructor(private readonly options: LocalFileStoreOptions) {
    this.staging = join(options.directory, 'staging');
  }

  async stage(input: Readable, policy: FilePolicy, clientName: string, budget?: ByteBudget): Promise<StagedFile> {
    const cleanName = cleanFileName(clientName);
    if (UNSAFE_NAME.test(cleanName) || cleanName.length > MAX_FILE_NAME) {
      input.resume();
      throw invalid(`${policy.field} has a file name that is not allowed`);
    }
    await mkdir(this.staging, { recursive: true });
    const stagedId = randomUUID();
    const path = join(this.staging, stagedId);
    const out = createWriteStream(path, { mode: 0o640 });
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    let type: ContentType | undefined;
    const checkType = () => {
      type = sniff(head);
      if (!type || !policy.types.includes(type)) throw invalid(`${policy.field} must be ${policy.typesInWords}`);
    };
    // Read chunk by chunk without destroying the part stream on a refusal: the rest of the request must drain, or the
    // multipart parser reports an abort instead of the refusal.
    const failure = await new Promise<unknown>((resolve) => {
      let failed = false;
      input.on('data', (chunk: Buffer) => {
        if (failed) return;
        try {
          size += chunk.length;
          if (size > policy.maxBytes) throw invalid(`${policy.field} must be at most ${sizeInWords(policy.maxBytes)}`);
          budget?.take(chunk.length);
          if (type === undefined) {
            head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
            if (head.length >= SNIFF_BYTES) checkType();
          }
          hash.update(chunk);
          if (!out.write(chunk)) {
            input.pause();
            out.once('drain', () => input.resume());
          }
        } catch (error) {
          failed = true;
          input.resume();
          resolve(error);
        }
      });
      input.once('end', () => {
        if (failed) return;
        try {
          if (size === 0) throw invalid(`${policy.field} is an empty file`);
          if (type === undefined) checkType();
          resolve(undefined);
        } catch (error) {
          resolve(error);
        }
      });
      input.once('error', resolve);
    });
    if (failure) {
      // Closed before removal: a file still being opened would otherwise appear after the rm.
      const closed = once(out, 'close');
      out.destroy();
      await closed;
      await rm(path, { force: true });
      throw failure;
    }
    out.end();
    await once(out, 'finish');
    const originalName = storedFileName(cleanName, type!);
    if (policy.image) return this.reencodeImage(path, stagedId, type!, policy, originalName);
    if (policy.verify) {
      const problem = await policy.verify(createReadStream(path)).catch((error: unknown) => String(error));
      if (problem) {
        await rm(path, { force: true });
        throw invalid(`${policy.field} must be ${policy.typesInWords}`);
      }
    }
    return { stagedId, sha256: hash.digest('hex'), contentType: type!, size, originalName };
  }

  /**
   * Decodes a staged image whole and keeps a fresh encoding of its pixels in its place (issue 8, finding 8): a file
   * with an image's first bytes and anything else after them is refused, and so is one larger than the policy's
   * dimensions, judged from its header before any pixel is decoded (a decompression bomb never expands).
   */
  private async reencodeImage(path: string, stagedId: string, type: ContentType, policy: FilePolicy, originalName: string): Promise<StagedFile> {
    const { maxWidth, maxHeight } = policy.image!;
    try {
      let encoded: Buffer;
      try {
        // The header first (no pixel decoded yet), then the pixels, never more of them than the policy allows.
        const { width, height } = await sharp(path, { limitInputPixels: false }).metadata();
        if (!width || !height) throw invalid(`${policy.field} must be ${policy.typesInWords}`);
        if (width > maxWidth || height > maxHeight) throw invalid(`${policy.field} must be at most ${maxWidth} × ${maxHeight} pixels`);
        const oriented = sharp(path, { limitInputPixels: maxWidth * maxHeight, failOn: 'error' }).rotate();
        encoded = await (type === 'image/png' ? oriented.png() : type === 'image/jpeg' ? oriented.jpeg({ quality: 90 }) : oriented.webp({ quality: 90 })).toBuffer();
      } catch (error) {
        throw error instanceof Refusal ? error : invalid(`${policy.field} must be ${policy.typesInWords}`);
      }
      if (encoded.length > policy.maxBytes) throw invalid(`${policy.field} must be at most ${sizeInWords(policy.maxBytes)}`);
      await writeFile(path, encoded, { mode: 0o640 });
      return { stagedId, sha256: createHash('sha256').update(encoded).digest('hex'), contentType: type, size: encoded.length, originalName };
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
  }

  async commit(staged: StagedFile): Promise<StoredFile> {
    const target = join(this.options.directory, staged.sha256);
    const source = this.stagedPath(staged.stagedId);
    if (existsSync(target)) await rm(source, { force: true });
    else await rename(source, target);
    return { sha256: staged.sha256, contentType: staged.contentType, size: staged.size };
  }

  async isStaged(stagedId: string): Promise<boolean> {
    return STAGED_ID.test(stagedId) && existsSync(this.stagedPath(stagedId));
  }

  openStaged(stagedId: string): Readable {
    return createReadStream(this.stagedPath(stagedId));
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

  async open(sha256: string): Promise<OpenedFile> {
    const path = this.storedPath(sha256);
    const info = await stat(path).catch(() => undefined);
    if (!info) throw new Refusal({ code: 'file-not-found' });
    const hash = createHash('sha256');
    // Streams the bytes as they are read; a file changed on disk fails at the end instead of passing as genuine.
    const verify = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
      flush(done) {
        const actual = hash.digest('hex');
        done(actual === sha256 ? null : new Error(`stored file ${sha256} does not match its checksum (${actual})`));
      },
    });
    const stream = createReadStream(path).on('error', (error) => verify.destroy(error)).pipe(verify);
    return { size: info.size, stream };
  }

  private signature(sha256: string, contentType: string, expires: number, filename: string): string {
    return createHmac('sha256', this.options.signingKey).update(`${sha256}\n${contentType}\n${expires}\n${filename}`).digest('base64url');
  }

  signedUrl(file: Pick<StoredFile, 'sha256' | 'contentType'>, options: SignedUrlOptions, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + options.ttlSeconds;
    const filename = options.filename ?? '';
    const query = new URLSearchParams({ type: file.contentType, expires: String(expires) });
    if (filename) query.set('name', filename);
    query.set('signature', this.signature(file.sha256, file.contentType, expires, filename));
    return `${this.options.publicBaseUrl}/files/${this.storedName(file.sha256)}?${query.toString()}`;
  }

  verifySignedUrl(query: Record<string, unknown>, sha256: string, now: Date): { contentType: string; filename?: string } | undefined {
    const { type, expires, name = '', signature } = query;
    if (!SHA256.test(sha256) || typeof type !== 'string' || typeof expires !== 'string' || typeof name !== 'string' || typeof signature !== 'string') {
      return undefined;
    }
    if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now.getTime()) return undefined;
    const expected = Buffer.from(this.signature(sha256, type, Number(expires), name));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { contentType: type, filename: name || undefined };
  }

  async count(): Promise<{ stored: number; staged: number }> {
    const list = async (dir: string, pattern: RegExp) => (existsSync(dir) ? (await readdir(dir)).filter((n) => pattern.test(n)).length : 0);
    return { stored: await list(this.options.directory, SHA256), staged: await list(this.staging, STAGED_ID) };
  }

  async *listStored(): AsyncIterable<string> {
    if (!existsSync(this.options.directory)) return;
    // Read entry by entry: a store of a million files is never listed into memory at once.
    for await (const entry of await opendir(this.options.directory)) {
      if (entry.isFile() && SHA256.test(entry.name)) yield entry.name;
    }
  }

  async putStored(sha256: string, input: Readable): Promise<void> {
    if (!SHA256.test(sha256)) throw new Error(`not a content address: ${JSON.stringify(sha256.slice(0, 80))}`);
    // Written beside the staged files under a name the sweep and the listing ignore, and renamed into place only once
    // its bytes are known to hash to the address: a reader never sees a half-written or wrong file under it.
    await mkdir(this.staging, { recursive: true });
    const partial = join(this.staging, `restore-${randomUUID()}`);
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(input, hashing, createWriteStream(partial, { mode: 0o640 }));
      const actual = hash.digest('hex');
      if (actual !== sha256) throw new Error(`file ${sha256} was refused: its bytes hash to ${actual}`);
      await rename(partial, this.storedPath(sha256));
    } finally {
      await rm(partial, { force: true });
    }
  }

  private storedName(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error('not a content address');
    return sha256;
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
