import { createHash } from 'node:crypto';
import type { LabelDocument } from '@ifu/projections';
import { COUNTRIES, LANGUAGES } from '@ifu/contracts';
import type { ChoiceReason } from './choose';

/**
 * The eIFU site's pages (issue 20): plain HTML from the server, no script, one small stylesheet, so that a phone on a
 * weak network that scanned a box has the leaflet's page at once (and a machine gets the status: 400, 404).
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f6f7f9}
header{background:#0b3d62;color:#fff;padding:.75rem 1rem}
header a{color:#fff}
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
@media (max-width:30rem){dl{grid-template-columns:1fr}dt{margin-top:.5rem}}
`.trim();

/** The stylesheet is the page's only style; the CSP names its hash, so nothing else can style or run. */
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
export const PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Every value a page shows goes through this: nothing a record holds can become markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2026-11-23` → `23 Nov 2026`: a date no reader can misread as month-first or day-first. */
export const readableDate = (isoDay: string) => {
  const [year, month, day] = isoDay.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''} ${year}`;
};

const COUNTRY_NAMES = new Map(COUNTRIES.map((c) => [c.code, c.name]));
const LANGUAGE_NAMES = new Map(LANGUAGES.map((l) => [l.code, l.name]));
const countryName = (code: string) => COUNTRY_NAMES.get(code.toUpperCase());
const languageName = (code: string) => LANGUAGE_NAMES.get(code.toLowerCase());

const names = (list: string, name: (code: string) => string) =>
  list
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
    .map((code) => name(code))
    .join(', ');
const languagesOf = (list: string) => names(list, (code) => languageName(code) ?? code);
const countriesOf = (list: string) => names(list, (code) => countryName(code) ?? code);

interface Layout {
  title: string;
  body: string;
  /** The address search engines and printed copies should use. */
  canonical?: string;
  /** The customer portal's home, linked from the header. */
  home: string;
}

