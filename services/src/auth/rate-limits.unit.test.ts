import { describe, expect, it } from 'vitest';
import { HourlyBudget } from './rate-limits';

describe('HourlyBudget: at most `cap` units per key an hour, over every caller', () => {
  const setUp = (cap: number) => {
    let now = Date.parse('2026-11-25T10:00:00Z');
    const ended: Array<[string, string]> = [];
    const budget = new HourlyBudget<'a' | 'b'>(cap, () => new Date(now), (start, end) => ended.push([start.toISOString(), end.toISOString()]));
    return { budget, ended, advance: (ms: number) => (now += ms) };
  };

  it('when units are taken, then each key has its own cap, and what does not fit is not taken', () => {
    const { budget } = setUp(3);
    expect(budget.take('a', 2)).toBe(true);
    expect(budget.take('a', 2)).toBe(false);
    expect(budget.take('a')).toBe(true);
    expect(budget.take('a')).toBe(false);
    expect(budget.take('b', 3)).toBe(true);
  });

  it('when a key has a budget of its own, then it counts against that one, and the others against the cap', () => {
    const budget = new HourlyBudget<'a' | 'b'>(1, () => new Date('2026-11-25T10:00:00Z'), () => {}, { b: 3 });
    expect(budget.capOf('b')).toBe(3);
    expect([budget.take('b'), budget.take('b'), budget.take('b'), budget.take('b')]).toEqual([true, true, true, false]);
    expect([budget.take('a'), budget.take('a')]).toEqual([true, false]);
  });

  it('when units are given back, then they can be taken again', () => {
    const { budget } = setUp(1);
    expect(budget.take('a')).toBe(true);
    budget.giveBack('a');
    expect(budget.take('a')).toBe(true);
  });

  it('when the hour is over, then it ends once (the digest goes out) and the next use starts a new one', () => {
    const { budget, ended, advance } = setUp(1);
    expect(budget.take('a')).toBe(true);
    advance(59 * 60_000);
    budget.endHour();
    expect(ended).toEqual([]);
    expect(budget.take('a')).toBe(false);
    advance(60_000);
    budget.endHour();
    budget.endHour();
    expect(ended).toEqual([['2026-11-25T10:00:00.000Z', '2026-11-25T11:00:00.000Z']]);
    expect(budget.take('a')).toBe(true);
  });

  it('when ended at once (shutdown), then the hour ends now; an unused budget has no hour to end', () => {
    const { budget, ended, advance } = setUp(1);
    budget.endHour({ now: true });
    expect(ended).toEqual([]);
    budget.take('b');
    advance(5 * 60_000);
    budget.endHour({ now: true });
    expect(ended).toEqual([['2026-11-25T10:00:00.000Z', '2026-11-25T10:05:00.000Z']]);
  });
});
