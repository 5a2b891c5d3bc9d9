import { createHash } from 'node:crypto';
import { NOTICE_TEXTS } from './notice-texts';
import type { LabelDocument } from '@ifu/projections';
import { COUNTRIES, LANGUAGES } from '@ifu/contracts';
import type { ChoiceReason } from './choose';
import { PAGE_LANGUAGE_NAMES, PAGE_LANGUAGES, type PageLanguage, type PageTexts } from './page-texts';
import { SYMBOL_CODES, symbolsIn } from './symbols';

/**
 * The eIFU site's pages: plain HTML from the server, no script, one small stylesheet, so that a phone on a
 * weak network that scanned a box has the leaflet's page at once (and a machine gets the status: 400, 404).
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f6f7f9}
header{background:#0b3d62;color:#fff;padding:.75rem 1rem}
header a{color:#fff}
header nav ul{display:flex;flex-wrap:wrap;gap:.25rem .75rem;list-style:none;margin:.25rem 0 0;padding:0;font-size:.875rem}
header nav a[aria-current]{font-weight:700;text-decoration:none}
main{max-width:46rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
a{color:#0b4f8a}
dl{display:grid;grid-template-columns:minmax(7rem,max-content) 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
.card{background:#fff;border:1px solid #d0d5dd;border-radius:.5rem;padding:1rem;margin:0 0 1rem}
.banner{background:#fff4e5;border:2px solid #b54708;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem}
.notice{background:#eef4ff;border:1px solid #84adff;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem}
.button{display:inline-block;max-width:100%;overflow-wrap:anywhere;background:#0b4f8a;color:#fff;text-decoration:none;font-weight:600;padding:.75rem 1.25rem;border-radius:.375rem;margin:.25rem 0}
.button:focus,a:focus{outline:3px solid #f79009;outline-offset:2px}
ul.plain{list-style:none;padding:0;margin:0}
ul.plain>li{margin:0 0 .75rem}
footer{max-width:46rem;margin:0 auto;padding:1rem;color:#475467;font-size:.875rem}
address{font-style:normal}
.symbols .ref{font-weight:400;color:#475467}
@media (max-width:30rem){dl{grid-template-columns:1fr}dt{margin-top:.5rem}}
`.trim();

/**
 * The stylesheet is the page's only style; the CSP names its hash, so nothing else can style or run. connect-src
 * 'self' grants nothing to a page that runs no script; it lets a tool that fetches through the page's frame read the
 * site's own files (Lighthouse reads /robots.txt that way, and finds none under `default-src 'none'`).
 */
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
export const PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Every value a page shows goes through this: nothing a record holds can become markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DATES = new Map(PAGE_LANGUAGES.map((lang) => [lang, new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })]));
/**
 * `2026-11-23` → `23 Nov 2026` (`23. November 2026`, `23 novembre 2026`...): a date no reader can misread as
 * month-first or day-first, the month named in the page's language.
 */
export const readableDate = (isoDay: string, lang: PageLanguage = 'en') => {
  const [year, month, day] = isoDay.split('-');
  if (lang === 'en') return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''} ${year}`;
  const at = Date.UTC(Number(year), Number(month) - 1, Number(day));
  return Number.isNaN(at) ? isoDay : DATES.get(lang)!.format(at);
};

const COUNTRY_NAMES = new Map(COUNTRIES.map((c) => [c.code, c.name]));
const LANGUAGE_NAMES = new Map(LANGUAGES.map((l) => [l.code, l.name]));
const DISPLAY_NAMES = new Map(
  PAGE_LANGUAGES.map((lang) => [lang, { language: new Intl.DisplayNames([lang], { type: 'language' }), region: new Intl.DisplayNames([lang], { type: 'region' }) }]),
);
/** A known code's name in the page's language (the contract's English list for English), else undefined. */
const nameIn = (kind: 'language' | 'region', code: string, lang: PageLanguage): string | undefined => {
  const english = kind === 'region' ? COUNTRY_NAMES.get(code.toUpperCase()) : LANGUAGE_NAMES.get(code.toLowerCase());
  if (english === undefined || lang === 'en') return english;
  try {
    return DISPLAY_NAMES.get(lang)![kind].of(kind === 'region' ? code.toUpperCase() : code.toLowerCase()) ?? english;
  } catch {
    return english;
  }
};
const countryName = (code: string, lang: PageLanguage) => nameIn('region', code, lang);

const names = (list: string, name: (code: string) => string) =>
  list
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
    .map((code) => name(code))
    .join(', ');
const languagesOf = (list: string, lang: PageLanguage) => names(list, (code) => nameIn('language', code, lang) ?? code);
const countriesOf = (list: string, lang: PageLanguage) => names(list, (code) => countryName(code, lang) ?? code);

/** The reader's language on a page: its texts, and the links that keep it. */
export interface PageView {
  lang: PageLanguage;
  t: PageTexts;
  /** The switcher: the same address in each language (`?lang=`). */
  languageLinks: { lang: PageLanguage; href: string }[];
}

interface Layout {
  title: string;
  body: string;
  /** The address search engines and printed copies should use. */
  canonical?: string;
  /** The summary search engines show under the title; the site's footer sentence when a page has none of its own. */
  description?: string;
  /** The customer portal's home, linked from the header. */
  home: string;
  view: PageView;
}

const switcher = (view: PageView) =>
  `<nav aria-label="${escapeHtml(view.t.languages)}"><ul>${view.languageLinks
    .map(
      (link) =>
        `<li><a href="${escapeHtml(link.href)}" lang="${link.lang}" hreflang="${link.lang}"${link.lang === view.lang ? ' aria-current="true"' : ''}>${escapeHtml(PAGE_LANGUAGE_NAMES[link.lang])}</a></li>`,
    )
    .join('')}</ul></nav>`;

export function page({ title, body, canonical, description, home, view }: Layout): string {
  return `<!doctype html>