export function page({ title, body, canonical, home }: Layout): string {
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : ''}
<style>${STYLE}</style>
</head>
<body>
<header><a href="${escapeHtml(home)}">Instructions for use</a></header>
<main>
${body}
</main>
<footer>Electronic instructions for use (EU 2021/2226). A paper copy is sent free of charge within 7 days on request.</footer>
</body>
</html>`;
}

/** A page that says what went wrong and where to go: unknown or malformed keys, a document no longer public. */
export function messagePage(input: { title: string; text: string; home: string; links?: { href: string; text: string }[] }): string {
  const links = (input.links ?? []).map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></li>`).join('');
  return page({
    title: input.title,
    home: input.home,
    body: `<h1>${escapeHtml(input.title)}</h1><p>${escapeHtml(input.text)}</p>${links ? `<ul>${links}</ul>` : ''}`,
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

const details = (d: LabelDocument) => `<dl>
<dt>Document</dt><dd>${escapeHtml(d.documentNumber)}</dd>
<dt>Version</dt><dd>${d.version}</dd>
<dt>Date of issue</dt><dd>${escapeHtml(readableDate(d.effectiveDate))}</dd>
${d.obsoleteDate ? `<dt>Replaced from</dt><dd>${escapeHtml(readableDate(d.obsoleteDate))}</dd>` : ''}
<dt>Part number</dt><dd>${escapeHtml(d.partNumber)}</dd>
<dt>IFU number</dt><dd>${escapeHtml(d.ifuNumber)}</dd>
${d.additionalLots ? `<dt>Also for lots</dt><dd>${escapeHtml(d.additionalLots.replaceAll(',', ', '))}</dd>` : ''}
<dt>Languages</dt><dd>${escapeHtml(languagesOf(d.languageList))}</dd>
<dt>Countries</dt><dd>${escapeHtml(countriesOf(d.countryList))}</dd>
<dt>What changed</dt><dd>${escapeHtml(d.changeDescription)}</dd>
</dl>`;

const download = (d: LabelDocument, links: DocumentLinks) =>
  d.openAccess
    ? `<p><a class="button" href="${escapeHtml(links.pdf(d))}">Download the PDF (version ${d.version})</a></p>`
    : `<p class="notice">${escapeHtml(d.customerName)} gives its instructions for use through a link sent by email.
<a href="${escapeHtml(links.customerPage(d))}">Ask for a link on ${escapeHtml(d.customerName)}'s page</a>.</p>`;

/**
 * A document's page (`/p/{documentNumber}` or `/v/{n}`): the version shown, a banner on a superseded one leading to
 * the current one, the download (or how to get one), the paper copy request, and every published version with its
 * dates and what changed.
 */
export function documentPage(input: { shown: LabelDocument; current: LabelDocument | undefined; versions: LabelDocument[]; links: DocumentLinks; home: string; canonical: string }): string {
  const { shown, current, links } = input;
  const superseded = current !== undefined && current.childDocumentId !== shown.childDocumentId;
  const banner = superseded
    ? `<div class="banner" role="note"><strong>This version has been replaced.</strong> Version ${shown.version} is kept for reference;
<a href="${escapeHtml(links.current(current))}">read the current version ${current.version} of ${escapeHtml(readableDate(current.effectiveDate))}</a>.</div>`
    : current === undefined
      ? `<div class="banner" role="note"><strong>This document is no longer published.</strong> Version ${shown.version} is kept for reference.</div>`
      : '';
  const published = input.versions.filter((v) => v.published).reverse();
  const versionItems = published
    .map(
      (v) => `<li class="card"><strong><a href="${escapeHtml(links.version(v))}">Version ${v.version}</a></strong>${v.current ? ' (current)' : ''}<br>
Issued ${escapeHtml(readableDate(v.effectiveDate))}${v.obsoleteDate ? `, replaced from ${escapeHtml(readableDate(v.obsoleteDate))}` : ''}<br>
${escapeHtml(v.changeDescription)}${v.openAccess ? `<br><a href="${escapeHtml(links.pdf(v))}">PDF of version ${v.version}</a>` : ''}</li>`,
    )
    .join('\n');
  return page({
    title: `${shown.productFamilyName}: ${shown.documentNumber} version ${shown.version}`,
    home: input.home,
    canonical: input.canonical,
    body: `${banner}
<h1>${escapeHtml(shown.productFamilyName)}</h1>
<p>Instructions for use from ${escapeHtml(shown.customerName)}</p>
<div class="card">${details(shown)}${download(shown, links)}
${current ? `<p><a href="${escapeHtml(links.paperCopy(current))}">Request a paper copy of the current version ${current.version}</a> (free of charge, sent within 7 days)</p>` : ''}</div>
<h2>All versions</h2>
<ul class="plain">${versionItems}</ul>`,
  });
}

const REASONS: Record<ChoiceReason, (keys: { lot?: string; serial?: string; country?: string }) => string> = {
  several: () => 'More than one leaflet fits this product. Choose yours:',
  'lot-not-listed': (keys) => `No leaflet names lot ${keys.lot ?? ''}. Check the lot on the label; these leaflets are published for this product:`,
  'serial-not-covered': (keys) => `No leaflet covers serial number ${keys.serial ?? ''}. These leaflets are published for this product and lot:`,
  'country-not-listed': (keys) => `No leaflet is published for ${countryName(keys.country ?? '') ?? keys.country ?? ''}. These leaflets exist for this product:`,
  'language-not-available': () => 'No leaflet is in your language. These languages are available:',
};

/** What exists for a device when the choice is not one leaflet: each with its lot, languages and countries. */
export function chooserPage(input: {
  gtin: string;
  keys: { lot?: string; serial?: string; country?: string };
  reason: ChoiceReason;
  documents: LabelDocument[];
  links: DocumentLinks;
  home: string;
}): string {
  const items = input.documents
    .map(
      (d) => `<li class="card"><a href="${escapeHtml(d.openAccess ? input.links.pdf(d) : input.links.current(d))}"><strong>${escapeHtml(d.productFamilyName)}</strong>, part ${escapeHtml(d.partNumber)}</a>
<dl><dt>IFU number</dt><dd>${escapeHtml(d.ifuNumber)}${d.additionalLots ? `, ${escapeHtml(d.additionalLots.replaceAll(',', ', '))}` : ''}</dd>
<dt>Languages</dt><dd>${escapeHtml(languagesOf(d.languageList))}</dd><dt>Countries</dt><dd>${escapeHtml(countriesOf(d.countryList))}</dd>
<dt>Version</dt><dd>${d.version}, issued ${escapeHtml(readableDate(d.effectiveDate))}</dd></dl>
<a href="${escapeHtml(input.links.current(d))}">About this document and its versions</a></li>`,
    )
    .join('\n');
  return page({
    title: `Instructions for use of GTIN ${input.gtin}`,
    home: input.home,
    body: `<h1>Instructions for use of GTIN ${escapeHtml(input.gtin)}</h1>
<p>${escapeHtml(REASONS[input.reason](input.keys))}</p>
<ul class="plain">${items}</ul>`,
  });
}
