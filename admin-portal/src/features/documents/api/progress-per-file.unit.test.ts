import { describe, expect, it } from 'vitest';

import { progressPerFile } from './progress-per-file';

describe('the progress of each file of one multipart upload', () => {
  it('lays the bytes sent over the files in order, never 100 before the answer', () => {
    // Two files of 1000 and 500 bytes, 100 bytes of framing: 50 before each.
    expect(progressPerFile([1000, 500], undefined)).toEqual([0, 0]);
    expect(progressPerFile([1000, 500], { loaded: 0, total: 1600 })).toEqual([0, 0]);
    expect(progressPerFile([1000, 500], { loaded: 550, total: 1600 })).toEqual([50, 0]);
    expect(progressPerFile([1000, 500], { loaded: 1350, total: 1600 })).toEqual([99, 50]);
    expect(progressPerFile([1000, 500], { loaded: 1600, total: 1600 })).toEqual([99, 99]);
  });

  it('when the server has answered, then every file is 100', () => {
    expect(progressPerFile([1000, 500], { loaded: 10, total: 1600 }, true)).toEqual([100, 100]);
  });
});
