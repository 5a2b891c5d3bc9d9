import { createHash } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, statSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_BYTES, PNG_1X1, pngClaiming } from '../../../test-support/images';
import { startS3Server, type TestS3Server } from '../../../test-support/s3-server';
import { loadConfig } from '../platform/config';
import type { FilePolicy, FileStore } from '../platform/file-store';
import { LocalFileStore } from './local-file-store';
import { s3ClientOf } from './open-file-store';
import { S3FileStore } from './s3-file-store';

const logo: FilePolicy = { field: 'logo', types: ['image/png', 'image/jpeg', 'image/webp'], typesInWords: 'a PNG, JPEG or WebP image', maxBytes: 1024 };
const pdf: FilePolicy = { field: 'document', types: ['application/pdf'], typesInWords: 'a PDF document', maxBytes: 10 * 1024 * 1024 };
const decodedLogo: FilePolicy = { ...logo, image: { maxWidth: 16, maxHeight: 16 } };
/** A structure check that reads the staged bytes back: a PDF must end with its end marker. */
const endedPdf: FilePolicy = { ...pdf, verify: async (file) => ((await text(file.read())).trimEnd().endsWith('%%EOF') ? undefined : 'no %%EOF') };
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A readable that yields the bytes in small chunks, as an upload arrives. */
const upload = (bytes: Buffer, chunk = 7) => Readable.from(Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk)));

/** `megabytes` MB of a PDF made 64 KB at a time as it is read (never whole in memory), and the SHA-256 it will have. */
function largePdf(megabytes: number): { stream: () => Readable; sha256: string; size: number } {
  const block = (i: number) => (i === 0 ? Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64 * 1024 - 9, 1)]) : Buffer.alloc(64 * 1024, i % 251));
  const blocks = megabytes * 16;
  const hash = createHash('sha256');
  for (let i = 0; i < blocks; i += 1) hash.update(block(i));
  return {
    stream: () => Readable.from((function* () { for (let i = 0; i < blocks; i += 1) yield block(i); })()),
    sha256: hash.digest('hex'),
    size: blocks * 64 * 1024,
  };
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

interface StoreUnderTest {
  store: FileStore;
  /** Makes a staged upload look written at `when` (its modification time where the store keeps it). */
  ageStaged(stagedId: string, when: Date): void;
  /** Changes a committed file's bytes behind the store's back. */
  tamper(sha256: string, bytes: Buffer): Promise<void>;
  dispose(): Promise<void>;
}

