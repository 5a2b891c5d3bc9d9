import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { SharedMailBudget } from './shared-mail-budget';

describe('SharedMailBudget: one hourly budget of anonymous mail for every API instance', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  const at = (minutes: number) => new Date(Date.parse('2026-11-26T10:00:00Z') + minutes * 60_000);

  it('given two instances over one database, when both take mails, then together they take at most the cap an hour, each kind on its own', async () => {
    const [one, two] = [new SharedMailBudget(database.db, 3), new SharedMailBudget(database.db, 3)];
    expect(await one.take('contact', 2, at(0))).toBe(true);
    expect(await two.take('contact', 2, at(1))).toBe(false);
    expect(await two.take('contact', 1, at(1))).toBe(true);
    expect(await one.take('contact', 1, at(59))).toBe(false);
    expect(await one.take('search-link', 3, at(59))).toBe(true);
    // The hour began at the first mail (10:00): from 11:00 the next mail starts a new one.
    expect(await two.take('contact', 3, at(60))).toBe(true);
    expect(await one.take('contact', 1, at(61))).toBe(false);
  });

  it('when units are given back in their hour, then another instance can take them; a request over the cap takes nothing', async () => {
    const [one, two] = [new SharedMailBudget(database.db, 2), new SharedMailBudget(database.db, 2)];
    expect(await one.take('password-link', 3, at(0))).toBe(false);
    expect(await one.take('password-link', 2, at(0))).toBe(true);
    expect(await two.take('password-link', 1, at(5))).toBe(false);
    await one.giveBack('password-link', 1, at(6));
    expect(await two.take('password-link', 1, at(7))).toBe(true);
  });

  it('when many take at once, then exactly the cap is taken', async () => {
    const budgets = Array.from({ length: 10 }, () => new SharedMailBudget(database.db, 4));
    const taken = await Promise.all(budgets.map((budget) => budget.take('access-request', 1, at(0))));
    expect(taken.filter(Boolean)).toHaveLength(4);
  });
});
