import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, skipWithoutServer, type TestDatabase } from '../../../test-support/test-database';
import { acrossInstances, exclusiveSection } from './exclusive';

/**
 * Sections that one request at a time runs over every API instance. Two sections made separately
 * stand for two instances: nothing in memory is shared between them, only the database.
 */
describe('exclusive sections over every instance (advisory locks)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** Runs two pieces of work at once through `run` and answers in which order they started and ended. */
  const race = async (run: (name: string, work: () => Promise<void>) => Promise<void>) => {
    const steps: string[] = [];
    const work = (name: string) => async () => {
      steps.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      steps.push(`${name} ends`);
    };
    const first = run('one', work('one'));
    // The second asks once the first is inside (on a loaded machine, a fixed head start was not always enough).
    while (!steps.includes('one starts')) await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([first, run('two', work('two'))]);
    return steps;
  };

  // The embedded database is one process by construction: there a section is a queue in memory (the last test).
  it.skipIf(skipWithoutServer('advisory locks across instances'))('given two instances on a PostgreSQL server, when both enter a section of the same name, then the second waits until the first has ended', async () => {
    const instances = [exclusiveSection(database.db, 'test-section'), exclusiveSection(database.db, 'test-section')];
    expect(await race((name, work) => instances[name === 'one' ? 0 : 1]!(work))).toEqual(['one starts', 'one ends', 'two starts', 'two ends']);
    expect(await race((_name, work) => acrossInstances(database.db, 'staging-quota:user-1', work))).toEqual(['one starts', 'one ends', 'two starts', 'two ends']);
  });

  it.skipIf(skipWithoutServer('advisory locks across instances'))('when the sections have different names, then they run at once', async () => {
    expect(await race((name, work) => acrossInstances(database.db, `staging-quota:${name}`, work))).toEqual(['one starts', 'two starts', 'one ends', 'two ends']);
  });

  it('given one instance, when two requests enter its section, then they run one at a time (on the embedded database too)', async () => {
    const section = exclusiveSection(database.db, 'test-section-single');
    expect(await race((_name, work) => section(work))).toEqual(['one starts', 'one ends', 'two starts', 'two ends']);
  });
});
