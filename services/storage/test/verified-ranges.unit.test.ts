import { describe, expect, it } from 'vitest';
import { VerifiedRanges } from '../src/event-store/verified-ranges';

describe('the verified positions of a store', () => {
  it('when runs are added apart, touching and overlapping, then each position answers the end of its merged run', () => {
    const ranges = new VerifiedRanges();
    expect(ranges.endOf(1)).toBeUndefined();
    ranges.add(1, 10);
    ranges.add(21, 30);
    expect([ranges.endOf(1), ranges.endOf(10), ranges.endOf(11), ranges.endOf(25)]).toEqual([10, 10, undefined, 30]);
    ranges.add(11, 15); // touching the first
    expect(ranges.endOf(3)).toBe(15);
    ranges.add(14, 22); // overlapping both
    expect([ranges.endOf(1), ranges.endOf(16), ranges.endOf(30), ranges.endOf(31)]).toEqual([30, 30, 30, undefined]);
    ranges.add(40, 39); // empty
    expect(ranges.endOf(40)).toBeUndefined();
  });
});
