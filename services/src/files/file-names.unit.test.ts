import { describe, expect, it } from 'vitest';
import { cleanFileName, MAX_FILE_NAME, storedFileName } from './file-names';

describe('file names as stored (issue 19, finding 8)', () => {
  it.each([
    ['résumé.pdf', 'résumé.pdf'],
    ['re\u0301sume\u0301.pdf', 'résumé.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl', 'abcdefghijkl'],
    ['\u0000\u0007x\u001f\u007f\u0080\u009f.pdf', 'x.pdf'],
    ['  spaced name.pdf  ', 'spaced name.pdf'],
  ])('%j is kept as %j', (sent, kept) => {
    expect(cleanFileName(sent)).toBe(kept);
  });

  it('a PDF keeps a .pdf name, whatever the client called it', () => {
    expect(storedFileName('ifu.html', 'application/pdf')).toBe('ifu.html.pdf');
    expect(storedFileName('IFU.PDF', 'application/pdf')).toBe('IFU.PDF');
    expect(storedFileName('', 'application/pdf')).toBe('document.pdf');
    expect(storedFileName('logo.png', 'image/png')).toBe('logo.png');
    expect([...storedFileName('é'.repeat(MAX_FILE_NAME), 'application/pdf')]).toHaveLength(MAX_FILE_NAME);
  });
});
