import { describe, expect, it } from 'vitest';
import { contentDispositionFilename } from './content-disposition';

describe('contentDispositionFilename', () => {
  it('when the header names a quoted file, then that name is read', () => {
    expect(contentDispositionFilename('attachment; filename="audit-21-Nov-2026.csv"')).toBe('audit-21-Nov-2026.csv');
  });

  it('when the name is unquoted, then it is read up to the next parameter', () => {
    expect(contentDispositionFilename('attachment; filename=audit.csv; size=10')).toBe('audit.csv');
  });

  it('when both forms are present, then the RFC 5987 name wins and is decoded', () => {
    expect(contentDispositionFilename(`attachment; filename="a.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`)).toBe('résumé.csv');
  });

  it('when the quoted name holds escaped quotes, then they are unescaped', () => {
    expect(contentDispositionFilename('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
  });

  it('when there is no header or no file name, then there is no name', () => {
    expect(contentDispositionFilename(null)).toBeUndefined();
    expect(contentDispositionFilename('attachment')).toBeUndefined();
  });
});
