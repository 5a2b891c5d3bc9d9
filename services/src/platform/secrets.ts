import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Secrets } from './app-context';
import type { Config } from './config';

/**
 * JWT_SECRET and LINK_SECRET from the environment; where one is missing outside production, a random one is made
 * once and kept in DATA_DIR/secrets.json (mode 600), so sessions and emailed links survive a restart.
 */
export function loadSecrets(config: Config): Secrets {
  if (config.NODE_ENV === 'production') {
    const missing = [!config.JWT_SECRET && 'JWT_SECRET', !config.LINK_SECRET && 'LINK_SECRET'].filter(Boolean);
    if (missing.length > 0) throw new Error(`In production ${missing.join(' and ')} must be set (at least 32 characters)`);
  }
  if (config.JWT_SECRET && config.LINK_SECRET) return { jwtSecret: config.JWT_SECRET, linkSecret: config.LINK_SECRET };
  const dir = resolve(config.DATA_DIR);
  const file = join(dir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwtSecret: config.JWT_SECRET ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    linkSecret: config.LINK_SECRET ?? stored.linkSecret ?? randomBytes(48).toString('base64url'),
  };
  if (stored.jwtSecret !== secrets.jwtSecret || stored.linkSecret !== secrets.linkSecret) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, JSON.stringify({ jwtSecret: secrets.jwtSecret, linkSecret: secrets.linkSecret }, null, 2), {
      mode: 0o600,
    });
    chmodSync(file, 0o600);
  }
  return secrets;
}

/** The key of signed file URLs, derived from LINK_SECRET so that it never equals the key of anything else. */
export const fileUrlKey = (secrets: Secrets) => createHmac('sha256', secrets.linkSecret).update('ifu signed file urls').digest('base64url');
