import { Readable } from 'node:stream';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfWithExpandingObjectStream, pdfWithPages } from '../../../test-support/hostile-pdfs';
import { pdfPages, qrOnLastPage } from '../../../test-support/pdf-pages';
import { type CurrencyFacts, createCurrencyStamper, runStampWorker, stampWorkers, type StampOutcome } from './currency-stamp';

const MB = 1024 * 1024;
const limits = { maxMemoryMb: 512, timeoutMs: 15_000 };
const facts: CurrencyFacts = {
  kind: 'version',
  permalink: 'https://eifu.example.com/p/CO-2026-00042-01/v/3',
  currentPermalink: 'https://eifu.example.com/p/CO-2026-00042-01',
  version: 3,
  issued: '2026-11-05',
};
const stamp = (pdf: Buffer, what: CurrencyFacts = facts, overrides: Partial<typeof limits> = {}) => runStampWorker(Readable.from([pdf]), what, { ...limits, ...overrides });

const pagesOf = pdfPages;

const served = (original: Buffer, outcome: StampOutcome) => {
  if (!outcome.appendix) throw new Error(`not stamped: ${outcome.unstamped}`);
  return Buffer.concat([original, outcome.appendix]);
};

/** The currency page of a downloaded PDF: what it says, that it leaves the file be, and its limits. */
describe('the currency stamp', () => {
  it.each([
    ['with object streams (PDF 1.5 and later)', true],
    ['with a cross-reference table', false],
  ])('when a PDF %s is stamped, then its new last page names the permalinks, the version and the date of issue, and its QR code reads as the version’s permalink', async (_, useObjectStreams) => {
    const source = await PDFDocument.load(await pdfWithPages(2));
    const original = Buffer.from(await source.save({ useObjectStreams }));
    const bytes = served(original, await stamp(original));
    const pages = await pagesOf(bytes);
    expect(pages).toHaveLength(3);
    expect(pages.slice(0, 2)).toEqual(['Page 1: sterile single use', 'Page 2: sterile single use']);
    expect(pages[2]).toContain('Check that this copy is current: https://eifu.example.com/p/CO-2026-00042-01');
    expect(pages[2]).toContain('Version 3, issued 05 Nov 2026');
    expect(pages[2]).toContain('https://eifu.example.com/p/CO-2026-00042-01/v/3');
    expect(await qrOnLastPage(bytes)).toBe(facts.permalink);
  });

  it('when a PDF is stamped, then the served file starts with the stored bytes unchanged: only an incremental update follows them', async () => {
    const original = await pdfWithPages(1);
    const copy = Buffer.from(original);
    const outcome = await stamp(original);
    expect(original.equals(copy)).toBe(true);
    const bytes = served(original, outcome);
    expect(bytes.subarray(0, original.length).equals(original)).toBe(true);
    expect(outcome.appendix!.length).toBeLessThan(16 * 1024);
    expect(outcome.appendix!.toString('latin1')).toMatch(/startxref\n\d+\n%%EOF\n$/);
  });

  it('when a page size is not A4, then the currency page takes the last page’s size', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]).drawText('Letter', { font: await pdf.embedFont(StandardFonts.Helvetica) });
    const original = Buffer.from(await pdf.save());
    const stamped = await PDFDocument.load(served(original, await stamp(original)));
    expect(stamped.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([
      [612, 792],
      [612, 792],
    ]);
  });

  it.each([
    ['de', 'Ist dieses Exemplar aktuell?', 'Version 3, ausgegeben am 05 Nov. 2026', 'Prüfen Sie, ob dieses Exemplar aktuell ist: https://eifu.example.com/p/CO-2026-00042-01'],
    ['fr', 'Cet exemplaire est-il à jour ?', 'Version 3, publiée le 05 nov. 2026', 'Vérifiez que cet exemplaire est à jour : https://eifu.example.com/p/CO-2026-00042-01'],
    ['es', '¿Está vigente este ejemplar?', 'Versión 3, publicada el 05 nov. 2026', 'Compruebe que este ejemplar está vigente'],
    ['it', 'Questa copia è aggiornata?', 'Versione 3, emessa il 05 nov. 2026', 'Verifichi che questa copia sia aggiornata'],
  ])('when a reader’s language is %s, then the currency page is in it, the QR code still the version’s permalink', async (lang, title, version, check) => {
    const original = await pdfWithPages(1);
    const bytes = served(original, await stamp(original, { ...facts, lang }));
    const last = (await pagesOf(bytes)).at(-1)!;
    for (const text of [title, version, check]) expect(last).toContain(text);
    expect(last).not.toContain('Is this copy current?');
    expect(await qrOnLastPage(bytes)).toBe(facts.permalink);
  });

  it('when the language is not one of the five, then the page is in English; a draft too is in the reader’s language', async () => {
    const original = await pdfWithPages(1);
    expect((await pagesOf(served(original, await stamp(original, { ...facts, lang: 'ja' })))).at(-1)).toContain('Is this copy current?');
    expect((await pagesOf(served(original, await stamp(original, { ...facts, lang: 'constructor' })))).at(-1)).toContain('Is this copy current?');
    const draft = await pagesOf(served(original, await stamp(original, { kind: 'draft', documentNumber: 'CO-2026-00042-02', lang: 'de' })));
    expect(draft.at(-1)).toContain('Entwurf: nicht freigegeben');
  });

  it('when the child was never approved, then its last page says it is a draft, with no QR code', async () => {
    const original = await pdfWithPages(1);
    const bytes = served(original, await stamp(original, { kind: 'draft', documentNumber: 'CO-2026-00042-02' }));
    const pages = await pagesOf(bytes);
    expect(pages.at(-1)).toContain('Draft: not approved');
    expect(pages.at(-1)).toContain('CO-2026-00042-02');
    expect(await qrOnLastPage(bytes)).toBeUndefined();
  });

  it('when the PDF is encrypted, then it is not stamped, and says so', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    // pdf-lib cannot encrypt; a trailer naming an encryption dictionary is what makes a reader treat it as encrypted.
    pdf.context.trailerInfo.Encrypt = pdf.context.register(pdf.context.obj({ Filter: 'Standard', V: 2, R: 3 }));
    expect(await stamp(Buffer.from(await pdf.save()))).toEqual({ unstamped: 'encrypted' });
  });

  it('when the file is not a PDF pdf-lib reads, then it is not stamped, with the reason', async () => {
    const outcome = await stamp(Buffer.from('%PDF-1.7\n<html></html>\n'));
    expect(outcome.appendix).toBeUndefined();
    expect(outcome.unstamped).toMatch(/^unreadable: /);
  });

  it('when loading the PDF would inflate an object stream past the memory limit, then the process is killed at the limit and the PDF is not stamped', async () => {
    const bomb = await pdfWithExpandingObjectStream(400 * MB);
    expect(bomb.length).toBeLessThan(2 * MB);
    const outcome = await stamp(bomb, facts, { maxMemoryMb: 128 });
    expect(outcome.appendix).toBeUndefined();
    expect(outcome.unstamped).toBe('stopped above 128 MB of memory');
  }, 60_000);

  it('when the process runs past the time limit, then it is killed and the PDF is not stamped', async () => {
    const outcome = await stamp(await pdfWithExpandingObjectStream(400 * MB), facts, { timeoutMs: 50 });
    expect(outcome.unstamped).toBe('stopped after 0.05 s');
  }, 60_000);

  it('when PDFs are stamped one after another, then a warm process stamps them, each with its own page; one that failed a file or was killed at a limit is not the next one\'s', async () => {
    const draft: CurrencyFacts = { kind: 'draft', documentNumber: 'CO-2026-00007-02' };
    await stamp(await pdfWithPages(1));
    const started = stampWorkers.stats().started;
    const [first, second] = [await pdfWithPages(1), await pdfWithPages(2)];
    const firstPages = await pagesOf(served(first, await stamp(first)));
    const secondPages = await pagesOf(served(second, await stamp(second, draft)));
    expect(firstPages[1]).toContain('Version 3, issued 05 Nov 2026');
    expect(secondPages).toHaveLength(3);
    expect(secondPages[2]).toContain('Document CO-2026-00007-02 has not been approved.');
    expect(secondPages[2]).not.toContain('Version 3');
    // Neither started a process: the one that stamped before took them both.
    expect(stampWorkers.stats().started).toBe(started);

    // A file the worker refuses leaves it serving; one killed at the time limit is replaced, and the next is stamped.
    expect((await stamp(Buffer.from('%PDF-1.7\n<html></html>\n'))).unstamped).toMatch(/^unreadable: /);
    expect((await stamp(await pdfWithExpandingObjectStream(400 * MB), facts, { timeoutMs: 50 })).unstamped).toBe('stopped after 0.05 s');
    const after = await pdfWithPages(1);
    expect((await pagesOf(served(after, await stamp(after))))[1]).toContain('Version 3, issued 05 Nov 2026');
  }, 60_000);

  describe('the stamper', () => {
    const ok: StampOutcome = { appendix: Buffer.from('appendix') };
    it('when one file is downloaded again with the same facts, then its outcome is remembered; other facts are stamped anew', async () => {
      let runs = 0;
      const stamper = createCurrencyStamper({ ...limits, atOnce: 2, maxWaiting: 2, maxWaitMs: 10_000, remembered: 10 }, async () => {
        runs += 1;
        return ok;
      });
      const open = async () => Readable.from([Buffer.from('%PDF-')]);
      await Promise.all([stamper.stamp('a'.repeat(64), open, facts), stamper.stamp('a'.repeat(64), open, facts)]);
      expect(await stamper.stamp('a'.repeat(64), open, facts)).toBe(ok);
      expect(runs).toBe(1);
      await stamper.stamp('a'.repeat(64), open, { ...facts, version: 4 });
      await stamper.stamp(undefined, open, facts);
      expect(runs).toBe(3);
    });

    it('when more downloads wait than allowed, then the next is refused as busy and the ones waiting still get their page', async () => {
      const release: Array<() => void> = [];
      const stamper = createCurrencyStamper({ ...limits, atOnce: 1, maxWaiting: 1, maxWaitMs: 10_000, remembered: 10 }, () => new Promise<StampOutcome>((resolve) => release.push(() => resolve(ok))));
      const open = async () => Readable.from([Buffer.from('%PDF-')]);
      const first = stamper.stamp('1'.repeat(64), open, facts);
      const second = stamper.stamp('2'.repeat(64), open, facts);
      await expect(stamper.stamp('3'.repeat(64), open, facts)).rejects.toMatchObject({ rejection: { code: 'downloads-busy' } });
      await new Promise((resolve) => setTimeout(resolve, 10));
      release.shift()!();
      await expect(first).resolves.toBe(ok);
      await new Promise((resolve) => setTimeout(resolve, 10));
      release.shift()!();
      await expect(second).resolves.toBe(ok);
    });

    it('when a download waits for its turn longer than allowed, then it is refused as busy, not remembered, and the ones behind it still get their turn', async () => {
      const release: Array<() => void> = [];
      let runs = 0;
      const stamper = createCurrencyStamper({ ...limits, atOnce: 1, maxWaiting: 4, maxWaitMs: 50, remembered: 10 }, () => {
        runs += 1;
        return new Promise<StampOutcome>((resolve) => release.push(() => resolve(ok)));
      });
      const open = async () => Readable.from([Buffer.from('%PDF-')]);
      const first = stamper.stamp('1'.repeat(64), open, facts);
      await expect(stamper.stamp('2'.repeat(64), open, facts)).rejects.toMatchObject({ rejection: { code: 'downloads-busy' } });
      // Waiting again after the refusal: its turn comes once the first is done, and it is made then.
      const again = stamper.stamp('2'.repeat(64), open, facts);
      release.shift()!();
      await expect(first).resolves.toBe(ok);
      await new Promise((resolve) => setTimeout(resolve, 10));
      release.shift()!();
      await expect(again).resolves.toBe(ok);
      expect(runs).toBe(2);
    });
  });
});
