import { describe, expect, it } from 'vitest';

import { percentSent, progressPerFile } from './progress-per-file';

describe('the progress of each file of one multipart upload', () => {
  it('lays the bytes sent over the files in order', () => {
    // Two files of 1000 and 500 bytes, 100 bytes of framing: 50 before each.
    expect(progressPerFile([1000, 500], undefined)).toEqual([0, 0]);
    expect(progressPerFile([1000, 500], { loaded: 0, total: 1600 })).toEqual([0, 0]);
    expect(progressPerFile([1000, 500], { loaded: 550, total: 1600 })).toEqual([50, 0]);
    expect(progressPerFile([1000, 500], { loaded: 1350, total: 1600 })).toEqual([100, 50]);
  });

  it('when every byte is sent, then every file is 100 (what follows is the processing state, not a bar at 99)', () => {
    expect(progressPerFile([1000, 500], { loaded: 1600, total: 1600 })).toEqual([100, 100]);
    expect(progressPerFile([1000, 500], { loaded: 1600, total: 1600, sent: true })).toEqual([100, 100]);
  });

  it('when the server has answered, then every file is 100', () => {
    expect(progressPerFile([1000, 500], { loaded: 10, total: 1600 }, true)).toEqual([100, 100]);
  });

  it('the whole request: the share of its bytes sent, 100 once sent', () => {
    expect(percentSent(undefined)).toBe(0);
    expect(percentSent({ loaded: 0, total: 0 })).toBe(0);
    expect(percentSent({ loaded: 799, total: 1600 })).toBe(49);
    expect(percentSent({ loaded: 1600, total: 1600 })).toBe(100);
    expect(percentSent({ loaded: 1500, total: 1600, sent: true })).toBe(100);
  });
});
