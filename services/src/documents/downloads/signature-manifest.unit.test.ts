import { describe, expect, it } from 'vitest';
import { degrees, PDFDocument, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { makePdf } from '../../../../test-support/documents';
import { type ManifestInput, type ManifestSignature, ManifestUnavailable, withSignatureManifest } from './signature-manifest';

const SHA = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const signature = (name: string, overrides: Partial<ManifestSignature> = {}): ManifestSignature => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  signedAt: '2026-11-23T15:04:05.123Z',
  meaning: 'authorship',
  ...overrides,
});
const manifest = (overrides: Partial<ManifestInput> = {}): ManifestInput => ({
  documentId: 'CO-2026-00042',
  documentNumber: 'CO-2026-00042-01',
  approvalRoutingNumber: 'AR-2026-00042',
  productFamilyName: 'Cardio Catheter',
  docName: 'catheter-ifu-de.pdf',
  sha256: SHA,
  signatures: [
    signature('Ada Author', { signedAt: '2026-11-20T09:00:00.000Z' }),
    signature('Alma Approver', { signedAt: '2026-11-23T15:04:05.000Z', meaning: 'approval' }),
  ],
  generatedAt: new Date('2026-11-24T08:30:00.000Z'),
  ...overrides,
});

/** The text of each page, whitespace runs collapsed (pdf.js reads each drawn line as its own item). */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  // A copy: pdf.js may take over the buffer it is given.
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' ').trim());
}

/** A PDF of pages of the given sizes, each saying which page it is. */
async function pagesOf(...sizes: Array<[number, number]>): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  sizes.forEach((size, index) => pdf.addPage(size).drawText(`Original page ${index + 1} of the IFU`, { x: 40, y: 100, size: 12, font }));
  return pdf.save();
}

