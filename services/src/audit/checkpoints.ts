import { createHmac, timingSafeEqual } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ChainVerification, EventStore } from '@ifu/storage/event-store/event-store';
import { GENESIS_HASH } from '@ifu/storage/event-store/hash-chain';

/** What a verification publishes: the chain's head at that moment, signed with the audit key. */
export interface Checkpoint {
  position: number;
  hash: string;
  time: string;
  signature: string;
}

export interface AuditVerification extends ChainVerification {
  /** The checkpoint this verification published (only when the chain and every earlier checkpoint held). */
  checkpoint?: Checkpoint;
  /** How many earlier checkpoints were compared with the log. */
  checkpointsCompared: number;
}

const sign = (key: string, position: number, hash: string, time: string) =>
  createHmac('sha256', key).update(`ifu audit checkpoint\n${position}\n${hash}\n${time}`).digest('hex');

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Signed checkpoints of the hash chain (architecture §3). Each verification re-walks the chain,
 * compares every earlier checkpoint with the log (the event at its position must still have its hash: a log
 * re-chained since, even by someone holding the key, shows there), and then appends a new checkpoint to a file
 * outside the database and to the log output, so that copies kept elsewhere can be compared too.
 */
export async function verifyAndCheckpoint(store: EventStore, key: string, file: string, now: Date): Promise<AuditVerification> {
  const verification = await store.verifyChain();
  const earlier = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line, index) => ({ line: index + 1, checkpoint: JSON.parse(line) as Checkpoint }))
    : [];
  let compared = 0;
  for (const { line, checkpoint } of earlier) {
    const { position, hash, time, signature } = checkpoint;
    if (typeof signature !== 'string' || !sameText(sign(key, position, hash, time), signature)) {
      return { ...verification, ok: false, checkpointsCompared: compared, reason: `checkpoint ${line} of ${file} is not signed with the audit key` };
    }
    const [event] = store.kind === 'postgres' && position > 0 ? await store.readAll(position - 1, 1) : [];
    // A checkpoint of the empty log names position 0 and the genesis hash: no event to compare, the hash must be that.
    const holds = position === 0 ? hash === GENESIS_HASH : event !== undefined && event.position === position && event.hash === hash;
    if (store.kind === 'postgres' && !holds) {
      return {
        ...verification,
        ok: false,
        checkpointsCompared: compared,
        firstBrokenPosition: position,
        reason: `the log was changed after the checkpoint of ${time}: position ${position} no longer has the hash it had then`,
      };
    }
    compared += 1;
  }
  if (!verification.ok || verification.lastPosition === undefined || verification.lastHash === undefined) {
    return { ...verification, checkpointsCompared: compared };
  }
  const time = now.toISOString();
  const checkpoint: Checkpoint = {
    position: verification.lastPosition,
    hash: verification.lastHash,
    time,
    signature: sign(key, verification.lastPosition, verification.lastHash, time),
  };
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(checkpoint)}\n`, { mode: 0o600 });
  return { ...verification, checkpointsCompared: compared, checkpoint };
}
