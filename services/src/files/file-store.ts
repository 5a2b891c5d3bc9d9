import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredFile } from '@ifu/contracts';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The image type the bytes themselves say, never the file name or the client's header; undefined otherwise. */
export function sniffImage(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

const SHA256 = /^[0-9a-f]{64}$/;

/** Content-addressed storage: a file is kept once under its SHA-256, written to a temporary name first. */
export class FileStore {
  constructor(private readonly directory: string) {}

  async put(bytes: Buffer, contentType: string): Promise<StoredFile> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const target = join(this.directory, sha256);
    if (!existsSync(target)) {
      await mkdir(this.directory, { recursive: true });
      const temporary = join(this.directory, `.${sha256}.${randomUUID()}.tmp`);
      await writeFile(temporary, bytes, { mode: 0o640 });
      await rename(temporary, target);
    }
    return { sha256, contentType, size: bytes.length };
  }

  /** The path of a stored file; only ever built from a hash the server recorded, never from client input. */
  pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error('not a content address');
    return join(this.directory, sha256);
  }

  /** How many files are stored: tests use it to prove that refused uploads left nothing behind. */
  async count(): Promise<number> {
    const { readdir } = await import('node:fs/promises');
    if (!existsSync(this.directory)) return 0;
    return (await readdir(this.directory)).filter((name) => SHA256.test(name)).length;
  }
}
