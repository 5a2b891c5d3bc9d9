import { describe, expect, it } from 'vitest';
import { cleanFileName, isOnlyExtension, MAX_FILE_NAME, storedFileName } from './file-names';

describe('file names as stored', () => {
  it.each([
    ['résumé.pdf', 'résumé.pdf'],
    ['re\u0301sume\u0301.pdf', 'résumé.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl', 'abcdefghijkl'],
    ['\u0000\u0007x\u001f\u007f\u0080\u009f.pdf', 'x.pdf'],
    ['  spaced name.pdf  ', 'spaced name.pdf'],
    // Invisible characters: zero-width space, word joiner, byte-order mark, soft hyphen, Hangul filler, braille blank.
    ['i\u200bf\u2060u\ufeff.pdf', 'ifu.pdf'],
    ['i\u00adf\u3164u\u2800.pdf', 'ifu.pdf'],
    // Slash look-alikes would read as a path.
    ['invoices\u22152026.pdf', 'invoices_2026.pdf'],
    ['1\u20442 dose.pdf', '1_2 dose.pdf'],
    ['a\uff0fb\u29f8c\u2216d\uff3ce.pdf', 'a_b_c_d_e.pdf'],
    // Combining marks: two on a letter stay (Vietnamese), a stack is cut to two.
    ['Vi\u1ec7t.pdf', 'Vi\u1ec7t.pdf'],
    ['Z\u0301\u0302\u0303\u0304\u0305\u0306a.pdf', 'Z\u0301\u0302a.pdf'.normalize('NFC')],
    ['e\u0301\u0301\u0301\u0301.pdf', '\u00e9\u0301.pdf'],
  ])('%j is kept as %j', (sent, kept) => {
    expect(cleanFileName(sent)).toBe(kept);
  });

  it('a name that is only an extension names no document; a name, or no name at all, does', () => {
    expect(isOnlyExtension(cleanFileName(' .pdf'))).toBe(true);
    expect(isOnlyExtension(cleanFileName('\u200b.pdf'))).toBe(true);
    expect(isOnlyExtension(cleanFileName('.pdf'))).toBe(true);
    expect(isOnlyExtension(cleanFileName('a.pdf'))).toBe(false);
    expect(isOnlyExtension(cleanFileName('ifu'))).toBe(false);
    expect(isOnlyExtension(cleanFileName(''))).toBe(false);
  });

  it('a PDF keeps a .pdf name, whatever the client called it', () => {
    expect(storedFileName('ifu.html', 'application/pdf')).toBe('ifu.html.pdf');
    expect(storedFileName('IFU.PDF', 'application/pdf')).toBe('IFU.PDF');
    expect(storedFileName('', 'application/pdf')).toBe('document.pdf');
    expect(storedFileName('logo.png', 'image/png')).toBe('logo.png');
    expect([...storedFileName('é'.repeat(MAX_FILE_NAME), 'application/pdf')]).toHaveLength(MAX_FILE_NAME);
  });
});
