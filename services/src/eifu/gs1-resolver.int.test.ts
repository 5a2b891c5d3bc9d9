import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigitOf } from '@ifu/contracts';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type ChildArrangement, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';

/** GS1's own compression (the library the resolver decompresses with), to make the compressed form of a label. */
const { Utils } = createRequire(import.meta.url)('digital-link.js') as { Utils: { compressWebUri(uri: string): string } };

const newGtin = () => {
  const body = `0${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  return `${body}${gs1CheckDigitOf(body)}`;
};

const BASE = 'http://localhost:3001';
const FOREIGN_ORIGIN = 'https://scanner.example';

type Link = Record<string, unknown>;
type Linkset = { linkset: Array<Record<string, unknown>> };

/**
 * The rules of GS1's linkset schema (gs1-linkset-schema.json of github.com/gs1/linkset), written out: each entry an
 * anchor and an item description, its other members link types (a URI or a lower-case name) with arrays of links;
 * a link has href and title, and only href, title, hreflang (two-letter codes), type, context, fwqs and public.
 */
function linksetSchemaProblems(body: Linkset): string[] {
  const problems: string[] = [];
  const allowed = new Set(['href', 'title', 'hreflang', 'type', 'context', 'fwqs', 'public']);
  if (Object.keys(body).join() !== 'linkset' || !Array.isArray(body.linkset)) return ['the body is not { linkset: [...] }'];
  body.linkset.forEach((entry, e) => {
    if (typeof entry.anchor !== 'string' || !/^https?:\/\/[a-zA-z0-9./]+/.test(entry.anchor)) problems.push(`/linkset/${e} anchor`);
    if (typeof entry.itemDescription !== 'string') problems.push(`/linkset/${e} must have required property 'itemDescription'`);
    for (const [key, links] of Object.entries(entry)) {
      if (key === 'anchor' || key === 'itemDescription') continue;
      if (!/^([a-z-]+$)|(^https?:\/\/[a-zA-z0-9./]+$)/.test(key)) problems.push(`/linkset/${e} ${key} is not a link type`);
      if (!Array.isArray(links)) {
        problems.push(`/linkset/${e}/${key} is not an array`);
        continue;
      }
      (links as Link[]).forEach((link, l) => {
        const at = `/linkset/${e}/${key}/${l}`;
        if (typeof link.href !== 'string' || !/^https?:\/\/[a-zA-z0-9./]+/.test(link.href)) problems.push(`${at} href`);
        if (typeof link.title !== 'string') problems.push(`${at} must have required property 'title'`);
        for (const member of Object.keys(link)) if (!allowed.has(member)) problems.push(`${at} must NOT have additional property '${member}'`);
        if (link.hreflang !== undefined && !(Array.isArray(link.hreflang) && link.hreflang.every((h) => /(^\w{2}$)|(^\w{2}-\w{2}$)/.test(String(h))))) problems.push(`${at} hreflang`);
        if (link.type !== undefined && !/\w+\/[-+.\w]+/.test(String(link.type))) problems.push(`${at} type`);
        if (link.context !== undefined && !Array.isArray(link.context)) problems.push(`${at} context`);
      });
    }
  });
  return problems;
}

/** The GS1 resolver protocol around the labels' Digital Links (GS1-Conformant resolver standard 1.1). */
describe('the GS1-conformant resolver over HTTP', () => {
  let t: TestApi;
  let approver: Signer;
  let author: Credentials;
  const openDevice = newGtin();
  const gatedDevice = newGtin();
  const documents: Record<string, string> = {};

  const order = async (customerId: string, productName: string, kids: Array<ChildArrangement & { key: string }>) => {
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName, children: kids, waitForText: false });
    await arrangeDecision(t, { parentChangeId, approver, approve: true });
    const view = (await t.call('GET', `/document/get/${parentChangeId}`, { token: admin })).body as { children: Array<{ associatedReferenceNumber: string; productSubFamilyNameOne: string; documentNumber: string }> };
    for (const kid of kids) documents[kid.key] = view.children.find((c) => c.associatedReferenceNumber === kid.lotNumber && c.productSubFamilyNameOne === kid.partNumber)!.documentNumber;
  };
  /** A request as a scanning app in another origin sends it, redirects not followed. */
  const ask = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${t.url}${path}`, { method: init.method ?? 'GET', redirect: 'manual', headers: { origin: FOREIGN_ORIGIN, ...init.headers } });
  const linksetOf = async (path: string) => {
    const answer = await ask(path);
    expect(answer.status, path).toBe(200);
    return { answer, body: (await answer.json()) as Linkset };
  };

  beforeAll(async () => {
    t = await startTestApi();
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    approver = { id: '', email: 'resolver.approver@example.com', password: 'resolver approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
    author = { email: 'resolver.author@example.com', password: 'resolver author password' };
    await t.createUser({ ...author, role: 'USER' });
    const registrar = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    const openCustomer = await arrangeApprovedCustomer(t, registrar, approver, unique('Resolver Open '));
    const gatedCustomer = await arrangeApprovedCustomer(t, registrar, approver, unique('Resolver Gated '));
    expect((await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: openCustomer, openAccess: true } })).status).toBe(200);
    await order(openCustomer, 'Syringe Driver', [
      { key: 'oneLeaflet', lotNumber: 'R-1', partNumber: 'SD-1', gtin: openDevice, countryList: 'DE,AT', languageList: 'de,en' },
      { key: 'german', lotNumber: 'R-2', partNumber: 'SD-2-DE', gtin: openDevice, countryList: 'DE', languageList: 'de' },
      { key: 'french', lotNumber: 'R-2', partNumber: 'SD-2-FR', gtin: openDevice, countryList: 'FR', languageList: 'fr' },
    ]);
    await order(gatedCustomer, 'Gated Catheter', [{ key: 'gated', lotNumber: 'G-1', partNumber: 'GC-1', gtin: gatedDevice, countryList: 'DE', languageList: 'de' }]);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  describe('item 1: the resolver description file', () => {
    it('GET /.well-known/gs1resolver answers the description: the public domain as root, GTINs (01), the GS1 vocabulary, no linkset by default; any origin may read it', async () => {
      const answer = await ask('/.well-known/gs1resolver', { headers: { accept: 'application/json' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      const body = (await answer.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        resolverRoot: BASE,
        supportedPrimaryKeys: ['01'],
        supportedLinkType: [{ namespace: 'https://gs1.org/voc/', prefix: 'gs1:' }],
        linkTypeDefaultCanBeLinkset: false,
        jsonLdContextLocation: 'https://ref.gs1.org/standards/resolver/linkset-context',
      });
      expect(typeof body.name).toBe('string');
      // The schema's one pattern: a CURIE prefix ends with its colon.
      expect((body.supportedLinkType as Array<{ prefix: string }>)[0]!.prefix).toMatch(/^[a-zA-Z_][A-Za-z0-9_-]*?:$/);
    });
  });

  describe('item 2: the linkset on request, 404 for a link type there is no link of', () => {
    it('linkType=linkset, linkType=all and Accept: application/linkset+json answer the linkset (200), never a redirect', async () => {
      for (const [path, headers] of [
        [`/01/${openDevice}/10/R-1?linkType=linkset`, {}],
        [`/01/${openDevice}/10/R-1?linkType=all`, {}],
        [`/01/${openDevice}/10/R-1`, { accept: 'application/linkset+json' }],
        [`/01/${openDevice}/10/R-1?linkType=linkset`, { accept: 'application/linkset+json' }],
      ] as Array<[string, Record<string, string>]>) {
        const answer = await ask(path, { headers });
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get('location'), path).toBeNull();
        expect(answer.headers.get('content-type'), path).toContain('application/linkset+json');
        expect(((await answer.json()) as Linkset).linkset[0]!.anchor, path).toBe(`${BASE}/01/${openDevice}/10/R-1`);
      }
    });

    it('an unknown link type (gs1:nosuchlt) and one without a link here (gs1:pip, as a URI too): 404 with the Link header to the linkset; JSON for machines', async () => {
      for (const linkType of ['gs1:nosuchlt', 'gs1:pip', 'https://gs1.org/voc/pip', 'https%3A%2F%2Fref.gs1.org%2Fvoc%2FnoSuchType']) {
        const answer = await ask(`/01/${openDevice}/10/R-1?linkType=${linkType}`);
        expect(answer.status, linkType).toBe(404);
        expect(answer.headers.get('location'), linkType).toBeNull();
        expect(answer.headers.get('link'), linkType).toBe(`<${BASE}/01/${openDevice}/10/R-1?linkType=linkset>; rel="linkset"; type="application/linkset+json"`);
        expect(await answer.text(), linkType).toContain('No link of this type');
      }
      const machine = await ask(`/01/${openDevice}?linkType=gs1:nosuchlt`, { headers: { accept: 'application/json' } });
      expect(machine.status).toBe(404);
      expect(((await machine.json()) as { message: string }).message).toBe('No link of this type. This product has no link of type gs1:nosuchlt. Its instructions for use are its only links (gs1:instructions).');
    });

    it('gs1:instructions and gs1:defaultLink, as CURIEs or URIs, redirect where the Digital Link does', async () => {
      const plain = (await ask(`/01/${openDevice}/10/R-1`)).headers.get('location');
      expect(plain).toBe(`${BASE}/p/${documents.oneLeaflet}/v/1/pdf?via=digital-link`);
      for (const linkType of ['gs1:instructions', 'https://gs1.org/voc/instructions', 'https://ref.gs1.org/voc/instructions', 'gs1:defaultLink']) {
        const answer = await ask(`/01/${openDevice}/10/R-1?linkType=${encodeURIComponent(linkType)}`);
        expect(answer.status, linkType).toBe(307);
        expect(answer.headers.get('location'), linkType).toBe(plain);
      }
    });
  });

  describe('item 3: the linkset passes GS1’s linkset schema, GTIN entry and default link included', () => {
    it('a lot-level request: the lot’s entry, then the GTIN’s; each with its item description, its leaflets titled, with languages and countries; the JSON-LD context named', async () => {
      const { answer, body } = await linksetOf(`/01/${openDevice}/10/R-2?linkType=linkset`);
      expect(linksetSchemaProblems(body)).toEqual([]);
      expect(answer.headers.get('link')).toContain('<https://ref.gs1.org/standards/resolver/linkset-context>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"');
      expect(body.linkset.map((entry) => entry.anchor)).toEqual([`${BASE}/01/${openDevice}/10/R-2`, `${BASE}/01/${openDevice}`]);
      const [lot, gtin] = body.linkset as [Record<string, Link[] | string>, Record<string, Link[] | string>];
      expect(lot.itemDescription).toBe('Syringe Driver, lot R-2');
      expect(gtin.itemDescription).toBe('Syringe Driver');
      expect(lot['https://gs1.org/voc/instructions']).toHaveLength(2);
      expect(lot['https://gs1.org/voc/instructions']).toEqual(
        expect.arrayContaining([
          { href: `${BASE}/p/${documents.german}/v/1/pdf?via=digital-link`, title: 'Syringe Driver, part SD-2-DE, IFU R-2, version 1', type: 'application/pdf', hreflang: ['de'], context: ['DE'] },
          { href: `${BASE}/p/${documents.french}/v/1/pdf?via=digital-link`, title: 'Syringe Driver, part SD-2-FR, IFU R-2, version 1', type: 'application/pdf', hreflang: ['fr'], context: ['FR'] },
        ]),
      );
      expect(gtin['https://gs1.org/voc/instructions']).toHaveLength(3);
      // Two leaflets for the lot and no language said: the Digital Link's own page lists them; that is the default.
      expect(lot['https://gs1.org/voc/defaultLink']).toEqual([{ href: `${BASE}/01/${openDevice}/10/R-2`, title: `Instructions for use of GTIN ${openDevice}` }]);
      const plain = await ask(`/01/${openDevice}/10/R-2`);
      expect(plain.status).toBe(200);
      // The same address answers a page or the linkset by Accept: caches must keep them apart.
      expect(plain.headers.get('vary')).toBe('Accept, Accept-Language');
    });

    it('the default link is where the redirect goes: the PDF under open access, the document’s page behind the emailed link', async () => {
      const open = (await linksetOf(`/01/${openDevice}/10/R-1?linkType=linkset`)).body;
      expect(linksetSchemaProblems(open)).toEqual([]);
      const openDefault = open.linkset[0]!['https://gs1.org/voc/defaultLink'] as Link[];
      expect(openDefault).toHaveLength(1);
      expect(Object.keys(openDefault[0]!).sort()).toEqual(['href', 'title']);
      expect(openDefault[0]!.href).toBe((await ask(`/01/${openDevice}/10/R-1`)).headers.get('location'));
      expect(openDefault[0]!.href).toMatch(/\/pdf\?via=digital-link$/);

      const gated = (await linksetOf(`/01/${gatedDevice}/10/G-1?linkType=linkset`)).body;
      expect(linksetSchemaProblems(gated)).toEqual([]);
      const gatedDefault = (gated.linkset[0]!['https://gs1.org/voc/defaultLink'] as Link[])[0]!;
      expect(gatedDefault.href).toBe(`${BASE}/p/${documents.gated}`);
      expect(gatedDefault.href).toBe((await ask(`/01/${gatedDevice}/10/G-1`)).headers.get('location'));
      expect((gated.linkset[0]!['https://gs1.org/voc/instructions'] as Link[])[0]).toMatchObject({ type: 'text/html', hreflang: ['de'] });
    });

    it('each leaflet of a lot is reached with its link type, language and country (GS1 context) as the linkset says', async () => {
      const { body } = await linksetOf(`/01/${openDevice}/10/R-2?linkType=linkset`);
      for (const link of body.linkset[0]!['https://gs1.org/voc/instructions'] as Array<{ href: string; hreflang: string[]; context: string[] }>) {
        const byLanguage = await ask(`/01/${openDevice}/10/R-2?linkType=gs1:instructions`, { headers: { 'accept-language': link.hreflang[0]!, accept: 'application/pdf' } });
        expect(byLanguage.headers.get('location')).toBe(link.href);
        const byContext = await ask(`/01/${openDevice}/10/R-2?linkType=gs1:instructions&context=${link.context[0]}`);
        expect(byContext.headers.get('location')).toBe(link.href);
      }
      expect((await ask(`/01/${openDevice}/10/R-2?context=ZZ`)).status).toBe(400);
    });
  });

  describe('item 4: CORS on the resolver’s paths only', () => {
    it('OPTIONS on a Digital Link: 204, any origin, GET, HEAD and OPTIONS, Accept and Accept-Language, and the Link header to the linkset', async () => {
      const answer = await ask(`/01/${openDevice}/10/R-1`, { method: 'OPTIONS', headers: { 'access-control-request-method': 'GET', 'access-control-request-headers': 'accept-language' } });
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      expect(answer.headers.get('access-control-allow-headers')).toBe('Accept, Accept-Language');
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
      expect(answer.headers.get('link')).toBe(`<${BASE}/01/${openDevice}/10/R-1?linkType=linkset>; rel="linkset"; type="application/linkset+json"`);
      // As GS1's suite asks (curl, one header naming all three methods).
      const suite = await ask(`/01/${openDevice}`, { method: 'OPTIONS', headers: { origin: 'https://ref.gs1.org/test-suites/resolver/', 'access-control-request-method': 'GET,HEAD,OPTIONS' } });
      expect(suite.status).toBe(204);
      expect(suite.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('GET and HEAD answers (redirect, page, linkset, 404, 400) carry ACAO * and expose Link; the Link header is on each answer about a device', async () => {
      for (const [method, path, status] of [
        ['GET', `/01/${openDevice}/10/R-1`, 307],
        ['HEAD', `/01/${openDevice}/10/R-1`, 307],
        ['GET', `/01/${openDevice}/10/R-2`, 200],
        ['GET', `/01/${openDevice}?linkType=linkset`, 200],
        ['GET', `/01/${newGtin()}`, 404],
        ['GET', `/01/${openDevice}?linkType=gs1:nosuchlt`, 404],
      ] as Array<[string, string, number]>) {
        const answer = await ask(path, { method });
        expect(answer.status, `${method} ${path}`).toBe(status);
        expect(answer.headers.get('access-control-allow-origin'), path).toBe('*');
        expect(answer.headers.get('access-control-expose-headers'), path).toBe('Link');
        expect(answer.headers.get('link'), path).toMatch(/^<http:\/\/localhost:3001\/01\/\d{14}(\/10\/R-\d)?\?linkType=linkset>; rel="linkset"/);
      }
      const malformed = await ask('/01/12345');
      expect(malformed.status).toBe(400);
      expect(malformed.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('the rest of the API keeps its origins: a permalink and a staff route give a foreign origin no CORS; the admin portal’s origin keeps its own', async () => {
      for (const path of [`/p/${documents.oneLeaflet}`, '/health']) {
        const answer = await ask(path);
        expect(answer.headers.get('access-control-allow-origin'), path).toBeNull();
        const preflight = await ask(path, { method: 'OPTIONS', headers: { 'access-control-request-method': 'GET' } });
        expect(preflight.headers.get('access-control-allow-origin'), path).toBeNull();
      }
      const admin = await fetch(`${t.url}/health`, { headers: { origin: t.api.context.config.PUBLIC_ADMIN_URL } });
      expect(admin.headers.get('access-control-allow-origin')).toBe(t.api.context.config.PUBLIC_ADMIN_URL);
      expect(admin.headers.get('access-control-allow-credentials')).toBe('true');
    });
  });

  describe('item 5: the query is passed on', () => {
    it('?foo=bar reaches the target, beside ?via; the resolver’s own linkType and context do not; ?lang= too', async () => {
      expect((await ask(`/01/${openDevice}/10/R-1?foo=bar`)).headers.get('location')).toBe(`${BASE}/p/${documents.oneLeaflet}/v/1/pdf?via=digital-link&foo=bar`);
      expect((await ask(`/01/${openDevice}/10/R-1?linkType=gs1:instructions&foo=bar&context=DE&x=%C3%A9`)).headers.get('location')).toBe(
        `${BASE}/p/${documents.oneLeaflet}/v/1/pdf?via=digital-link&foo=bar&x=%C3%A9`,
      );
      expect((await ask(`/01/${openDevice}/10/R-2?lang=fr&utm_source=label`)).headers.get('location')).toBe(`${BASE}/p/${documents.french}/v/1/pdf?via=digital-link&lang=fr&utm_source=label`);
      expect((await ask(`/01/${openDevice}/10/R-1?${'q='.padEnd(1200, 'x')}`)).status).toBe(400);
    });

    it('a customer behind the emailed link: ?lang=de (over a French browser) reaches the document’s page, which is then in German', async () => {
      const answer = await ask(`/01/${gatedDevice}/10/G-1?lang=de`, { headers: { 'accept-language': 'fr' } });
      expect(answer.headers.get('location')).toBe(`${BASE}/p/${documents.gated}?lang=de`);
      const page = await ask(`/p/${documents.gated}?lang=de`, { headers: { accept: 'text/html', 'accept-language': 'fr' } });
      expect(await page.text()).toContain('<html lang="de"');
    });

    it('a trailing slash is the same Digital Link', async () => {
      const slash = await ask(`/01/${openDevice}/10/R-1/`);
      expect(slash.status).toBe(307);
      expect(slash.headers.get('location')).toBe((await ask(`/01/${openDevice}/10/R-1`)).headers.get('location'));
    });
  });

  describe('item 6: compressed Digital Links', () => {
    it('a label’s compressed Digital Link (GS1 compression) redirects to the uncompressed one, named as owl:sameAs, the query kept', async () => {
      const uncompressed = `${BASE}/01/${openDevice}/10/R-1`;
      const compressed = new URL(Utils.compressWebUri(uncompressed)).pathname;
      expect(compressed).toMatch(/^\/[A-Za-z0-9_-]+$/);
      const answer = await ask(`${compressed}?lang=de`);
      expect(answer.status).toBe(307);
      expect(answer.headers.get('location')).toBe(`${uncompressed}?lang=de`);
      expect(answer.headers.get('link')).toContain(`<${uncompressed}>; rel="owl:sameAs"`);
      expect(answer.headers.get('link')).toContain(`<${uncompressed}?linkType=linkset>; rel="linkset"`);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      const options = await ask(compressed, { method: 'OPTIONS' });
      expect(options.status).toBe(204);
      expect(options.headers.get('link')).toContain('rel="linkset"');
      // GS1's own example (a GTIN with a lot) decompresses too.
      expect((await ask('/CwdMZMwAktRZyf23AGuvY')).headers.get('location')).toMatch(/^http:\/\/localhost:3001\/01\/\d{14}\/10\//);
    });

    it('a single segment that is not one is not the resolver’s: the API’s 404', async () => {
      const answer = await ask('/NotACompressedLink', { headers: { accept: 'application/json' } });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('item 7: Cross-Origin-Resource-Policy on what is fetched cross-origin', () => {
    it('the resolver’s answers and the PDFs are cross-origin', async () => {
      for (const path of [`/01/${openDevice}/10/R-1`, `/01/${openDevice}?linkType=linkset`, '/.well-known/gs1resolver', `/p/${documents.oneLeaflet}/v/1/pdf`]) {
        const answer = await ask(path);
        expect(answer.status, path).toBeLessThan(400);
        expect(answer.headers.get('cross-origin-resource-policy'), path).toBe('cross-origin');
      }
    });
  });
});
