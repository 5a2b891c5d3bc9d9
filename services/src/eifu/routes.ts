import { type Request, type Response, Router } from 'express';
import { COMPRESSED_SEGMENT as COMPRESSED_PATH, DigitalLink } from './gs1-digital-link';
import { COUNTRY_CODES, gtin14, gtinProblem, LANGUAGE_CODES, LINE_CONTROL_CHARACTERS, LOT_PATTERN } from '@ifu/contracts';
import { findDocumentVersionsByNumber, findPublicDocumentsByGtin, type LabelDocument } from '@ifu/projections';
import { publicFileLimit, sendStoredFile } from '../files';
import type { Database } from '@ifu/storage/database/database';
import type { AppContext } from '../platform/app-context';
import { answeredNotModified, PUBLIC_REVALIDATE, weakEtagOf } from '../platform/conditional';
import { searchUrlOf } from '../customers';
import { publicToday } from './public-today';
import { chooseLeaflet, coversLot, parseAcceptLanguage } from './choose';
import { digitalLinkOf, permalinkOf } from './labels';
import { countOpenDownload } from './open-downloads';
import { currencyPageFor, markStamp } from './stamped-download';
import { PAGE_LANGUAGES, PAGE_TEXTS, pageLanguageOf, type PageTexts } from './page-texts';
import { chooserPage, documentAbout, type DocumentLinks, documentPage, messagePage, PAGE_CSP, type PageView } from './pages';
import { RESOLVER_DESCRIPTION_PATH, isResolverPath, uncompressedPathOf } from './resolver-paths';
import { upcomingForDocument, upcomingForGtin, type UpcomingNotice } from './not-yet-effective';