/** The behaviour every file store owes the port (file-store.ts), run against each implementation. */
function fileStoreContract(name: string, open: () => Promise<StoreUnderTest>) {
  describe(name, () => {
    let subject: StoreUnderTest;
    let store: FileStore;
    const now = new Date('2026-11-21T10:00:00.000Z');
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(() => subject.dispose());

    it('when an upload streams in, then it is staged with its type from its bytes and its SHA-256; committing keeps it under that hash', async () => {
      const before = await store.count();
      const staged = await store.stage(upload(PNG_1X1), logo, 'any-name.bin');
      expect(staged).toMatchObject({ contentType: 'image/png', size: PNG_1X1.length, sha256: sha(PNG_1X1), originalName: 'any-name.bin' });
      expect(await store.count()).toEqual({ stored: before.stored, staged: before.staged + 1 });
      expect(await store.isStaged(staged.stagedId)).toBe(true);
      expect(await store.commit(staged)).toEqual({ sha256: sha(PNG_1X1), contentType: 'image/png', size: PNG_1X1.length });
      expect(await store.isStaged(staged.stagedId)).toBe(false);
      expect(await store.count()).toEqual({ stored: before.stored + 1, staged: before.staged });
      const again = await store.commit(await store.stage(upload(PNG_1X1), logo, 'same.png'));
      expect(again.sha256).toBe(staged.sha256);
      expect(await store.count()).toEqual({ stored: before.stored + 1, staged: before.staged });
    });

    it('when a file of several MB streams in, then it is staged, readable while staged, committed and opened with the same SHA-256', async () => {
      const file = largePdf(12);
      const staged = await store.stage(file.stream(), { ...pdf, maxBytes: 20 * 1024 * 1024 }, 'large.pdf');
      expect(staged).toMatchObject({ sha256: file.sha256, size: file.size, contentType: 'application/pdf' });
      expect(await sha256Of((await store.openStaged(staged.stagedId))!)).toBe(file.sha256);
      await store.commit(staged);
      const opened = await store.open(file.sha256);
      expect(opened.size).toBe(file.size);
      expect(await sha256Of(opened.stream)).toBe(file.sha256);
    });

    it('when a staged file is opened and then committed, it is read whole; once it is gone, opening it says so instead of failing a stream later', async () => {
      const file = largePdf(2);
      const staged = await store.stage(file.stream(), { ...pdf, maxBytes: 20 * 1024 * 1024 }, 'opened.pdf');
      const opened = (await store.openStaged(staged.stagedId))!;
      await store.commit(staged);
      expect(await sha256Of(opened)).toBe(file.sha256);
      expect(await store.openStaged(staged.stagedId)).toBeUndefined();
      const swept = await store.stage(upload(PNG_1X1), logo, 'swept.png');
      await store.deleteStaged(swept.stagedId);
      expect(await store.openStaged(swept.stagedId)).toBeUndefined();
    });

    const refusals: Array<[string, () => Readable, FilePolicy, string, string]> = [
      ['another type', () => upload(PDF_BYTES), logo, 'x.png', 'The logo must be a PNG, JPEG or WebP image'],
      ['too large', () => upload(Buffer.concat([PNG_1X1, Buffer.alloc(2000)])), logo, 'x.png', 'The logo must be at most 1 KB'],
      ['too large once several MB of it were sent', () => largePdf(11).stream(), pdf, 'x.pdf', 'The document must be at most 10 MB'],
      ['empty', () => upload(Buffer.alloc(0)), logo, 'x.png', 'The logo is an empty file'],
      ['named with a path', () => upload(PNG_1X1), logo, '../x.png', 'The logo has a file name that is not allowed'],
      ['shorter than a signature', () => upload(Buffer.from('%PD')), pdf, 'x.pdf', 'The document must be a PDF document'],
      ['not what its type says (its structure read back)', () => upload(Buffer.from('%PDF-1.7 and nothing more')), endedPdf, 'x.pdf', 'The document must be a PDF document'],
      ['an image larger than allowed', () => upload(pngClaiming(17, 1)), decodedLogo, 'x.png', 'The logo is too large: at most 16 × 16 pixels'],
      ['an image that does not decode', () => upload(Buffer.concat([PNG_1X1.subarray(0, 40), Buffer.alloc(20)])), decodedLogo, 'x.png', 'The logo must be a PNG, JPEG or WebP image'],
    ];
    for (const [what, bytes, policy, fileName, message] of refusals) {
      it(`when an upload is ${what}, then it is refused and nothing stays behind`, async () => {
        const before = await store.count();
        await expect(store.stage(bytes(), policy, fileName)).rejects.toMatchObject({ rejection: { code: 'file-invalid', message } });
        expect(await store.count()).toEqual(before);
      });
    }

    it('when an upload passes its budget, then it is refused with the budget\'s refusal and nothing stays behind', async () => {
      const before = await store.count();
      let left = 10;
      const budget = {
        take(bytes: number) {
          left -= bytes;
          if (left < 0) throw new Error('over the budget');
        },
      };
      await expect(store.stage(upload(PDF_BYTES), pdf, 'x.pdf', budget)).rejects.toThrow('over the budget');
      expect(await store.count()).toEqual(before);
    });

    it('when an image passes its policy, then a fresh encoding of its pixels is staged in its place', async () => {
      const staged = await store.stage(upload(PNG_1X1), decodedLogo, 'x.png');
      const kept = await text((await store.openStaged(staged.stagedId))!.map((chunk: Buffer) => chunk.toString('latin1')));
      expect(sha(Buffer.from(kept, 'latin1'))).toBe(staged.sha256);
      expect(staged.size).toBe(Buffer.from(kept, 'latin1').length);
      await store.deleteStaged(staged.stagedId);
    });

    it('when an upload is named with control or bidirectional characters, then the name keeps none of them', async () => {
      const staged = await store.stage(upload(PNG_1X1), logo, 'x\u0000\u0085\u202E.png');
      expect(staged.originalName).toBe('x.png');
      await store.deleteStaged(staged.stagedId);
    });

    it('when a PDF is uploaded under another extension, then its name ends in .pdf', async () => {
      const staged = await store.stage(upload(PDF_BYTES), pdf, 'ifu.html');
      expect(staged.originalName).toBe('ifu.html.pdf');
      await store.deleteStaged(staged.stagedId);
    });

    it('when a staged file is not committed, then it can be removed, and old ones are swept', async () => {
      const before = await store.count();
      const staged = await store.stage(upload(PDF_BYTES), pdf, 'doc.pdf');
      await store.deleteStaged(staged.stagedId);
      expect(await store.count()).toEqual(before);
      const old = await store.stage(upload(PDF_BYTES), pdf, 'old.pdf');
      const fresh = await store.stage(upload(PNG_1X1), logo, 'fresh.png');
      subject.ageStaged(old.stagedId, new Date(Date.now() - 25 * 3_600_000));
      expect(await store.deleteStagedOlderThan(24 * 3_600_000, new Date())).toBe(1);
      expect(await store.count()).toEqual({ stored: before.stored, staged: before.staged + 1 });
      expect(await store.isStaged(old.stagedId)).toBe(false);
      expect(await store.isStaged(fresh.stagedId)).toBe(true);
      await store.deleteStaged(fresh.stagedId);
    });

    it('when a stored file is opened, then its bytes come with their checksum checked; a changed file fails', async () => {
      const bytes = Buffer.from('%PDF-1.7 checked content');
      const stored = await store.commit(await store.stage(upload(bytes), pdf, 'c.pdf'));
      const opened = await store.open(stored.sha256);
      expect(opened.size).toBe(bytes.length);
      expect(await text(opened.stream)).toBe(bytes.toString());
      await subject.tamper(stored.sha256, Buffer.from('%PDF-1.7 tampered content'));
      await expect(text((await store.open(stored.sha256)).stream)).rejects.toThrow('does not match its checksum');
      await expect(store.open('f'.repeat(64))).rejects.toMatchObject({ rejection: { code: 'file-not-found' } });
      await expect(store.open('../etc/passwd')).rejects.toMatchObject({ rejection: { code: 'file-not-found' } });
    });

    it('when stored files are listed and one is put back under its hash, then it is stored and opens; bytes of another hash are refused and nothing is kept', async () => {
      const committed = await store.commit(await store.stage(upload(PDF_BYTES), pdf, 'listed.pdf'));
      const listed = async () => {
        const found: string[] = [];
        for await (const sha256 of store.listStored()) found.push(sha256);
        return found;
      };
      expect(await listed()).toContain(committed.sha256);
      expect((await listed()).length).toBe((await store.count()).stored);

      const restored = largePdf(6);
      const before = await store.count();
      await store.putStored(restored.sha256, restored.stream());
      expect(await store.count()).toEqual({ stored: before.stored + 1, staged: before.staged });
      expect(await listed()).toContain(restored.sha256);
      expect(await sha256Of((await store.open(restored.sha256)).stream)).toBe(restored.sha256);

      const other = Buffer.from('%PDF-1.7 not the file named');
      await expect(store.putStored('a'.repeat(64), upload(other))).rejects.toThrow(`hash to ${sha(other)}`);
      await expect(store.putStored('../escape', upload(other))).rejects.toThrow('not a content address');
      expect(await store.count()).toEqual({ stored: before.stored + 1, staged: before.staged });
      expect(await listed()).not.toContain('a'.repeat(64));
      await expect(store.open('a'.repeat(64))).rejects.toMatchObject({ rejection: { code: 'file-not-found' } });
    });

    it('when a signed URL is made, then it names the file until it expires; a changed signature, type or name is refused', () => {
      const file = { sha256: sha(PNG_1X1), contentType: 'image/png' };
      const url = new URL(store.urls.sign(file, { ttlSeconds: 300, filename: 'logo.png' }, now));
      expect(url.origin + url.pathname).toBe(`http://api.test/files/${file.sha256}`);
      const query = Object.fromEntries(url.searchParams);
      expect(store.urls.verify(query, file.sha256, now)).toEqual({ contentType: 'image/png', filename: 'logo.png' });
      expect(store.urls.verify(query, file.sha256, new Date(now.getTime() + 301_000))).toBeUndefined();
      expect(store.urls.verify({ ...query, type: 'text/html' }, file.sha256, now)).toBeUndefined();
      expect(store.urls.verify({ ...query, name: 'other.png' }, file.sha256, now)).toBeUndefined();
      expect(store.urls.verify({ ...query, signature: `${query.signature!.slice(0, -1)}A` }, file.sha256, now)).toBeUndefined();
      expect(store.urls.verify(query, sha(PDF_BYTES), now)).toBeUndefined();
    });
  });
}