<html lang="${view.lang}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description ?? view.t.footer)}">
<link rel="icon" href="data:,">
${canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : ''}
<style>${STYLE}</style>
</head>
<body>
<header><a href="${escapeHtml(home)}">${escapeHtml(view.t.header)}</a>${switcher(view)}</header>
<main>
${body}
</main>
<footer>${escapeHtml(view.t.footer)}</footer>
</body>
</html>`;
}

/**
 * A page that says what went wrong and where to go: unknown or malformed keys, a document no longer public. Each one
 * leads to the paper copy the footer promises: `paperCopy`, else the page's home (the contact form, where a reader
 * without a document number asks for one).
 */
export function messagePage(input: { title: string; text: string; home: string; view: PageView; links?: { href: string; text: string }[]; paperCopy?: string }): string {
  const links = (input.links ?? []).map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></li>`).join('');
  const notice = NOTICE_TEXTS[input.view.lang];
  const paperCopy = `<p data-paper-copy><a href="${escapeHtml(input.paperCopy ?? input.home)}">${escapeHtml(notice.paperCopyRequest)}</a> ${escapeHtml(notice.paperCopyHow)}</p>`;
  return page({
    title: input.title,
    home: input.home,
    view: input.view,
    body: `<h1>${escapeHtml(input.title)}</h1><p>${escapeHtml(input.text)}</p>${links ? `<ul>${links}</ul>` : ''}${paperCopy}`,
  });
}

export interface DocumentLinks {
  /** `/p/{documentNumber}` of the current version, absolute. */
  current: (document: LabelDocument) => string;
  /** `/p/{documentNumber}/v/{n}`, absolute. */
  version: (document: LabelDocument) => string;
  /** The PDF of a version (open access only). */
  pdf: (document: LabelDocument) => string;
  /** The customer's page, where an emailed link is asked for. */
  customerPage: (document: LabelDocument) => string;
  /** The paper copy request for a version. */
  paperCopy: (document: LabelDocument) => string;
}

const details = (d: LabelDocument, { t, lang }: PageView) => `<dl>
<dt>${escapeHtml(t.document)}</dt><dd>${escapeHtml(d.documentNumber)}</dd>
<dt>${escapeHtml(t.version)}</dt><dd>${d.version}</dd>
<dt>${escapeHtml(t.dateOfIssue)}</dt><dd>${escapeHtml(readableDate(d.effectiveDate, lang))}</dd>
${d.obsoleteDate ? `<dt>${escapeHtml(t.replacedFrom)}</dt><dd>${escapeHtml(readableDate(d.obsoleteDate, lang))}</dd>` : ''}
<dt>${escapeHtml(t.partNumber)}</dt><dd>${escapeHtml(d.partNumber)}</dd>
<dt>${escapeHtml(t.ifuNumber)}</dt><dd>${escapeHtml(d.ifuNumber)}</dd>
${d.additionalLots ? `<dt>${escapeHtml(t.alsoForLots)}</dt><dd>${escapeHtml(d.additionalLots.replaceAll(',', ', '))}</dd>` : ''}
${d.gtin ? `<dt>${escapeHtml(t.udiDi)}</dt><dd>${escapeHtml(d.gtin)}</dd>` : ''}
<dt>${escapeHtml(t.languageList)}</dt><dd>${escapeHtml(languagesOf(d.languageList, lang))}</dd>
<dt>${escapeHtml(t.countryList)}</dt><dd>${escapeHtml(countriesOf(d.countryList, lang))}</dd>
<dt>${escapeHtml(t.whatChanged)}</dt><dd>${escapeHtml(d.changeDescription)}</dd>
</dl>`;

