import { describe, expect, it } from 'vitest';
import { isReplicaFailure, parseLsn } from './replica-reads';

describe('replica reads: the pieces that decide without a server', () => {
  it('when WAL positions are parsed, then they compare as pg_lsn does (the high word first), and anything else is refused', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    for (const text of ['', '16B374D848', '1/2/3', '0/123456789', 'G/0']) expect(() => parseLsn(text)).toThrow(/not a WAL position/);
  });

  it("when a read on the replica fails, then only the replica's own failures are done again on the primary", () => {
    const failures = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
    ];
    for (const error of failures) expect(isReplicaFailure(error), error.message).toBe(true);
    const statementFaults = [
      // The statement's own time limit (a costly search: 400 search-too-costly), which the primary would reach too.
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' }),
      Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' }),
      // A refusal thrown from inside a transaction's work is an answer, not a failure.
      Object.assign(new Error('Customer not found'), { code: 'customer-not-found' }),
      new Error('something else'),
      undefined,
      'text',
    ];
    for (const error of statementFaults) expect(isReplicaFailure(error), String(error)).toBe(false);
  });
});
