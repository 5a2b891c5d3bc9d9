import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** A committed file's name in every store: the hex SHA-256 of its bytes. */
export const SHA256 = /^[0-9a-f]{64}$/;
/** A staged file's name in every store: a random UUID. */
export const STAGED_ID = /^[0-9a-f-]{36}$/;

/**
 * Passes bytes through as they are read and fails at the end when they do not hash to `sha256`: a file changed where
 * it is kept fails instead of passing as genuine, and nothing is buffered whole.
 */
export function verifyingChecksum(sha256: string): Transform {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      const actual = hash.digest('hex');
      done(actual === sha256 ? null : new Error(`stored file ${sha256} does not match its checksum (${actual})`));
    },
  });
}

/** Hashes bytes as they pass (a restore checks what it was given against the name it was given). */
export function hashingPassThrough(): { stream: Transform; digest: () => string } {
  const hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}
