import { describe, expect, it } from 'vitest';
import { formatAuditDate, parseAuditDate } from './audit-dates';
import { csvCell, csvRow } from './csv';
import { usersVocabulary } from '../users';
import { auditReportVocabulary } from './audit-vocabulary';
import { AuditDictionary } from '../platform/audit-vocabulary';

const dictionary = new AuditDictionary([usersVocabulary, auditReportVocabulary]);
const subjectOf = (stream: string) => dictionary.subjectOf(stream);
const actionInWords = (event: { type: string; data: object }) => dictionary.describe({ type: event.type, data: event.data as Record<string, unknown> }).action;

describe('audit CSV cells', () => {
  it('when a cell has a comma, quote or line break, then it is quoted per RFC 4180', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvRow(['a', 1, null, undefined])).toBe('a,1,,\r\n');
  });

  it('when a cell starts with = + - @ tab or CR, then it is neutralized', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
  });
});

describe('audit dates (DD-MMM-YYYY)', () => {
  it('when a date is well formed, then it is the start of that UTC day', () => {
    expect(parseAuditDate('21-Nov-2026')?.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(parseAuditDate('01-jan-2026')?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(formatAuditDate(new Date('2026-02-05T13:00:00Z'))).toBe('05-Feb-2026');
  });

  it('when a date is malformed or impossible, then it is refused', () => {
    for (const bad of ['2026-11-21', '21/11/2026', '31-Feb-2026', '21-Foo-2026', '1-Nov-2026', '']) expect(parseAuditDate(bad)).toBeUndefined();
  });
});

describe('events in words', () => {
  it('when a stream id is read, then the subject type and id come from its prefix', () => {
    expect(subjectOf('user-email-a@b.c')).toEqual({ type: 'email address', id: 'a@b.c' });
    expect(subjectOf('user-123')).toEqual({ type: 'user', id: '123' });
    expect(subjectOf('system-bootstrap')).toEqual({ type: 'system', id: '' });
  });

  it('when an event type has no wording of its own, then its name is split into words', () => {
    expect(actionInWords({ type: 'DocumentApproved', data: {} })).toBe('Document approved');
    // A changed field by the label the screens give it.
    expect(actionInWords({ type: 'UserModified', data: { changed: ['role', 'isTrainingCompleted'], firstName: 'A', lastName: 'B' } })).toBe('Updated user: Role, Is Training Completed?');
  });

  it('when two features describe the same event type, then the dictionary refuses to be built', () => {
    expect(() => new AuditDictionary([usersVocabulary, usersVocabulary])).toThrow('two features describe the event type');
  });
});
