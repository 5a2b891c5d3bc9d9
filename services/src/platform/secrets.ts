import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Secrets } from './app-context';
import type { Config } from './config';

const NAMES = { jwtSecret: 'JWT_SECRET', linkSecret: 'LINK_SECRET', auditKey: 'AUDIT_KEY' } as const satisfies Record<keyof Secrets, string>;

/**
 * JWT_SECRET, LINK_SECRET and AUDIT_KEY from the environment; where one is missing outside production, a random one is
 * made once and kept in DATA_DIR/secrets.json (mode 600), so sessions, emailed links and the audit chain survive a
 * restart. The audit key must never be stored in the database it protects.
 */
export function loadSecrets(config: Config): Secrets {
  const given: Partial<Secrets> = { jwtSecret: config.JWT_SECRET, linkSecret: config.LINK_SECRET, auditKey: config.AUDIT_KEY };
  const missing = (Object.keys(NAMES) as (keyof Secrets)[]).filter((name) => !given[name]);
  if (missing.length === 0) return given as Secrets;
  if (config.NODE_ENV === 'production') {
    throw new Error(`In production ${missing.map((name) => NAMES[name]).join(', ')} must be set (at least 32 characters)`);
  }
  const file = join(config.DATA_DIR, 'secrets.json');
  const stored: Partial<Secrets> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>) : {};
  const secrets: Secrets = {
    jwtSecret: given.jwtSecret ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    linkSecret: given.linkSecret ?? stored.linkSecret ?? randomBytes(48).toString('base64url'),
    auditKey: given.auditKey ?? stored.auditKey ?? randomBytes(48).toString('base64url'),
  };
  const toStore = { ...stored, ...Object.fromEntries(missing.map((name) => [name, secrets[name]])) };
  if (missing.some((name) => stored[name] !== secrets[name])) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return secrets;
}

/** The key of signed file URLs, derived from LINK_SECRET so that it never equals the key of anything else. */
export const fileUrlKey = (secrets: Secrets) => createHmac('sha256', secrets.linkSecret).update('ifu signed file urls').digest('base64url');