const signing = { publicBaseUrl: 'http://api.test', signingKey: 'k'.repeat(43) };

fileStoreContract('the local-disk file store', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'ifu-files-'));
  return {
    store: new LocalFileStore({ directory, ...signing }),
    ageStaged: (stagedId, when) => utimesSync(join(directory, 'staging', stagedId), when, when),
    tamper: async (sha256, bytes) => writeFileSync(join(directory, sha256), bytes),
    dispose: async () => rmSync(directory, { recursive: true, force: true }),
  };
});

describe('the local-disk file store, a file already verified in this process', () => {
  const WHOLE_SECOND = 1_700_000_000;
  let directory: string;
  let store: LocalFileStore;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'ifu-files-'));
    // Trusted once verified, however recent its last change (the default waits 2 s): what is left to check is the identity.
    store = new LocalFileStore({ directory, ...signing, settleMs: 0 });
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  const stored = async (bytes: Buffer) => {
    const file = await store.commit(await store.stage(upload(bytes), pdf, 'v.pdf'));
    const path = join(directory, file.sha256);
    // A whole second, so that putting it back below restores it to the nanosecond.
    utimesSync(path, WHOLE_SECOND, WHOLE_SECOND);
    // Verified only once its last change is in the past (settleMs 0): the read below starts after this.
    const changed = statSync(path, { bigint: true }).ctimeNs;
    while (BigInt(Date.now()) * 1_000_000n <= changed) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(await text((await store.open(file.sha256)).stream)).toBe(bytes.toString());
    expect(await text((await store.open(file.sha256)).stream)).toBe(bytes.toString());
    return { sha256: file.sha256, path, changed };
  };
  /** Until the file system's clock has moved past `ctimeNs`: a write now gives a file a later ctime. */
  const afterTick = async (ctimeNs: bigint) => {
    const probe = join(directory, 'probe');
    for (;;) {
      writeFileSync(probe, 'x');
      if (statSync(probe, { bigint: true }).ctimeNs > ctimeNs) return;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  };

  it('when it is changed in place, same length, its modification time put back, then the next open verifies it again and fails', async () => {
    const bytes = Buffer.from('%PDF-1.7 verified once, then changed');
    const { sha256, path, changed } = await stored(bytes);
    await afterTick(changed);
    writeFileSync(path, Buffer.from('%PDF-1.7 verified once, then CHANGED'));
    utimesSync(path, WHOLE_SECOND, WHOLE_SECOND);
    expect(statSync(path, { bigint: true }).mtimeNs).toBe(BigInt(WHOLE_SECOND) * 1_000_000_000n);
    await expect(text((await store.open(sha256)).stream)).rejects.toThrow('does not match its checksum');
  });

  it('when it is replaced by another file, then the next open verifies it again and fails; put back, it is served', async () => {
    const bytes = Buffer.from('%PDF-1.7 verified once, then replaced');
    const { sha256, path } = await stored(bytes);
    const other = join(directory, 'other');
    writeFileSync(other, Buffer.from('%PDF-1.7 verified once, then REPLACED'));
    renameSync(other, path);
    await expect(text((await store.open(sha256)).stream)).rejects.toThrow('does not match its checksum');
    writeFileSync(path, bytes);
    expect(await text((await store.open(sha256)).stream)).toBe(bytes.toString());
  });
});

fileStoreContract('the S3 file store (against s3rver on loopback)', async () => {
  const server: TestS3Server = await startS3Server();
  const client: S3Client = s3ClientOf(loadConfig(server.env));
  return {
    store: new S3FileStore({ client, bucket: server.bucket, ...signing }),
    // LastModified is the server's: s3rver takes it from the modification time of the file it keeps the object in.
    ageStaged: (stagedId, when) => utimesSync(server.objectPath(`staging/${stagedId}`), when, when),
    tamper: async (sha256, bytes) => {
      await client.send(new PutObjectCommand({ Bucket: server.bucket, Key: `sha256/${sha256}`, Body: bytes }));
    },
    dispose: async () => {
      client.destroy();
      await server.stop();
    },
  };
});
