import { describe, expect, it } from 'vitest';
import { labelStatus } from './label-status';

describe('the Label section’s status', () => {
  it('before approval: not yet in effect, with the effective date', () => {
    expect(labelStatus(false, '2026-12-01', '2026-11-29')).toEqual({
      inEffect: false,
      text: 'Not yet in effect: this address answers once the change order is approved and its effective date, 01/12/2026, has come.',
    });
  });
  it('approved, its effective date still to come: not yet in effect, from that day', () => {
    expect(labelStatus(true, '2026-12-01', '2026-11-29')).toEqual({ inEffect: false, text: 'Not yet in effect: approved; this address answers from 01/12/2026.' });
  });
  it('approved and in effect: since its effective date', () => {
    expect(labelStatus(true, '2026-11-29', '2026-11-29')).toEqual({ inEffect: true, text: 'In effect since 29/11/2026: this address answers.' });
    expect(labelStatus(true, '2026-01-05T00:00:00.000Z', '2026-11-29').text).toBe('In effect since 05/01/2026: this address answers.');
  });
});