const download = (d: LabelDocument, links: DocumentLinks, { t }: PageView) =>
  d.openAccess
    ? `<p><a class="button" href="${escapeHtml(links.pdf(d))}">${escapeHtml(t.downloadPdf(String(d.version)))}</a></p>`
    : `<p class="notice">${escapeHtml(t.byEmail(d.customerName))}
<a href="${escapeHtml(links.customerPage(d))}">${escapeHtml(t.askForLink(d.customerName))}</a>.</p>`;

/**
 * What a document's page says besides the document (EU 2021/2226): the manufacturer, the label's symbols, what is
 * needed to read it, its accessibility, and how long it stays available; from the configuration (docs/product.md).
 */
export interface DocumentAbout {
  manufacturer?: { name: string; addressLines: string[] };
  symbols: readonly string[];
  retentionYears?: number;
  pdfReaderUrl: string;
}

/** The configuration's facts for the documents' pages; throws at start on a symbol it has no text for. */
export function documentAbout(config: { MANUFACTURER_NAME?: string; MANUFACTURER_ADDRESS?: string; IFU_SYMBOLS: string[]; IFU_RETENTION_YEARS?: number; PDF_READER_URL: string }): DocumentAbout {
  const unknown = config.IFU_SYMBOLS.filter((code) => !SYMBOL_CODES.includes(code));
  if (unknown.length > 0) throw new Error(`IFU_SYMBOLS: no text for ${unknown.join(', ')}; known: ${SYMBOL_CODES.join(', ')}`);
  return {
    ...(config.MANUFACTURER_NAME
      ? { manufacturer: { name: config.MANUFACTURER_NAME, addressLines: (config.MANUFACTURER_ADDRESS ?? '').split('|').map((line) => line.trim()).filter(Boolean) } }
      : {}),
    symbols: config.IFU_SYMBOLS,
    ...(config.IFU_RETENTION_YEARS ? { retentionYears: config.IFU_RETENTION_YEARS } : {}),
    pdfReaderUrl: config.PDF_READER_URL,
  };
}

const aboutSections = (about: DocumentAbout, { t, lang }: PageView) => {
  const sections: string[] = [];
  if (about.manufacturer) {
    const { name, addressLines } = about.manufacturer;
    sections.push(`<h2>${escapeHtml(t.manufacturer)}</h2>
<address class="card">${[name, ...addressLines].map(escapeHtml).join('<br>')}</address>`);
  }
  const symbols = symbolsIn(about.symbols, lang);
  if (symbols.length > 0) {
    sections.push(`<h2>${escapeHtml(t.symbolsTitle)}</h2>
<p>${escapeHtml(t.symbolsIntro)}</p>
<dl class="card symbols">${symbols.map((s) => `<dt>${escapeHtml(s.title)} <span class="ref">(ISO 15223-1, ${escapeHtml(s.code)})</span></dt><dd>${escapeHtml(s.meaning)}</dd>`).join('\n')}</dl>`);
  }
  sections.push(`<h2>${escapeHtml(t.readingTitle)}</h2>
<p>${escapeHtml(t.readingText)} <a href="${escapeHtml(about.pdfReaderUrl)}" rel="noopener">${escapeHtml(t.pdfReader)}</a>.</p>`);
  if (about.retentionYears) sections.push(`<h2>${escapeHtml(t.retentionTitle)}</h2>
<p>${escapeHtml(t.retention(String(about.retentionYears)))}</p>`);
  sections.push(`<h2>${escapeHtml(t.accessibilityTitle)}</h2>
<p>${escapeHtml(t.accessibilityText)}</p>`);
  return sections.join('\n');
};

/**
 * A document's page (`/p/{documentNumber}` or `/v/{n}`): the version shown, a banner on a superseded one leading to
 * the current one, the download (or how to get one), the paper copy request, and every published version with its
 * dates and what changed.
 */
