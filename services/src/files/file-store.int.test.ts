import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_BYTES, PNG_1X1 } from '../../../test-support/images';
import type { FilePolicy } from './file-store';
import { LocalFileStore } from './local-file-store';

const logo: FilePolicy = { field: 'logo', types: ['image/png', 'image/jpeg', 'image/webp'], typesInWords: 'a PNG, JPEG or WebP image', maxBytes: 1024 };
const pdf: FilePolicy = { field: 'document', types: ['application/pdf'], typesInWords: 'a PDF document', maxBytes: 10 * 1024 * 1024 };
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A readable that yields the bytes in small chunks, as an upload arrives. */
const upload = (bytes: Buffer, chunk = 7) => Readable.from(Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk)));

describe('the local-disk file store', () => {
  let directory: string;
  let store: LocalFileStore;
  const now = new Date('2026-11-21T10:00:00.000Z');
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'ifu-files-'));
    store = new LocalFileStore({ directory, publicBaseUrl: 'http://api.test', signingKey: 'k'.repeat(43) });
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('when an upload streams in, then it is staged with its type from its bytes and its SHA-256; committing keeps it under that hash', async () => {
    const before = await store.count();
    const staged = await store.stage(upload(PNG_1X1), logo, 'any-name.bin');
    expect(staged).toMatchObject({ contentType: 'image/png', size: PNG_1X1.length, sha256: sha(PNG_1X1), originalName: 'any-name.bin' });
    expect(await store.count()).toEqual({ stored: before.stored, staged: before.staged + 1 });
    expect(await store.commit(staged)).toEqual({ sha256: sha(PNG_1X1), contentType: 'image/png', size: PNG_1X1.length });
    expect(await store.count()).toEqual({ stored: before.stored + 1, staged: before.staged });
    const again = await store.commit(await store.stage(upload(PNG_1X1), logo, 'same.png'));
    expect(again.sha256).toBe(staged.sha256);
    expect(await store.count()).toEqual({ stored: before.stored + 1, staged: before.staged });
  });

  const refusals: Array<[string, Buffer, FilePolicy, string, string]> = [
    ['another type', PDF_BYTES, logo, 'x.png', 'logo must be a PNG, JPEG or WebP image'],
    ['too large', Buffer.concat([PNG_1X1, Buffer.alloc(2000)]), logo, 'x.png', 'logo must be at most 1 KB'],
    ['empty', Buffer.alloc(0), logo, 'x.png', 'logo is an empty file'],
    ['named with a path', PNG_1X1, logo, '../x.png', 'logo has a file name that is not allowed'],
    ['shorter than a signature', Buffer.from('%PD'), pdf, 'x.pdf', 'document must be a PDF document'],
  ];
  for (const [what, bytes, policy, name, message] of refusals) {
    it(`when an upload is ${what}, then it is refused and nothing stays behind`, async () => {
      const before = await store.count();
      await expect(store.stage(upload(bytes), policy, name)).rejects.toMatchObject({ rejection: { code: 'file-invalid', message } });
      expect(await store.count()).toEqual(before);
    });
  }

  it('when an upload is named with control or bidirectional characters, then the name keeps none of them (issue 19, finding 8)', async () => {
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
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    utimesSync(join(directory, 'staging', old.stagedId), dayAgo, dayAgo);
    expect(await store.deleteStagedOlderThan(24 * 3_600_000, new Date())).toBe(1);
    expect(await store.count()).toEqual({ stored: before.stored, staged: before.staged + 1 });
    await store.deleteStaged(fresh.stagedId);
  });

  it('when a stored file is opened, then its bytes come with their checksum checked; a changed file fails', async () => {
    const bytes = Buffer.from('%PDF-1.7 checked content');
    const stored = await store.commit(await store.stage(upload(bytes), pdf, 'c.pdf'));
    const opened = await store.open(stored.sha256);
    expect(opened.size).toBe(bytes.length);
    expect(await text(opened.stream)).toBe(bytes.toString());
    writeFileSync(join(directory, stored.sha256), '%PDF-1.7 tampered content');
    await expect(text((await store.open(stored.sha256)).stream)).rejects.toThrow('does not match its checksum');
    await expect(store.open('f'.repeat(64))).rejects.toMatchObject({ rejection: { code: 'file-not-found' } });
    await expect(store.open('../etc/passwd')).rejects.toMatchObject({ rejection: { code: 'file-not-found' } });
  });

  it('when files are listed for a backup and put back in a restore, then each comes back under its address; bytes that hash to another are refused and nothing is kept', async () => {
    const other = mkdtempSync(join(tmpdir(), 'ifu-files-restore-'));
    try {
      const target = new LocalFileStore({ directory: other, publicBaseUrl: 'http://api.test', signingKey: 'k'.repeat(43) });
      await store.commit(await store.stage(upload(PNG_1X1), logo, 'listed.png'));
      await store.stage(upload(PDF_BYTES), pdf, 'only-staged.pdf');
      const listed: string[] = [];
      for await (const address of store.listStored()) listed.push(address);
      expect(listed).toContain(sha(PNG_1X1));
      expect(listed).toHaveLength((await store.count()).stored);
      // (An earlier test changed one stored file on disk: only the logo is copied.)
      await target.putStored(sha(PNG_1X1), (await store.open(sha(PNG_1X1))).stream);
      expect(await target.count()).toEqual({ stored: 1, staged: 0 });
      expect(await text((await target.open(sha(PNG_1X1))).stream)).toBe(PNG_1X1.toString());

      await expect(target.putStored(sha(PDF_BYTES), upload(Buffer.concat([PDF_BYTES, Buffer.from('x')])))).rejects.toThrow(`file ${sha(PDF_BYTES)} was refused`);
      await expect(target.putStored('../escape', upload(PDF_BYTES))).rejects.toThrow('not a content address');
      expect(await target.count()).toEqual({ stored: 1, staged: 0 });
      const afterRefusals: string[] = [];
      for await (const address of target.listStored()) afterRefusals.push(address);
      expect(afterRefusals).toEqual([sha(PNG_1X1)]);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('when a signed URL is made, then it names the file until it expires; a changed signature, type or name is refused', () => {
    const file = { sha256: sha(PNG_1X1), contentType: 'image/png' };
    const url = new URL(store.signedUrl(file, { ttlSeconds: 300, filename: 'logo.png' }, now));
    expect(url.origin + url.pathname).toBe(`http://api.test/files/${file.sha256}`);
    const query = Object.fromEntries(url.searchParams);
    expect(store.verifySignedUrl(query, file.sha256, now)).toEqual({ contentType: 'image/png', filename: 'logo.png' });
    expect(store.verifySignedUrl(query, file.sha256, new Date(now.getTime() + 301_000))).toBeUndefined();
    expect(store.verifySignedUrl({ ...query, type: 'text/html' }, file.sha256, now)).toBeUndefined();
    expect(store.verifySignedUrl({ ...query, name: 'other.png' }, file.sha256, now)).toBeUndefined();
    expect(store.verifySignedUrl({ ...query, signature: `${query.signature!.slice(0, -1)}A` }, file.sha256, now)).toBeUndefined();
    expect(store.verifySignedUrl(query, sha(PDF_BYTES), now)).toBeUndefined();
  });
});