describe('signature manifest', () => {
  it('when a PDF is signed, then one last page names every signer, meaning and time, the numbers and the checksum', async () => {
    const original = await makePdf('Instructions for use', 'Keep dry');

    const signed = await withSignatureManifest(original, manifest());

    const pages = await pageTexts(signed);
    expect(pages).toHaveLength(2);
    const last = pages[1]!;
    for (const expected of [
      'Electronic signature manifest',
      'Ada Author',
      'ada.author@example.com',
      'Authorship',
      '20-Nov-2026 09:00:00 UTC',
      'Alma Approver',
      'alma.approver@example.com',
      'Approval',
      '23-Nov-2026 15:04:05 UTC',
      'CO-2026-00042',
      'CO-2026-00042-01',
      'AR-2026-00042',
      'Cardio Catheter',
      'catheter-ifu-de.pdf',
      SHA,
      'Generated 24-Nov-2026 08:30:00 UTC. The stored original is unchanged; its SHA-256 is above.',
    ]) {
      expect(last).toContain(expected);
    }
    // Oldest first, as given: the authorship before the approval.
    expect(last.indexOf('Ada Author')).toBeLessThan(last.indexOf('Alma Approver'));
  });

  it('when a PDF is signed, then its own pages keep their text and the manifest has the size of the last one', async () => {
    const original = await pagesOf([595.28, 841.89], [612, 792]);

    const signed = await withSignatureManifest(original, manifest());

    const [before, after] = [await pageTexts(original), await pageTexts(signed)];
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(0, before.length)).toEqual(before);
    const reread = await PDFDocument.load(signed);
    expect(reread.getPages().map((page) => page.getSize())).toEqual([
      { width: 595.28, height: 841.89 },
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);
  });

  it('when the last page is turned, then the manifest is laid out the way that page is shown', async () => {
    const pdf = await PDFDocument.load(await pagesOf([595.28, 841.89]));
    pdf.getPage(0).setRotation(degrees(90));

    const signed = await PDFDocument.load(await withSignatureManifest(await pdf.save(), manifest()));

    const added = signed.getPages().at(-1)!;
    expect([added.getSize(), added.getRotation().angle]).toEqual([{ width: 841.89, height: 595.28 }, 0]);
  });

  it('when a PDF has no pages, then the manifest is an A4 page', async () => {
    const empty = await PDFDocument.create();

    const signed = await PDFDocument.load(await withSignatureManifest(await empty.save({ addDefaultPage: false }), manifest()));

    expect(signed.getPages().map((page) => page.getSize())).toEqual([{ width: 595.28, height: 841.89 }]);
  });

  it('when a PDF is signed, then the bytes given are not changed', async () => {
    const original = await makePdf('Instructions for use');
    const copy = Buffer.from(original);

    await withSignatureManifest(original, manifest());

    expect(original.equals(copy)).toBe(true);
  });

  it('when names hold characters Helvetica cannot print, then they are simplified or replaced, never refused', async () => {
    const input = manifest({
      productFamilyName: 'Kardio\u200b Katheter \u2013 Größe',
      docName: 'ifu-\u0627\u0644\u0639\u0631\u0628\u064a\u0629.pdf',
      signatures: [signature('Zoë Ωmega 李', { email: 'zoe@example.com' }), signature('Ŝtefan\nŁukasz 😀 Dvořák', { email: 'stefan@example.com', meaning: 'approval' })],
    });

    const last = (await pageTexts(await withSignatureManifest(await makePdf('IFU'), input))).at(-1)!;

    // What WinAnsi has stays (ë, á, ö, ß, –); accents it lacks go (Ŝ, ř); the rest prints as '?' (Ł has no
    // decomposition); a line break in a name is a space and a zero-width space goes.
    for (const expected of ['Zoë ?mega ?', 'Stefan ?ukasz ? Dvorák', 'Kardio Katheter – Größe', 'ifu-???????.pdf']) expect(last).toContain(expected);
  });

  it('when a value is longer than the page is wide, then it wraps onto further lines and all of it is printed', async () => {
    const docName = `${'very-long-file-name-'.repeat(20)}end.pdf`;

    const last = (await pageTexts(await withSignatureManifest(await makePdf('IFU'), manifest({ docName })))).at(-1)!;

    // pdf.js joins the wrapped lines with a space; without the spaces the name is whole.
    expect(last.replace(/ /g, '')).toContain(docName);
  });

  it('when there are 40 signatures, then the manifest runs over more than one page and names all of them', async () => {
    const signatures = Array.from({ length: 40 }, (_, index) => signature(`Signer Number ${String(index + 1).padStart(2, '0')}`));

    const pages = await pageTexts(await withSignatureManifest(await makePdf('IFU'), manifest({ signatures })));

    expect(pages.length).toBeGreaterThan(2);
    const manifestPages = pages.slice(1);
    expect(manifestPages[0]).toContain('Electronic signature manifest');
    for (const page of manifestPages) expect(page).toMatch(/Signer Number \d\d/);
    const all = manifestPages.join(' ');
    for (const { name } of signatures) expect(all).toContain(name);
    expect(manifestPages.at(-1)).toContain('The stored original is unchanged');
  });

  it('when the PDF is encrypted, then ManifestUnavailable says so', async () => {
    // pdf-lib cannot encrypt; a trailer that names an /Encrypt dictionary is what readers, and pdf-lib, go by.
    const pdf = await PDFDocument.load(await makePdf('Secret IFU'));
    pdf.context.trailerInfo.Encrypt = pdf.context.register(pdf.context.obj({ Filter: PDFName.of('Standard'), V: 1, R: 2, P: -4 }));
    const encrypted = await pdf.save({ useObjectStreams: false });

    const attempt = withSignatureManifest(encrypted, manifest());

    await expect(attempt).rejects.toBeInstanceOf(ManifestUnavailable);
    await expect(attempt).rejects.toThrow('The signature manifest cannot be added: the PDF is encrypted');
  });

  it('when the page tree is broken where pdf-lib only looks when adding a page, then ManifestUnavailable says so', async () => {
    const pdf = await PDFDocument.load(await makePdf('IFU'));
    pdf.catalog.Pages().set(PDFName.of('Count'), PDFNumber.of(0));
    const broken = await pdf.save();

    const attempt = withSignatureManifest(broken, manifest());

    await expect(attempt).rejects.toBeInstanceOf(ManifestUnavailable);
    await expect(attempt).rejects.toThrow('the PDF page tree cannot take a page');
  });

  it.each([
    ['bytes that are not a PDF', new TextEncoder().encode('GIF89a not a document')],
    ['no bytes', new Uint8Array(0)],
    // pdf-lib loads a bare header without complaint; the missing page tree only shows later.
    ['a PDF header and nothing else', new TextEncoder().encode('%PDF-1.7\n%%EOF\n')],
  ])('when given %s, then ManifestUnavailable says the PDF cannot be read', async (_, bytes) => {
    const attempt = withSignatureManifest(bytes, manifest());

    await expect(attempt).rejects.toBeInstanceOf(ManifestUnavailable);
    await expect(attempt).rejects.toThrow('The signature manifest cannot be added: the PDF cannot be read');
  });
});
