import type { Database, Queryable } from '@ifu/storage/database/database';

/**
 * A section that one request at a time runs, over every API instance: a rule that reads the read
 * models and then decides ("the last active ADMIN stays") must not have two requests decide on the same reading.
 * On a PostgreSQL server the section holds a transaction-level advisory lock named by `name` for as long as `work`
 * runs (the work itself uses other connections; the lock's connection only waits); on the embedded database, one
 * process by construction, a queue in memory is the whole section (its single connection cannot wait on itself).
 * Within one process the queue also comes first, so that waiting requests do not each hold a connection.
 */
export function exclusiveSection(db: Database, name: string): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  const locked = <T>(work: () => Promise<T>): Promise<T> => acrossInstances(db, name, work);
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(
      () => locked(work),
      () => locked(work),
    );
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * Runs `work` while holding the database's advisory lock named `name` (PostgreSQL server), so that no other instance
 * runs a section of that name meanwhile; on the embedded database (one process) it just runs it. For sections keyed
 * by something (a user), where the caller keeps its own queue in this process. On a server `work` is given the lock's
 * transaction: rows it writes there commit with the section's end (one commit, one WAL flush) and are seen by the
 * next holder; on the embedded database it is given none and writes on its own.
 */
export function acrossInstances<T>(db: Database, name: string, work: (locked?: Queryable) => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return work();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ifu:${name}`]);
    return work(tx);
  });
}
