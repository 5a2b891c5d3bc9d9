import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emailDigest, openEmail, sealEmail } from './visitors';

describe("a visitor's sealed email", () => {
  it('opens with its key only; every seal differs; a changed byte is refused', () => {
    const key = randomBytes(32);
    const sealed = sealEmail(key, 'nurse@clinic.example');
    expect(sealed).not.toContain('nurse');
    expect(sealEmail(key, 'nurse@clinic.example')).not.toBe(sealed);
    expect(openEmail(key, sealed)).toBe('nurse@clinic.example');
    expect(openEmail(randomBytes(32), sealed)).toBeUndefined();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[2]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(openEmail(key, [parts[0], parts[1], body.toString('base64url'), parts[3]].join('.'))).toBeUndefined();
    expect(openEmail(key, 'not sealed')).toBeUndefined();
  });

  it('the lookup digest ignores case and spaces, and depends on the secret', () => {
    expect(emailDigest('secret one', ' Nurse@Clinic.example ')).toBe(emailDigest('secret one', 'nurse@clinic.example'));
    expect(emailDigest('secret two', 'nurse@clinic.example')).not.toBe(emailDigest('secret one', 'nurse@clinic.example'));
  });
});
