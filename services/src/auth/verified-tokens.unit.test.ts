import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './verified-tokens';

const claims = (n: number) => ({ sid: `session-${n}`, sub: `user-${n}` });

describe('VerifiedTokens: bearer tokens verified once, until they expire', () => {
  it('when a remembered token is asked for before its expiry, then its claims; at or after it, nothing, and it is forgotten', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a.b.c', claims(1), 10_000);
    expect(tokens.get('a.b.c', 9_999)).toEqual(claims(1));
    expect(tokens.get('a.b.d', 9_999)).toBeUndefined();
    expect(tokens.get('a.b.c', 10_000)).toBeUndefined();
    // Forgotten: an earlier time (a clock set back) does not bring it back.
    expect(tokens.get('a.b.c', 5_000)).toBeUndefined();
  });

  it('when more tokens are remembered than the bound, then the oldest are forgotten first', () => {
    const tokens = new VerifiedTokens(3);
    for (let n = 1; n <= 4; n += 1) tokens.remember(`t${n}`, claims(n), 10_000);
    expect(tokens.get('t1', 0)).toBeUndefined();
    expect([2, 3, 4].map((n) => tokens.get(`t${n}`, 0))).toEqual([claims(2), claims(3), claims(4)]);
  });
});
