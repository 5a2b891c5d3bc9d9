import { describe, expect, it } from 'vitest';
import { codeAt, timeStepOf } from '../../../test-support/second-factor';
import { SecretBox } from './secret-box';
import { matchingTimeStep, newRecoveryCodes, newTotpSecret } from './totp';

describe('second-factor secrets at rest and codes', () => {
  const box = new SecretBox('an audit key of the test, not the real one');

  it('when a secret is sealed, then the box holds no clear secret and opens only for its user and enrolment, under its key', () => {
    const secret = newTotpSecret();
    const sealed = box.seal(secret, 'u-1', 'e-1');
    expect(sealed).not.toContain(secret);
    expect(box.open(sealed, 'u-1', 'e-1')).toBe(secret);
    expect(box.open(sealed, 'u-2', 'e-1')).toBeUndefined();
    expect(box.open(sealed, 'u-1', 'e-2')).toBeUndefined();
    expect(new SecretBox('another key').open(sealed, 'u-1', 'e-1')).toBeUndefined();
    // One character of the ciphertext changed (its first: all six bits count): the tag no longer holds.
    const [version, iv, body, tag] = sealed.split('.') as [string, string, string, string];
    const changed = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(box.open([version, iv, changed, tag].join('.'), 'u-1', 'e-1')).toBeUndefined();
  });

  it('when a code is of the current step or one step either side, then its time step is answered; two steps away or wrong, null', async () => {
    const secret = newTotpSecret();
    const now = new Date('2026-11-27T10:00:10.000Z');
    const step = timeStepOf(now);
    for (const offset of [-1, 0, 1]) expect(await matchingTimeStep(secret, await codeAt(secret, step + offset), now)).toBe(step + offset);
    for (const offset of [-2, 2]) expect(await matchingTimeStep(secret, await codeAt(secret, step + offset), now)).toBeNull();
  });

  it('when recovery codes are made, then there are ten different ones of 60 random bits each', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
  });
});