export function documentPage(input: {
  shown: LabelDocument;
  current: LabelDocument | undefined;
  versions: LabelDocument[];
  links: DocumentLinks;
  home: string;
  canonical: string;
  view: PageView;
  about: DocumentAbout;
}): string {
  const { shown, current, links, view } = input;
  const { t, lang } = view;
  const superseded = current !== undefined && current.childDocumentId !== shown.childDocumentId;
  const banner = superseded
    ? `<div class="banner" role="note"><strong>${escapeHtml(t.replaced)}</strong> ${escapeHtml(t.keptForReference(String(shown.version)))};
<a href="${escapeHtml(links.current(current))}">${escapeHtml(t.readCurrent(String(current.version), readableDate(current.effectiveDate, lang)))}</a>.</div>`
    : current === undefined
      ? `<div class="banner" role="note"><strong>${escapeHtml(t.noLongerPublishedBanner)}</strong> ${escapeHtml(t.keptForReference(String(shown.version)))}.</div>`
      : '';
  const published = input.versions.filter((v) => v.published).reverse();
  const versionItems = published
    .map(
      (v) => `<li class="card"><strong><a href="${escapeHtml(links.version(v))}">${escapeHtml(t.versionN(String(v.version)))}</a></strong>${v.current ? ` ${escapeHtml(t.currentMark)}` : ''}<br>
${escapeHtml(t.issued(readableDate(v.effectiveDate, lang)))}${v.obsoleteDate ? `, ${escapeHtml(t.replacedFromDate(readableDate(v.obsoleteDate, lang)))}` : ''}<br>
${escapeHtml(v.changeDescription)}${v.openAccess ? `<br><a href="${escapeHtml(links.pdf(v))}">${escapeHtml(t.pdfOfVersion(String(v.version)))}</a>` : ''}</li>`,
    )
    .join('\n');
  return page({
    title: t.documentTitle(shown.productFamilyName, shown.documentNumber, String(shown.version)),
    // What a search result should say: whose leaflet, for which product and part (the texts of the page itself).
    description: `${t.from(shown.customerName)}: ${shown.productFamilyName}, ${t.part(shown.partNumber)}, ${t.ifuNumber} ${shown.ifuNumber}.`,
    home: input.home,
    canonical: input.canonical,
    view,
    body: `${banner}
<h1>${escapeHtml(shown.productFamilyName)}</h1>
<p>${escapeHtml(t.from(shown.customerName))}</p>
<div class="card">${details(shown, view)}${download(shown, links, view)}
${current ? `<p><a href="${escapeHtml(links.paperCopy(current))}">${escapeHtml(t.paperCopy(String(current.version)))}</a> ${escapeHtml(t.paperCopyTerms)}</p>` : ''}</div>
<h2>${escapeHtml(t.allVersions)}</h2>
<ul class="plain">${versionItems}</ul>
${aboutSections(input.about, view)}`,
  });
}

/** What exists for a device when the choice is not one leaflet: each with its lot, languages and countries. */
export function chooserPage(input: {
  gtin: string;
  keys: { lot?: string; serial?: string; country?: string };
  reason: ChoiceReason;
  documents: LabelDocument[];
  links: DocumentLinks;
  home: string;
  view: PageView;
}): string {
  const { t, lang } = input.view;
  const items = input.documents
    .map(
      (d) => `<li class="card"><a href="${escapeHtml(d.openAccess ? input.links.pdf(d) : input.links.current(d))}"><strong>${escapeHtml(d.productFamilyName)}</strong>, ${escapeHtml(t.part(d.partNumber))}</a>
<dl><dt>${escapeHtml(t.ifuNumber)}</dt><dd>${escapeHtml(d.ifuNumber)}${d.additionalLots ? `, ${escapeHtml(d.additionalLots.replaceAll(',', ', '))}` : ''}</dd>
<dt>${escapeHtml(t.languageList)}</dt><dd>${escapeHtml(languagesOf(d.languageList, lang))}</dd><dt>${escapeHtml(t.countryList)}</dt><dd>${escapeHtml(countriesOf(d.countryList, lang))}</dd>
<dt>${escapeHtml(t.version)}</dt><dd>${escapeHtml(t.versionIssued(String(d.version), readableDate(d.effectiveDate, lang)))}</dd></dl>
<a href="${escapeHtml(input.links.current(d))}">${escapeHtml(t.aboutDocument)}</a></li>`,
    )
    .join('\n');
  const keys = { lot: input.keys.lot ?? '', serial: input.keys.serial ?? '', country: countryName(input.keys.country ?? '', lang) ?? input.keys.country ?? '' };
  return page({
    title: t.gtinTitle(input.gtin),
    home: input.home,
    view: input.view,
    body: `<h1>${escapeHtml(t.gtinTitle(input.gtin))}</h1>
<p>${escapeHtml(t.reasons[input.reason](keys))}</p>
<ul class="plain">${items}</ul>`,
  });
}