const LINK_TYPE = /^[A-Za-z0-9:/._#-]{1,100}$/;
/** The GS1 Web Vocabulary's namespaces a link type may be written in; `gs1:` is its prefix. */
const GS1_VOCABULARY = ['https://gs1.org/voc/', 'https://ref.gs1.org/voc/', 'https://www.gs1.org/voc/', 'http://gs1.org/voc/'];
/** A link type in its short form: `https://gs1.org/voc/instructions` → `gs1:instructions`. */
const shortLinkType = (linkType: string) => {
  const namespace = GS1_VOCABULARY.find((ns) => linkType.startsWith(ns));
  return namespace ? `gs1:${linkType.slice(namespace.length)}` : linkType;
};
/** What the resolver answers: the instructions for use (the default link is one of them), or the linkset. */
const INSTRUCTIONS = new Set(['gs1:instructions', 'gs1:defaultLink']);
const LINKSET = new Set(['linkset', 'all']);
/** GS1's JSON-LD context of linksets, named in a Link header beside every linkset. */
const LINKSET_CONTEXT = '<https://ref.gs1.org/standards/resolver/linkset-context>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"';
/** The resolver's own query parameters: read here, not passed on to where it redirects. */
const RESOLVER_PARAMETERS = new Set(['linkType', 'context', 'via']);
/** The longest query passed on to a redirect's target. */
const MAX_PASSED_QUERY = 1000;
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
    // Stored by any cache, reused only after asking: the page's tag is its text, a request naming it gets 304.
    res.setHeader('Cache-Control', PUBLIC_REVALIDATE);
    // The page's language follows Accept-Language when ?lang= does not name one; Accept chooses a page, JSON or a linkset.
    res.setHeader('Vary', 'Accept, Accept-Language');
    // Only a page is revalidated: a refusal (4xx) is said again in full.
    if (status === 200 && answeredNotModified(res.req, res, weakEtagOf('html', body))) return;
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

  /** An approved leaflet whose day has not come: said with its day, in the reader's language. */
  const notYet = (req: Request, upcoming: UpcomingNotice) => () => upcoming(viewOf(req).lang);

  /** The reader's languages and country: `?lang=` and `?country=` first, then the browser's Accept-Language. */
  const readerOf = (req: Request) => {
    const accepted = parseAcceptLanguage(req.get('accept-language'));
    const lang = queryText(req, 'lang', 10)?.toLowerCase();
    // GS1's `context` names the jurisdiction a link applies in: here a country, as `?country=`.
    const country = (queryText(req, 'country', 10) ?? queryText(req, 'context', 10))?.toUpperCase();
    return {
      lang: lang !== undefined && LANGUAGE_CODES.has(lang) ? lang : undefined,
      langGiven: lang !== undefined && lang !== '',
      languages: [...new Set([...(lang && LANGUAGE_CODES.has(lang) ? [lang] : []), ...accepted.languages.filter((l) => LANGUAGE_CODES.has(l))])],
      country: country && COUNTRY_CODES.has(country) ? country : accepted.region && COUNTRY_CODES.has(accepted.region) ? accepted.region : undefined,
      countryAsked: country !== undefined && country !== '' && COUNTRY_CODES.has(country),
      countryGiven: country !== undefined && country !== '',
    };
  };

  // ---- CORS on the resolver's paths: any origin, no credentials; OPTIONS answered here with the linkset's address.
  router.use((req, res, next) => {
    if (!isResolverPath(req.path)) {
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', 'Link');
    if (req.method !== 'OPTIONS') {
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'Accept, Accept-Language');
    res.setHeader('Access-Control-Max-Age', '86400');
    res.setHeader('Allow', 'GET, HEAD, OPTIONS');
    const path = uncompressedPathOf(req.path) ?? withoutTrailingSlash(req.path);
    const keys = path.length <= MAX_PATH && path.startsWith('/01/') ? keysOf(path) : undefined;
    if (keys) res.setHeader('Link', linksetLink(digitalLinkOf(ctx.config, keys.gtin, keys.lot)));
    res.status(204).end();
  });

  /** The GTIN, lot and serial of a Digital Link path, or undefined when it is not one. */
  const keysOf = (path: string): DigitalLinkKeys | undefined => {
    const read = readKeys(path);
    return typeof read === 'function' ? undefined : read;
  };
  /** The keys of a Digital Link path as GS1's own parser reads them (grammar, check digits), or what is wrong with it. */
  const readKeys = (path: string): DigitalLinkKeys | ((t: PageTexts) => { title: string; text: string }) => {
    const segments = path.split('/').slice(1);
    let gtinText = '';
    try {
      gtinText = decodeURIComponent(segments[1] ?? '');
    } catch {
      // A broken %-escape: not a GTIN either.
    }
    const gtinIssue = gtinProblem(gtinText);
    if (gtinIssue) return (t) => ({ title: t.notValidGtin, text: `${gtinIssue}.` });
    let keys: DigitalLinkKeys;
    try {
      const parsed = DigitalLink(`${base}${path}`);
      const qualifiers = parsed.getKeyQualifiers();
      const unknown = Object.keys(qualifiers).filter((key) => key !== '10' && key !== '21' && key !== '22');
      if (!parsed.isValid() || unknown.length > 0) throw new Error('not valid');
      keys = { gtin: gtin14(gtinText), lot: qualifiers['10'], serial: qualifiers['21'] };
    } catch {
      return (t) => ({ title: t.notValidDigitalLink, text: t.digitalLinkFormat });
    }
    if ((keys.lot !== undefined && !LOT_PATTERN.test(keys.lot)) || (keys.serial !== undefined && !LOT_PATTERN.test(keys.serial))) {
      return (t) => ({ title: t.notValidDigitalLink, text: t.lotFormat });
    }
    return keys;
  };

  /** Where the resolver sends a reader to a document: its PDF under open access, else its page. */
  const targetOf = (d: LabelDocument) => (d.openAccess ? `${links.pdf(d)}?via=digital-link` : links.current(d));

  // ---- The resolver description file (GS1-Conformant resolver standard, section 3)
  router.get(RESOLVER_DESCRIPTION_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.json({
      name: 'IFU Portal eIFU resolver',
      resolverRoot: base,
      supportedPrimaryKeys: ['01'],
      supportedLinkType: [{ namespace: 'https://gs1.org/voc/', prefix: 'gs1:' }],
      linkTypeDefaultCanBeLinkset: false,
      supportedContextValuesExternal: [{ nameOfList: 'ISO 3166-1 alpha-2 country codes', url: 'https://www.iso.org/iso-3166-country-codes.html' }],
      jsonLdContextLocation: 'https://ref.gs1.org/standards/resolver/linkset-context',
    });
  });

  // ---- Compressed GS1 Digital Links (GS1's compression): to the uncompressed Digital Link, the query kept
  router.get(COMPRESSED_PATH, (req, res, next) => {
    const uncompressed = uncompressedPathOf(req.path);
    if (!uncompressed) {
      // Not one: another route of the API may be this path (the portal's server answers its own 404 page).
      next();
      return;
    }
    const [, query = ''] = req.originalUrl.split('?', 2);
    const target = `${base}${uncompressed}`;
    const keys = keysOf(uncompressed);
    res.setHeader('Link', [`<${target}>; rel="owl:sameAs"`, ...(keys ? [linksetLink(digitalLinkOf(ctx.config, keys.gtin, keys.lot))] : [])].join(', '));
    res.redirect(307, query ? `${target}?${query}` : target);
  });

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
    const passedOn = passedOnQuery(req);
    if (passedOn === undefined) {
      problem(req, res, 400, (t) => ({ title: t.notProductAddress, text: t.pathTooLong }));
      return;
    }
    const keys = readKeys(withoutTrailingSlash(req.path));
    if (typeof keys === 'function') {
      problem(req, res, 400, keys);
      return;
    }

    // The linkset's address on every answer about this device, a 404 included.
    const anchor = digitalLinkOf(ctx.config, keys.gtin, keys.lot);
    res.setHeader('Link', linksetLink(anchor));
    res.setHeader('Vary', 'Accept, Accept-Language');
    const documents = await findPublicDocumentsByGtin(await ctx.reads.for(req), keys.gtin, publicToday(ctx.clock()));
    if (documents.length === 0) {
      const upcoming = await upcomingForGtin(await ctx.reads.for(req), keys.gtin, publicToday(ctx.clock()));
      problem(req, res, 404, upcoming ? notYet(req, upcoming) : (t) => ({ title: t.noInstructions, text: t.noInstructionsFor(keys.gtin) }));
      return;
    }

    const asked = linkType === undefined ? undefined : shortLinkType(linkType);
    const wantsLinkset = asked === undefined ? /application\/linkset\+json/i.test(req.get('accept') ?? '') : LINKSET.has(asked);
    if (wantsLinkset) {
      res.setHeader('Cache-Control', PUBLIC_REVALIDATE);
      res.setHeader('Link', `${linksetLink(anchor)}, ${LINKSET_CONTEXT}`);
      const linkset = JSON.stringify(linksetOf(keys, documents));
      if (answeredNotModified(req, res, weakEtagOf('linkset', linkset))) return;
      res.type('application/linkset+json').send(linkset);
      return;
    }
    // Only instructions for use are published here (the default link is one of them): any other type has no link.
    if (asked !== undefined && !INSTRUCTIONS.has(asked)) {
      problem(req, res, 404, (t) => ({ title: t.linkTypeNotOffered, text: t.onlyInstructions(linkType!) }));
      return;
    }
    const resolution = chooseLeaflet(documents, { lot: keys.lot, serial: keys.serial, languages: reader.languages, country: reader.country, countryAsked: reader.countryAsked });
    if (resolution.kind === 'one') {
      // The query is passed on (the standard's default), the resolver's own parameters excepted; ?lang= with it.
      const target = targetOf(resolution.document);
      const location = passedOn.length > 0 ? `${target}${target.includes('?') ? '&' : '?'}${passedOn.join('&')}` : target;
      // The redirect is what the read model says now: its tag is its target (and the linkset's address), so a cache
      // that asks again learns at once when the leaflet went Offline or was superseded (another target, or a 404).
      res.setHeader('Cache-Control', PUBLIC_REVALIDATE);
      if (answeredNotModified(req, res, weakEtagOf('307', location, String(res.getHeader('Link'))))) return;
      res.redirect(307, location);
      return;
    }
    html(
      res,
      200,
      chooserPage({ gtin: keys.gtin, keys: { lot: keys.lot, serial: keys.serial, country: reader.country }, reason: resolution.reason, documents: resolution.documents, links: linksFor(reader.lang), home: homeOf(resolution.documents, reader.lang), view: viewOf(req) }),
    );
  });

  /**
   * The device's linkset (RFC 9264, GS1's linkset schema): the lot's entry when the label names one, and the GTIN's.
   * Each entry lists its leaflets as instructions, and its default link: where the resolver sends a reader who says
   * nothing of language or country (one leaflet), or the Digital Link itself, whose page then lists the choice.
   */
  const linksetOf = (keys: DigitalLinkKeys, documents: LabelDocument[]) => {
    const entry = (lot: string | undefined, ofEntry: LabelDocument[]) => {
      const anchor = digitalLinkOf(ctx.config, keys.gtin, lot);
      const families = [...new Set(ofEntry.map((d) => d.productFamilyName))].join(' / ');
      const chosen = chooseLeaflet(ofEntry, { lot, languages: [], countryAsked: false });
      const english = PAGE_TEXTS.en;
      return {
        anchor,
        itemDescription: lot === undefined ? families : `${families}, lot ${lot}`,
        'https://gs1.org/voc/instructions': ofEntry.map((d) => {
          const languages = d.languageList.split(',').map((l) => l.trim()).filter(Boolean);
          const countries = d.countryList.split(',').map((c) => c.trim()).filter(Boolean);
          return {
            href: targetOf(d),
            title: `${d.productFamilyName}, part ${d.partNumber}, IFU ${d.ifuNumber}, version ${d.version}`,
            type: d.openAccess ? 'application/pdf' : 'text/html',
            ...(languages.length > 0 ? { hreflang: languages } : {}),
            ...(countries.length > 0 ? { context: countries } : {}),
          };
        }),
        'https://gs1.org/voc/defaultLink': [
          chosen.kind === 'one'
            ? { href: targetOf(chosen.document), title: `${chosen.document.productFamilyName}, part ${chosen.document.partNumber}, IFU ${chosen.document.ifuNumber}` }
            : { href: anchor, title: english.gtinTitle(keys.gtin) },
        ],
      };
    };
    const ofLot = keys.lot === undefined ? [] : documents.filter((d) => coversLot(d, keys.lot!));
    return { linkset: [...(ofLot.length > 0 ? [entry(keys.lot, ofLot)] : []), entry(undefined, documents)] };
  };

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
      const upcoming = versions && (await upcomingForDocument(from ?? (await ctx.reads.for(req)), documentNumber, publicToday(ctx.clock())));
      problem(req, res, 404, upcoming ? notYet(req, upcoming) : (t) => ({ title: t.documentNotFound, text: t.noDocumentNumbered(documentNumber) }));
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
      const upcoming = await upcomingForDocument(await ctx.reads.for(req), String(req.params.documentNumber), publicToday(ctx.clock()));
      problem(req, res, 404, upcoming ? notYet(req, upcoming) : (t) => ({ title: t.noLongerPublished, text: t.notPublishedNow }));
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
    const facts = {
      kind: 'version',
      permalink: links.version(shown),
      currentPermalink: links.current(shown),
      version: shown.version,
      issued: shown.effectiveDate.slice(0, 10),
      lang: viewOf(req).lang,
    } as const;
    const count = () =>
      countOpenDownload(ctx, {
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
    // The bytes served are the stored file and its currency page, which names the current version: the tag is both
    // (a new current version makes a new tag). The page's language follows Accept-Language.
    res.setHeader('Vary', 'Accept, Accept-Language');
    res.setHeader('Cache-Control', PUBLIC_REVALIDATE);
    if (answeredNotModified(req, res, weakEtagOf('pdf', shown.sha256, shown.docName, JSON.stringify(facts)))) {
      // A cache that asked is about to serve the PDF to a reader: counted as a download, the file not opened.
      await count();
      return;
    }
    // The currency page first: a download refused while many are prepared (503) is not counted.
    const stamp = await currencyPageFor(ctx, shown.sha256, facts);
    await count();
    markStamp(res, stamp);
    await sendStoredFile(res, ctx.files, { sha256: shown.sha256, contentType: 'application/pdf' }, { cacheControl: PUBLIC_REVALIDATE, filename: shown.docName, append: stamp.appendix });
  });

  return router;
}

type DigitalLinkKeys = { gtin: string; lot?: string; serial?: string };

/** A trailing slash is tolerated (the standard's SHOULD): the same Digital Link. */
const withoutTrailingSlash = (path: string) => (path.length > 4 && path.endsWith('/') ? path.slice(0, -1) : path);

/** The Link header to a Digital Link's linkset. */
const linksetLink = (anchor: string) => `<${anchor}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`;

/**
 * The parts of the query a redirect passes on: all but the resolver's own parameters, as they came (undefined when
 * the query is longer than is passed on).
 */
function passedOnQuery(req: Request): string[] | undefined {
  const [, query = ''] = req.originalUrl.split('?', 2);
  if (query.length > MAX_PASSED_QUERY) return undefined;
  return query.split('&').filter((part) => {
    if (part === '') return false;
    const name = part.split('=', 1)[0]!;
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // Passed on as it came.
    }
    return !RESOLVER_PARAMETERS.has(decoded);
  });
}
