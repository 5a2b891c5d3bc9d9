import { expect } from 'vitest';

/**
 * `expect(list.every(check)).toBe(true)` also passes when the list is empty, so a query that found nothing at all
 * would pass as one whose rows are all right; `expect(list.some(check)).toBe(false)` likewise. These say what they
 * check, and name the items that break it. The linter sends `.every`/`.some` inside `expect(...)` here
 * (eslint.config.js).
 */

/** Every item holds, and there is at least one item. */
export function expectEvery<T>(list: readonly T[], check: (item: T) => boolean, what = 'the list'): void {
  expect(list.length, `${what} is empty: that every item holds proves nothing`).toBeGreaterThan(0);
  expect(
    list.filter((item) => !check(item)),
    `${what}: the items that do not hold`,
  ).toEqual([]);
}

/** At least one item holds. */
export function expectSome<T>(list: readonly T[], check: (item: T) => boolean, what = 'the list'): void {
  expect(list.filter(check).length, `${what}: no item holds among ${JSON.stringify(list).slice(0, 500)}`).toBeGreaterThan(0);
}

/**
 * No item holds. An empty list passes: use it where "nothing at all" is a right answer (a mail not sent, a row
 * gone); to check a property of every item of a list that must have items, use expectEvery.
 */
export function expectNone<T>(list: readonly T[], check: (item: T) => boolean, what = 'the list'): void {
  expect(list.filter(check), `${what}: the items that hold`).toEqual([]);
}
