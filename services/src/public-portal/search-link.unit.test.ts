import { describe, expect, it } from 'vitest';
import { openSearchLink, sealSearchLink } from './search-link';

const secret = 'a link secret of at least thirty-two characters';
const scope = { customerId: '5f0c1a2b-0000-4000-8000-000000000001', parentChangeId: '7a1b2c3d-0000-4000-8000-000000000002' };
const now = new Date('2026-11-23T12:00:00.000Z');
const in30Days = new Date(now.getTime() + 30 * 86_400_000);

describe('the emailed search link', () => {
  it('opens to the email it sealed, until its expiry', () => {
    const token = sealSearchLink(secret, scope, 'nurse@clinic.example', in30Days);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toContain('nurse');
    expect(openSearchLink(secret, token, now)).toEqual({ ok: true, email: 'nurse@clinic.example', expiresAt: in30Days, ...scope });
    const shouted = sealSearchLink(secret, { customerId: scope.customerId.toUpperCase(), parentChangeId: scope.parentChangeId.toUpperCase() }, 'a@b.example', in30Days);
    expect(openSearchLink(secret, shouted, now)).toMatchObject(scope);
    expect(openSearchLink(secret, token, new Date(in30Days.getTime() - 1)).ok).toBe(true);
    expect(openSearchLink(secret, token, in30Days)).toEqual({ ok: false, reason: 'expired' });
  });

  it('two links for the same address differ (a fresh IV each time)', () => {
    expect(sealSearchLink(secret, scope, 'a@b.example', in30Days)).not.toBe(sealSearchLink(secret, scope, 'a@b.example', in30Days));
  });

  it('refuses any changed byte, another key, and garbage', () => {
    const token = sealSearchLink(secret, scope, 'nurse@clinic.example', in30Days);
    const bytes = Buffer.from(token, 'base64url');
    for (let at = 0; at < bytes.length; at++) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 0x01;
      expect(openSearchLink(secret, changed.toString('base64url'), now), `byte ${at}`).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(openSearchLink(`${secret}!`, token, now).ok).toBe(false);
    for (const garbage of ['', 'abc', '%%%', 'a'.repeat(601), token.slice(0, -4), `${token}AAAA`]) {
      expect(openSearchLink(secret, garbage, now), garbage.slice(0, 20)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
