import { describe, expect, it } from 'vitest';
import type { Queryable } from '@ifu/storage/database/database';
import { QUARANTINE_REASON_MAX, QuarantineRefused, quarantineEvent } from './quarantine';

/** A database the refusals never reach: any query fails the test. */
const untouched = {
  query: () => {
    throw new Error('a refused quarantine must not read or write the database');
  },
} as unknown as Queryable;

describe('audit:quarantine refuses a bad reason or position before it touches the database', () => {
  it.each([
    ['empty', '   ', 1],
    ['too long', 'x'.repeat(QUARANTINE_REASON_MAX + 1), 1],
    ['a control character', 'forged\u001b[2Japproval', 1],
    ['an invisible character', 'forged\u200Bapproval', 1],
    ['position 0', 'forged approval', 0],
    ['a fractional position', 'forged approval', 1.5],
  ])('%s', async (_name, reason, position) => {
    await expect(quarantineEvent(untouched, 'key', position, reason, new Date())).rejects.toThrow(QuarantineRefused);
  });
});
