import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { hashPassword, PASSWORD_HASH_COSTS, verifyPassword } from './password-hashes';

/**
 * The test suite hashes at a cheap cost (PASSWORD_HASH_COST=test, set by the test helpers); this is the one test of
 * what production uses.
 */
describe('password hashes', () => {
  it('when NODE_ENV is production, then passwords are hashed with argon2id at OWASP cost (19 MiB, 2 passes) and the cheap test cost is refused', async () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' };
    const cost = loadConfig(production).PASSWORD_HASH_COST;
    expect(cost).toBe('owasp');
    expect(PASSWORD_HASH_COSTS[cost]).toEqual({ type: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(await hashPassword('correct horse battery staple', cost)).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: 'test' })).toThrow(/PASSWORD_HASH_COST: PASSWORD_HASH_COST=test is for the test suite/);
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe('owasp');
  });

  it('when a hash was made at the other cost, then it verifies all the same: the hash names its own parameters', async () => {
    const cheap = await hashPassword('correct horse battery staple', 'test');
    const owasp = await hashPassword('correct horse battery staple', 'owasp');
    for (const [hash, cost] of [
      [cheap, 'owasp'],
      [owasp, 'test'],
    ] as const) {
      expect(await verifyPassword(hash, 'correct horse battery staple', cost)).toBe(true);
      expect(await verifyPassword(hash, 'wrong horse battery staple', cost)).toBe(false);
    }
    expect(await verifyPassword(undefined, 'correct horse battery staple', 'test')).toBe(false);
  });
});
