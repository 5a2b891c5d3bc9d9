import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** A committed file's name in every store: the hex SHA-256 of its bytes. */
export const SHA256 = /^[0-9a-f]{64}$/;
/** A staged file's name in every store: a random UUID. */
export const STAGED_ID = /^[0-9a-f-]{36}$/;

/**
 * Passes bytes through as they are read and fails at the end when they do not hash to `sha256`: a file changed where
 * it is kept fails instead of passing as genuine, and nothing is buffered whole. The last chunk read is held back until
 * the hash is known, so that an answer with its Content-Length never completes with altered bytes: a small file (one
 * chunk) would otherwise be sent whole before its check. `onVerified` runs once every byte was read and matched.
 */
export function verifyingChecksum(sha256: string, onVerified?: () => void): Transform {
  const hash = createHash('sha256');
  let held: Buffer | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      const previous = held;
      held = chunk;
      done(null, previous);
    },
    flush(done) {
      const actual = hash.digest('hex');
      if (actual !== sha256) return done(new Error(`stored file ${sha256} does not match its checksum (${actual})`));
      onVerified?.();
      done(null, held);
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
