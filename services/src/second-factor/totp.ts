import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '@ifu/contracts';

/** RFC 6238's default step, as every authenticator app uses it. */
export const TIME_STEP_SECONDS = 30;

/**
 * How far a code may be from the server's time step: one step either way (RFC 6238 §5.2: a clock a little off, a code
 * typed as it turned). Each accepted step is recorded, and no code of it or of an earlier step is accepted again.
 */
const TOLERANCE_SECONDS = TIME_STEP_SECONDS;

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 as authenticator apps take it. */
export const newTotpSecret = () => generateSecret({ length: 20 });

/** The time step whose code `code` is, within one step of `now`; null when it is none of them. */
export async function matchingTimeStep(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
}

/** The otpauth:// URI an authenticator app scans: the issuer and the account's address name it in the app. */
export const otpauthUri = (secret: string, email: string) => generateURI({ issuer: 'IFU Portal', label: email, secret });

/** The QR code of the URI, as an SVG data URL (drawn by the browser, no image file kept). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten recovery codes, each 12 random base32 letters (60 bits) in groups of four: `abcd-efgh-ijkl`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from({ length: 12 }, () => BASE32[randomInt(32)]).join('');
    return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8)}`;
  });
}

/** A recovery code as compared and hashed: lowercase, without dashes or spaces. */
export const normalRecoveryCode = (code: string) => code.replace(/[-\s]/g, '').toLowerCase();
