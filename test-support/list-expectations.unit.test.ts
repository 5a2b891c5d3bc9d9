import { describe, expect, it } from 'vitest';
import { expectEvery, expectNone, expectSome } from './list-expectations';

describe('list expectations', () => {
  const even = (n: number) => n % 2 === 0;

  it('expectEvery: passes when every item holds, fails on an empty list and names the items that do not hold', () => {
    expectEvery([2, 4], even);
    expect(() => expectEvery([], even, 'the rows')).toThrow(/the rows is empty/);
    expect(() => expectEvery([2, 3, 5], even)).toThrow(/3,\s*5/);
  });

  it('expectSome: passes when one item holds, fails when none does or the list is empty', () => {
    expectSome([1, 2], even);
    expect(() => expectSome([1, 3], even)).toThrow(/no item holds among \[1,3\]/);
    expect(() => expectSome([], even)).toThrow(/no item holds/);
  });

  it('expectNone: passes on an empty list or when no item holds, fails naming the items that hold', () => {
    expectNone([], even);
    expectNone([1, 3], even);
    expect(() => expectNone([1, 4], even)).toThrow(/4/);
  });
});
