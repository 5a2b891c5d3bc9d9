import { randomBytes } from 'node:crypto';

/**
 * The key of the bench logs' hash chain (an HMAC, as in production): made fresh for each run and given to every
 * writer, store and API of the run, so that what the bench writes straight into a log verifies like the product's.
 */
export const BENCH_AUDIT_KEY = randomBytes(48).toString('base64url');
