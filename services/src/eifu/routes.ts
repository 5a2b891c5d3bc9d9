import { type Request, type Response, Router } from 'express';
import { DigitalLink } from './gs1-digital-link';
import { COUNTRY_CODES, gtin14, gtinProblem, LANGUAGE_CODES, LINE_CONTROL_CHARACTERS, LOT_PATTERN } from '@ifu/contracts';
import { findDocumentVersionsByNumber, findPublicDocumentsByGtin, type LabelDocument } from '@ifu/projections';
import { publicFileLimit, sendStoredFile } from '../files';
import type { Database } from '@ifu/storage/database/database';
import type { AppContext } from '../platform/app-context';
import { searchUrlOf } from '../customers';
import { publicToday } from './public-today';
import { chooseLeaflet, parseAcceptLanguage } from './choose';
import { digitalLinkOf, permalinkOf } from './labels';
import { countOpenDownload } from './open-downloads';
import { currencyPageFor, markStamp } from './stamped-download';
import { PAGE_LANGUAGES, PAGE_TEXTS, pageLanguageOf, type PageTexts } from './page-texts';
import { chooserPage, documentAbout, type DocumentLinks, documentPage, messagePage, PAGE_CSP, type PageView } from './pages';

const LINK_TYPE = /^[A-Za-z0-9:/._#-]{1,100}$/;
/** A Digital Link path this resolver reads: the GTIN, a lot and a serial; anything longer is not one of ours. */
const MAX_PATH = 200;
const DOCUMENT_NUMBER = /^[A-Za-z0-9-]{1,60}$/;
const VERSION_NUMBER = /^[1-9][0-9]{0,5}$/;

/** What `queryText` answers for a value too long or holding a control character: no code or link type matches it. */
const UNREADABLE = '\u0000';

/**
 * `?name=` as one string, trimmed, or undefined when absent (or repeated). A value longer than `max` or holding a
 * control character is not dropped as if absent: it comes back as `UNREADABLE`, which every check refuses (400).
 */
const queryText = (req: Request, name: string, max: number): string | undefined => {
  const value = req.query[name];
  if (typeof value !== 'string') return undefined;
  return value.length > max || LINE_CONTROL_CHARACTERS.test(value) ? UNREADABLE : value.trim();
};

/** The longest path the language switcher links again; a longer one (only ever a refused address) links the site. */
const MAX_KEPT_PATH = 200;

/** A query longer than this is not carried into the language switcher's links (the switcher then links to the path). */
const MAX_KEPT_QUERY = 500;

/** `href` with `?lang=` when the reader gave one: the next page is then in their language too. */
const withLang = (href: string, lang: string | undefined) => (lang ? `${href}${href.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}` : href);

/** The address asked for, in each of the pages' languages: the same path and query, `lang` replaced. */
function languageLinks(req: Request): PageView['languageLinks'] {
  const [asked = '/', query = ''] = req.originalUrl.split('?', 2);
  const path = asked.length <= MAX_KEPT_PATH ? asked : '/contactus';
  const kept = path === asked && query.length <= MAX_KEPT_QUERY ? query.split('&').filter((part) => part !== '' && part.split('=')[0] !== 'lang') : [];
  return PAGE_LANGUAGES.map((lang) => ({ lang, href: `${path}?${[...kept, `lang=${lang}`].join('&')}` }));
}

/**
 * The eIFU site (EU 2021/2226) on the public domain: the GS1 Digital Link resolver (`/01/{gtin}`, with
 * `/10/{lot}` and `/21/{serial}`) and the permalinks (`/p/{documentNumber}`, `/p/{documentNumber}/v/{n}`). Pages for
 * people, the status for machines (400 malformed, 404 unknown), a JSON linkset with `linkType=all`.
 */
export function eifuRoutes(ctx: AppContext): Router {
  const router = Router();
  const base = ctx.config.PUBLIC_CUSTOMER_URL;
  // The header leads to the customer's page when the page is about one customer's documents; otherwise to Contact
  // US, a page of the portal every visitor can use (the portal's root is its not-found page).
  const home = `${base}/contactus`;
  const homeOf = (documents: readonly LabelDocument[], lang: string | undefined) =>
    documents.length > 0 && documents.every((d) => d.customerId === documents[0]!.customerId) ? linksFor(lang).customerPage(documents[0]!) : withLang(home, lang);
  /** The links of a page; each keeps the reader's `?lang=` (the customer portal reads it too). */
  const linksFor = (lang: string | undefined): DocumentLinks => ({
    current: (d) => withLang(permalinkOf(ctx.config, d.documentNumber), lang),
    version: (d) => withLang(permalinkOf(ctx.config, d.documentNumber, d.version), lang),
    pdf: (d) => withLang(`${permalinkOf(ctx.config, d.documentNumber, d.version)}/pdf`, lang),
    customerPage: (d) => withLang(searchUrlOf(ctx.config, d.customerName), lang),
    paperCopy: (d) => withLang(`${base}/paperCopy/${encodeURIComponent(d.documentNumber)}?version=${d.version}`, lang),
  });
  /** The manufacturer, symbols, retention the documents' pages state (configuration). */
  const about = documentAbout(ctx.config);
  /** The linkset and the canonical addresses name no language. */
  const links = linksFor(undefined);

  /** A page in the reader's language: `?lang=` first, then Accept-Language, else English. */
  const viewOf = (req: Request): PageView => {
    const lang = pageLanguageOf(readerOf(req).languages);
    return { lang, t: PAGE_TEXTS[lang], languageLinks: languageLinks(req) };
  };

  const html = (res: Response, status: number, body: string) => {
    res.status(status).setHeader('Content-Security-Policy', PAGE_CSP);
    res.setHeader('Cache-Control', 'no-cache');
    // The page's language follows Accept-Language when ?lang= does not name one.
    res.setHeader('Vary', 'Accept-Language');
    res.type('html').send(body);
  };
  type Problem = { title: string; text: string; links?: { href: string; text: string }[] };
  const problem = (req: Request, res: Response, status: 400 | 403 | 404, say: (t: PageTexts) => Problem) => {
    const view = viewOf(req);
    const { title, text, links: extra } = say(view.t);
    if (req.accepts(['html', 'json']) === 'json') {
      res.status(status).json({ message: `${title}. ${text}` });
      return;
    }
    html(res, status, messagePage({ title, text, home: withLang(home, readerOf(req).lang), view, links: extra }));
  };

  /** The reader's languages and country: `?lang=` and `?country=` first, then the browser's Accept-Language. */
  const readerOf = (req: Request) => {
    const accepted = parseAcceptLanguage(req.get('accept-language'));
    const lang = queryText(req, 'lang', 10)?.toLowerCase();
    const country = queryText(req, 'country', 10)?.toUpperCase();
    return {
      lang: lang !== undefined && LANGUAGE_CODES.has(lang) ? lang : undefined,
      langGiven: lang !== undefined && lang !== '',
      languages: [...new Set([...(lang && LANGUAGE_CODES.has(lang) ? [lang] : []), ...accepted.languages.filter((l) => LANGUAGE_CODES.has(l))])],
      country: country && COUNTRY_CODES.has(country) ? country : accepted.region && COUNTRY_CODES.has(accepted.region) ? accepted.region : undefined,
      countryAsked: country !== undefined && country !== '' && COUNTRY_CODES.has(country),
      countryGiven: country !== undefined && country !== '',
    };
  };

  // ---- GS1 Digital Link: /01/{gtin}[/10/{lot}][/21/{serial}]
  router.get(/^\/01\//, async (req, res) => {
    if (req.path.length > MAX_PATH) {
      problem(req, res, 400, (t) => ({ title: t.notProductAddress, text: t.pathTooLong }));
      return;
    }
    const reader = readerOf(req);
    if ((reader.langGiven && !reader.lang) || (reader.countryGiven && !reader.countryAsked)) {
      problem(req, res, 400, (t) => ({ title: t.unknownLanguageOrCountry, text: t.languageOrCountryFormat }));
      return;
    }
    const linkType = queryText(req, 'linkType', 100);
    if (linkType !== undefined && !LINK_TYPE.test(linkType)) {
      problem(req, res, 400, (t) => ({ title: t.unknownLinkType, text: t.linkTypeFormat }));
      return;
    }
    // The path as GS1's own parser reads it (grammar and check digits); the query is ours, read above.
    const segments = req.path.split('/').slice(1);
    let gtinText = '';
    try {
      gtinText = decodeURIComponent(segments[1] ?? '');
    } catch {
      // A broken %-escape: not a GTIN either.
    }
    const gtinIssue = gtinProblem(gtinText);
    if (gtinIssue) {
      problem(req, res, 400, (t) => ({ title: t.notValidGtin, text: `${gtinIssue}.` }));
      return;
    }
    let keys: { gtin: string; lot?: string; serial?: string };
    try {
      const parsed = DigitalLink(`${base}${req.path}`);
      const qualifiers = parsed.getKeyQualifiers();
      const unknown = Object.keys(qualifiers).filter((key) => key !== '10' && key !== '21' && key !== '22');
      if (!parsed.isValid() || unknown.length > 0) throw new Error('not valid');
      keys = { gtin: gtin14(gtinText), lot: qualifiers['10'], serial: qualifiers['21'] };
    } catch {
      problem(req, res, 400, (t) => ({ title: t.notValidDigitalLink, text: t.digitalLinkFormat }));
      return;
    }
    if ((keys.lot !== undefined && !LOT_PATTERN.test(keys.lot)) || (keys.serial !== undefined && !LOT_PATTERN.test(keys.serial))) {
      problem(req, res, 400, (t) => ({ title: t.notValidDigitalLink, text: t.lotFormat }));
      return;
    }

    const documents = await findPublicDocumentsByGtin(await ctx.reads.for(req), keys.gtin, publicToday(ctx.clock()));
    const anchor = digitalLinkOf(ctx.config, keys.gtin, keys.lot);
    res.setHeader('Link', `<${anchor}?linkType=all>; rel="linkset"; type="application/linkset+json"`);
    if (documents.length === 0) {
      problem(req, res, 404, (t) => ({ title: t.noInstructions, text: t.noInstructionsFor(keys.gtin) }));
      return;
    }

    if (linkType === 'all') {
      res.setHeader('Cache-Control', 'no-cache');
      res.type('application/linkset+json').send(JSON.stringify(linksetOf(anchor, documents, links)));
      return;
    }
    // Only instructions for use (gs1:instructions, the default) are published here: any other link type is answered
    // with the default link, as the GS1 resolution standard asks.
    const resolution = chooseLeaflet(documents, { lot: keys.lot, serial: keys.serial, languages: reader.languages, country: reader.country, countryAsked: reader.countryAsked });
    if (resolution.kind === 'one') {
      const document = resolution.document;
      res.setHeader('Vary', 'Accept-Language');
      res.redirect(307, document.openAccess ? `${links.pdf(document)}?via=digital-link${reader.lang ? `&lang=${reader.lang}` : ''}` : links.current(document));
      return;
    }
    html(
      res,
      200,
      chooserPage({ gtin: keys.gtin, keys: { lot: keys.lot, serial: keys.serial, country: reader.country }, reason: resolution.reason, documents: resolution.documents, links: linksFor(reader.lang), home: homeOf(resolution.documents, reader.lang), view: viewOf(req) }),
    );
  });

  // ---- Permalinks: /p/{documentNumber}, /p/{documentNumber}/v/{n}, and a version's PDF
  /** The pages read where `ctx.reads` says; the PDF, whose download is recorded, reads the primary (`from`). */
  const versionsOf = async (req: Request, res: Response, from?: Database): Promise<LabelDocument[] | undefined> => {
    const documentNumber = String(req.params.documentNumber);
    if (!DOCUMENT_NUMBER.test(documentNumber)) {
      problem(req, res, 400, (t) => ({ title: t.notDocumentNumber, text: t.documentNumberFormat }));
      return undefined;
    }
    const versions = await findDocumentVersionsByNumber(from ?? (await ctx.reads.for(req)), documentNumber, publicToday(ctx.clock()));
    if (!versions || !versions.some((v) => v.published)) {
      problem(req, res, 404, (t) => ({ title: t.documentNotFound, text: t.noDocumentNumbered(documentNumber) }));
      return undefined;
    }
    return versions;
  };
  const versionNamed = (req: Request, res: Response, versions: LabelDocument[]): LabelDocument | undefined => {
    const n = String(req.params.n);
    const version = VERSION_NUMBER.test(n) ? versions.find((v) => v.version === Number(n) && v.published) : undefined;
    if (!version) {
      problem(req, res, 404, (t) => ({
        title: t.versionNotFound,
        text: t.noVersion(n.slice(0, 10)),
        links: [{ href: linksFor(readerOf(req).lang).current(versions.at(-1)!), text: t.documentAndVersions }],
      }));
    }
    return version;
  };

  router.get('/p/:documentNumber', async (req, res) => {
    const versions = await versionsOf(req, res);
    if (!versions) return;
    const current = versions.find((v) => v.current);
    if (!current) {
      problem(req, res, 404, (t) => ({ title: t.noLongerPublished, text: t.notPublishedNow }));
      return;
    }
    const lang = readerOf(req).lang;
    html(res, 200, documentPage({ shown: current, current, versions, links: linksFor(lang), home: homeOf([current], lang), canonical: links.current(current), view: viewOf(req), about }));
  });

  router.get('/p/:documentNumber/v/:n', async (req, res) => {
    const versions = await versionsOf(req, res);
    if (!versions) return;
    const shown = versionNamed(req, res, versions);
    if (!shown) return;
    const lang = readerOf(req).lang;
    html(res, 200, documentPage({ shown, current: versions.find((v) => v.current), versions, links: linksFor(lang), home: homeOf([shown], lang), canonical: links.version(shown), view: viewOf(req), about }));
  });

  router.get('/p/:documentNumber/v/:n/pdf', publicFileLimit(ctx), async (req, res) => {
    const versions = await versionsOf(req, res, ctx.db);
    if (!versions) return;
    const shown = versionNamed(req, res, versions);
    if (!shown) return;
    if (!shown.openAccess) {
      problem(req, res, 403, (t) => ({
        title: t.emailLinkNeeded,
        text: t.byEmail(shown.customerName),
        links: [{ href: linksFor(readerOf(req).lang).customerPage(shown), text: t.askForLink(shown.customerName) }],
      }));
      return;
    }
    const reader = readerOf(req);
    // The currency page first: a download refused while many are prepared (503) is not counted.
    const stamp = await currencyPageFor(ctx, shown.sha256, {
      kind: 'version',
      permalink: links.version(shown),
      currentPermalink: links.current(shown),
      version: shown.version,
      issued: shown.effectiveDate.slice(0, 10),
      lang: viewOf(req).lang,
    });
    await countOpenDownload(ctx, {
      childDocumentId: shown.childDocumentId,
      documentNumber: shown.documentNumber,
      parentChangeId: shown.parentChangeId,
      customerId: shown.customerId,
      version: shown.version,
      country: reader.country ?? null,
      language: reader.languages[0] ?? null,
      via: req.query.via === 'digital-link' ? 'digital-link' : 'permalink',
      sha256: shown.sha256,
    });
    markStamp(res, stamp);
    await sendStoredFile(res, ctx.files, { sha256: shown.sha256, contentType: 'application/pdf' }, { cacheControl: 'private, no-store', filename: shown.docName, append: stamp.appendix });
  });

  return router;
}

/** The device's link set (RFC 9264, as GS1 resolvers answer `linkType=all`): each public leaflet as an instructions link. */
function linksetOf(anchor: string, documents: LabelDocument[], links: DocumentLinks) {
  return {
    linkset: [
      {
        anchor,
        'https://gs1.org/voc/instructions': documents.map((d) => ({
          href: d.openAccess ? links.pdf(d) : links.current(d),
          title: `${d.productFamilyName}, part ${d.partNumber}, IFU ${d.ifuNumber}, version ${d.version}`,
          hreflang: d.languageList.split(',').filter(Boolean),
          type: d.openAccess ? 'application/pdf' : 'text/html',
        })),
        'https://gs1.org/voc/defaultLink': [{ href: links.current(documents[0]!) }],
      },
    ],
  };
}
