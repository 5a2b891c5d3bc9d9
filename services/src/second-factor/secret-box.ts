import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The second factors' secrets at rest: AES-256-GCM under a key derived from AUDIT_KEY, which lives outside
 * the database. A TOTP secret must be read back to check a code, so it is encrypted, not hashed; a copy of the
 * database alone does not give anyone a user's codes. The user's id and the enrolment's id are bound into each box
 * (GCM's additional data), so a box moved to another row does not open.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(auditKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', auditKey, 'ifu-portal', 'ifu second-factor secrets', 32));
  }

  seal(secret: string, userId: string, enrolmentId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(`${userId}\n${enrolmentId}`));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** The secret, or undefined when the box was not made by this key for this user and enrolment. */
  open(box: string, userId: string, enrolmentId: string): string | undefined {
    const [version, iv, body, tag] = box.split('.');
    if (version !== 'v1' || !iv || !body || !tag) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
        .setAAD(Buffer.from(`${userId}\n${enrolmentId}`))
        .setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
