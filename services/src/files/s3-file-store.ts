import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable, pipeline } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StoredFile } from '@ifu/contracts';
import { Refusal } from '../platform/errors';
import { hashingPassThrough, SHA256, STAGED_ID, verifyingChecksum } from '../platform/content-address';
import type { ByteBudget, FilePolicy, FileStore, OpenedFile, StagedFile } from '../platform/file-store';
import { SignedFileUrls } from '../platform/signed-file-urls';
import { stageUpload, type StagingSlot } from './staging';

const STORED_PREFIX = 'sha256/';
const STAGED_PREFIX = 'staging/';
/** Restores in progress: written here, copied to their content key only once their bytes hash right. */
const RESTORING_PREFIX = 'restoring/';
/** Parts of a multipart upload held in memory at once, per upload: 2 x 5 MB bounds what one upload costs. */
const UPLOAD_QUEUE_SIZE = 2;

export interface S3FileStoreOptions {
  client: S3Client;
  bucket: string;
  /** Where browsers reach the API: the base of signed URLs (the API serves the bytes; the bucket stays private). */
  publicBaseUrl: string;
  /** Signs and checks signed URLs. */
  signingKey: string;
}

const isNotFound = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * Content-addressed files in an S3-compatible bucket (FILE_STORE=s3), so that every API instance sees the same files:
 * uploads stream into `staging/<id>` (multipart, a few parts in memory at most) with the same checks as on disk,
 * commit is a server-side copy to `sha256/<hash>` (stored once), and every read is hashed as it streams.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  readonly urls: SignedFileUrls;
  constructor(options: S3FileStoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.urls = new SignedFileUrls(options.publicBaseUrl, options.signingKey);
  }

  /** Fails with the reason when the bucket cannot be reached (start-up: better than a refused first upload). */
  async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      throw new Error(`S3_BUCKET ${this.bucket} cannot be reached (${status ?? (error as Error).name}: ${(error as Error).message})`, { cause: error });
    }
  }

  stage(input: Readable, policy: FilePolicy, clientName: string, budget?: ByteBudget): Promise<StagedFile> {
    return stageUpload(input, policy, clientName, budget, async (stagedId) => this.stagingSlot(this.stagedKey(stagedId)));
  }

  private stagingSlot(key: string): StagingSlot {
    const out = new PassThrough();
    const upload = this.upload(key, out);
    const done = upload.done();
    // Awaited by `kept`, or settled by `discard`: never left to reject unheard.
    done.catch(() => undefined);
    return {
      out,
      kept: async () => {
        await done;
      },
      discard: async () => {
        // An error in the body ends the upload (not Upload.abort, whose promise settles before its work does): parts
        // sent are aborted before `done` settles, and a small upload's single PUT waits for the body's end, never sent.
        if (!out.destroyed) out.destroy(new Error('upload refused'));
        await done.catch(() => undefined);
        // An upload completed before the refusal (a later check failed): removed.
        await this.deleteKey(key);
      },
      read: () => this.readObject(key),
      replace: async (bytes) => {
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes }));
      },
    };
  }

  private upload(key: string, body: Readable): Upload {
    return new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: body }, queueSize: UPLOAD_QUEUE_SIZE, leavePartsOnError: false });
  }

  async commit(staged: StagedFile): Promise<StoredFile> {
    const target = this.storedKey(staged.sha256);
    const source = this.stagedKey(staged.stagedId);
    if (!(await this.exists(target))) await this.copy(source, target);
    await this.deleteKey(source);
    return { sha256: staged.sha256, contentType: staged.contentType, size: staged.size };
  }

  async isStaged(stagedId: string): Promise<boolean> {
    return STAGED_ID.test(stagedId) && this.exists(this.stagedKey(stagedId));
  }

  async openStaged(stagedId: string): Promise<Readable | undefined> {
    if (!(await this.isStaged(stagedId))) return undefined;
    return this.readObject(this.stagedKey(stagedId));
  }

  async deleteStaged(stagedId: string): Promise<void> {
    await this.deleteKey(this.stagedKey(stagedId));
  }

  async deleteStagedOlderThan(olderThanMs: number, now: Date): Promise<number> {
    let removed = 0;
    for await (const page of this.pages(STAGED_PREFIX)) {
      for (const object of page) {
        const stagedId = object.Key?.slice(STAGED_PREFIX.length) ?? '';
        if (!STAGED_ID.test(stagedId) || !object.LastModified) continue;
        if (now.getTime() - object.LastModified.getTime() > olderThanMs) {
          await this.deleteKey(object.Key!);
          removed += 1;
        }
      }
    }
    return removed;
  }

  async open(sha256: string): Promise<OpenedFile> {
    const key = this.storedKey(sha256);
    const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })).catch((error: unknown) => {
      throw isNotFound(error) ? new Refusal({ code: 'file-not-found' }) : error;
    });
    const verify = verifyingChecksum(sha256);
    // pipeline: an error on either side ends both, and a reader that stops early releases the connection.
    const stream = pipeline(response.Body as Readable, verify, () => undefined);
    return { size: response.ContentLength ?? 0, stream };
  }



  async count(): Promise<{ stored: number; staged: number }> {
    const countUnder = async (prefix: string, pattern: RegExp) => {
      let found = 0;
      for await (const page of this.pages(prefix)) found += page.filter((object) => pattern.test(object.Key?.slice(prefix.length) ?? '')).length;
      return found;
    };
    return { stored: await countUnder(STORED_PREFIX, SHA256), staged: await countUnder(STAGED_PREFIX, STAGED_ID) };
  }

  async *listStored(): AsyncIterable<string> {
    for await (const page of this.pages(STORED_PREFIX)) {
      for (const object of page) {
        const sha256 = object.Key?.slice(STORED_PREFIX.length) ?? '';
        if (SHA256.test(sha256)) yield sha256;
      }
    }
  }

  async putStored(sha256: string, input: Readable): Promise<void> {
    if (!SHA256.test(sha256)) throw new Error(`${sha256.slice(0, 80)} is not a content address: not stored`);
    const partial = `${RESTORING_PREFIX}${randomUUID()}`;
    const hashing = hashingPassThrough();
    try {
      await this.upload(partial, pipeline(input, hashing.stream, () => undefined)).done();
      const actual = hashing.digest();
      if (actual !== sha256) throw new Error(`the bytes given for ${sha256} hash to ${actual}: not stored`);
      const target = this.storedKey(sha256);
      if (!(await this.exists(target))) await this.copy(partial, target);
    } finally {
      await this.deleteKey(partial);
    }
  }

  /** An object's bytes as a stream handed out at once; the request's failure (a missing key) errors the stream. */
  private readObject(key: string): Readable {
    const out = new PassThrough();
    this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })).then(
      (response) => pipeline(response.Body as Readable, out, () => undefined),
      (error: unknown) => out.destroy(error as Error),
    );
    return out;
  }

  /** The listing under `prefix`, a page (at most 1,000 objects) at a time. */
  private async *pages(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }));
      yield page.Contents ?? [];
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** A server-side copy: the bytes never pass through the API. */
  private async copy(source: string, target: string): Promise<void> {
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: target, CopySource: `${this.bucket}/${source}` }));
  }

  private async deleteKey(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Only ever built from a hash the server recorded, never from client input. */
  private storedKey(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Refusal({ code: 'file-not-found' });
    return `${STORED_PREFIX}${sha256}`;
  }

  private stagedKey(stagedId: string): string {
    if (!STAGED_ID.test(stagedId)) throw new Error('not a staged file id');
    return `${STAGED_PREFIX}${stagedId}`;
  }
}
