/**
 * The public customer portal's search (`POST /module2/searchDocuments/`) over the internal search's corpus: the
 * corpus's customers approved by their approvers with the product's customer decider (written into the log with the
 * bench's writeLog, as the corpus is), visitors with search links sealed as the product seals them (`sealSearchLink`
 * with the API's LINK_SECRET), their searches checked one by one, then measured under 50 concurrent visitors against
 * the bare Express + pg primary-key endpoint, interleaved.
 */
import { loadavg } from 'node:os';
import { type CustomerEvent, customerStreamId, type PublicSearchResponse, type Signature } from '@ifu/contracts';
import type { Database, Queryable } from '@ifu/storage/database/database';
import { searchDocuments, searchWords } from '@ifu/projections/document-search/queries';
import type { EventStore } from '@ifu/storage/event-store/event-store';
import { findVisitorScope, PUBLIC_CHILD, publicProductFamilies } from '@ifu/projections/document-search/public-queries';
import { approvalDecider } from '@ifu/services/customers/approval/rules';
import { customerDecider, type CustomerState } from '@ifu/services/customers/customer';
import { SEARCH_LINK_DAYS, sealSearchLink } from '@ifu/services/public-portal/search-link';
import type { LogEvent } from '../lib/events';
import { metadataFor, prng } from '../lib/events';
import type { LoadOptions } from '../lib/load';
import { runLoad } from '../lib/load';
import { percentile } from '../lib/stats';
import { type BareApp, call, compareThroughput, type ThroughputComparison } from './api';
import { type ApiProcess, explainStatements } from './documents';
import { writeLog } from './replay';
import { IFU_LANGUAGES, type IfuLanguage } from '../lib/ifu-text';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { openPostgres } from '@ifu/storage/database/postgres';
import { allProjections } from '@ifu/projections/registry';
import { catchUp } from '@ifu/projections/catch-up';
import { openStore } from '../lib/database';
import { log, type SectionRun, status } from '../lib/section';
import { fmt, median } from '../lib/stats';
import { startBareApp } from './api';
import { startApiProcess } from './documents';
import { buildSearchCorpus, PLANTED, searchCorpusRows, type SearchTexts, withoutSamples } from './search';

export const PUBLIC_SEARCH_PATH = '/module2/searchDocuments/';

// ---------------------------------------------------------------------------------------------------------------
// 1. The customers approved, as their approvers would: the customer decider's DecideApproval, into the log.
// ---------------------------------------------------------------------------------------------------------------

export interface Approvals {
  written: number;
  customers: number;
  ms: number;
}

/**
 * Each customer's stream folded with `customerDecider.evolve`, then `approvalDecider.decide` of its approver's signed
 * `DecideApproval` (signature bound to the stream's version as `sign()` binds it, signer role ADMIN; the approver is
 * the customer's own and not its registrar, which the decider checks). The CustomerApproved events go into the log
 * with `writeLog` (the store's hash chain, under its append lock), after the log's last recorded time.
 */
export async function approveCustomers(
  db: Database,
  store: EventStore,
  customers: Array<{ id: string; name: string }>,
  approvers: Array<{ id: string; email: string; name: string }>,
): Promise<Approvals> {
  const t0 = performance.now();
  const random = prng(9_100);
  const last = await db.query<{ at: Date }>('SELECT max(recorded_at) AS at FROM events');
  let at = new Date(last.rows[0]!.at).getTime();
  const events: LogEvent[] = [];
  for (const customer of customers) {
    const stream = customerStreamId(customer.id);
    const recorded = await store.readStream(stream);
    let state: CustomerState = customerDecider.initialState();
    for (const event of recorded) state = customerDecider.evolve(state, { type: event.type, data: event.data } as unknown as CustomerEvent);
    const version = recorded.at(-1)?.streamVersion ?? 0;
    const approver = approvers.find((a) => a.id === state.approverId);
    if (!approver) throw new Error(`customer ${customer.name}: its approver ${state.approverId} is not one of the bench's approvers`);
    at += 60_000 + Math.floor(random() * 600_000);
    const when = new Date(at);
    const signature: Signature = { signerId: approver.id, name: approver.name, email: approver.email, signedAt: when.toISOString(), meaning: 'approval', subject: { stream, version } };
    const decision = approvalDecider.decide(
      {
        type: 'DecideApproval',
        approve: true,
        approverIdGiven: approver.id,
        signature,
        signerRole: 'ADMIN',
        reason: '',
        changeDescription: 'Customer data reviewed: name, contact and website checked',
        now: when,
      },
      state,
    );
    if (decision.rejection || decision.events.length !== 1) throw new Error(`the decider refused the approval of ${customer.name}: ${JSON.stringify(decision.rejection)}`);
    const actor = { type: 'user' as const, userId: approver.id, email: approver.email, name: approver.name };
    decision.events.forEach((event, i) =>
      events.push({
        streamId: stream,
        streamVersion: version + 1 + i,
        type: event.type,
        data: event.data as unknown as Record<string, unknown>,
        metadata: metadataFor(random, actor, when),
        recordedAt: when.toISOString(),
      }),
    );
  }
  const written = await writeLog(db, events);
  return { written, customers: customers.length, ms: performance.now() - t0 };
}

// ---------------------------------------------------------------------------------------------------------------
// 2. The visitors: a link per customer and public family, and their searches.
// ---------------------------------------------------------------------------------------------------------------

export interface VisitorScope {
  customerId: string;
  customerName: string;
  parentChangeId: string;
  productFamilyName: string;
  familyKey: string;
  country: string;
  language: string;
  /** Public children of the scope in that country and language (what a browse must answer, up to the page). */
  publicChildren: number;
  email: string;
  token: string;
  /** A document number fragment of the scope (its change order's number). */
  numberFragment: string;
}

export interface VisitorSearch {
  scope: VisitorScope;
  kind: 'rare word' | 'common word' | 'very frequent word' | 'document number' | 'browse';
  body: Record<string, string>;
  /** Filled by checkSearches: hits answered, and what was wrong (undefined when sane). */
  hits?: number;
  wrong?: string;
}

/** The page a public search answers at most (public-search.ts PUBLIC_RESULTS_MAX). */
const PUBLIC_PAGE = 100;

/**
 * `customers` approved customers x their public families (`publicProductFamilies`, as the customer's public page
 * lists them): for each, the country and language that most of the family's public documents carry (read from
 * document_search, outside the customer's exclusion list), a visitor with their own address and a search link sealed
 * with the API's LINK_SECRET, valid 30 days; and five searches per visitor: a rare word of the visitor's language
 * (a tail word in about 0.1 % of the children: mostly no hit in one family, 'No Data Found'), a common IFU word
 * (document frequency nearest 2.5 %, else the language's rarest), 'sterile' (every child's keywords), a
 * document number fragment of the family (documentNumber field), and no keyword (browse).
 */
export async function publicVisitors(
  db: Database,
  customers: Array<{ id: string; name: string }>,
  options: { linkSecret: string; today: string; texts: SearchTexts; children: number },
): Promise<VisitorSearch[]> {
  const searches: VisitorSearch[] = [];
  const maker = options.texts.maker;
  const words = maker.ifuWordFrequencies().filter((w) => w.word.length >= 5 && /^\p{L}+$/u.test(w.word) && w.documents > 0);
  const byShare = (share: number) => (a: { documents: number }, b: { documents: number }) =>
    Math.abs(a.documents / options.children - share) - Math.abs(b.documents / options.children - share);
  /** An IFU word of the language (a heading's or a sentence's), its document frequency nearest `share`. */
  const common = (language: string, share: number) => (words.filter((w) => w.language === language).sort(byShare(share))[0] ?? [...words].sort(byShare(share))[0]!).word;
  /** A word of the language's long tail (the made-up technical words), in about `share` of the documents. */
  const rare = (language: string, share: number) => {
    const code = (IFU_LANGUAGES as readonly string[]).includes(language) ? (language as IfuLanguage) : 'en';
    return maker.tailWordFrequencies(code, 40_000).filter((w) => w.documents > 0 && /^\p{L}+$/u.test(w.word)).sort(byShare(share))[0]?.word ?? PLANTED[1].word;
  };
  const expiresAt = new Date(Date.now() + SEARCH_LINK_DAYS * 86_400_000);
  for (const customer of customers) {
    const excluded = (await db.query<{ list: string }>('SELECT country_exclusion_list AS list FROM customer_list WHERE id = $1', [customer.id])).rows[0]?.list ?? '';
    const exclusions = excluded.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
    for (const family of await publicProductFamilies(db, customer.id, options.today)) {
      const { rows } = await db.query<{ country: string; language: string; n: string; number: string }>(
        `SELECT c AS country, l AS language, count(*) AS n, max(d.document_number) AS number
           FROM document_search d
           CROSS JOIN LATERAL unnest(string_to_array(upper(replace(d.country_list, ' ', '')), ',')) c
           CROSS JOIN LATERAL unnest(string_to_array(lower(replace(d.language_list, ' ', '')), ',')) l
          WHERE d.listed AND d.customer_id = $2 AND d.family_key = $3 AND ${PUBLIC_CHILD('d', '$1')} AND NOT (c = ANY($4::text[]))
          GROUP BY c, l ORDER BY count(*) DESC, c, l LIMIT 1`,
        [options.today, customer.id, family.familyKey, exclusions],
      );
      const top = rows[0];
      if (!top) continue;
      const n = searches.length / 5;
      const email = `visitor.${n + 1}@klinik-${n + 1}.example`;
      const scope: VisitorScope = {
        customerId: customer.id,
        customerName: customer.name,
        parentChangeId: family.parentChangeId,
        productFamilyName: family.productFamilyName,
        familyKey: family.familyKey,
        country: top.country,
        language: top.language,
        publicChildren: Number(top.n),
        email,
        token: sealSearchLink(options.linkSecret, { customerId: customer.id, parentChangeId: family.parentChangeId }, email, expiresAt),
        // CO-2026-00042-01: the change order's number, 00042.
        numberFragment: top.number.split('-')[2] ?? top.number,
      };
      const base = { customerName: customer.name, parentChangeId: family.parentChangeId, encryptedEmail: scope.token, country: scope.country, language: scope.language };
      searches.push(
        { scope, kind: 'rare word', body: { ...base, keyword: rare(scope.language, 0.001) } },
        { scope, kind: 'common word', body: { ...base, keyword: common(scope.language, 0.025) } },
        { scope, kind: 'very frequent word', body: { ...base, keyword: 'sterile' } },
        { scope, kind: 'document number', body: { ...base, keyword: '', documentNumber: scope.numberFragment } },
        { scope, kind: 'browse', body: { ...base, keyword: '' } },
      );
    }
  }
  return searches;
}

type PublicHit = PublicSearchResponse['list'][number];

/**
 * Every distinct search once, in turn: it must answer 200 and a sane list (at most a page; every hit of the link's
 * family, in the visitor's country and language; a document number search only documents whose number or reference holds the fragment; a
 * browse exactly the scope's public documents up to the page; 'sterile' at least one). Sets `hits` and `wrong`;
 * throws on a status other than 200.
 */
export async function checkSearches(api: ApiProcess, searches: VisitorSearch[]): Promise<void> {
  const has = (list: string, code: string) => `,${list.replace(/\s/g, '').toLowerCase()},`.includes(`,${code.toLowerCase()},`);
  for (const search of searches) {
    const answer = await call('POST', `${api.url}${PUBLIC_SEARCH_PATH}`, { body: search.body });
    if (answer.status !== 200) throw new Error(`public search (${search.kind}, ${search.scope.customerName}, ${search.scope.productFamilyName}): ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    const list = (answer.body as { list: PublicHit[] }).list;
    search.hits = list.length;
    const { scope } = search;
    const problems: string[] = [];
    if (list.length > PUBLIC_PAGE) problems.push(`${list.length} hits, more than a page`);
    const outside = list.find((hit) => !has(hit.countryList, scope.country) || !has(hit.languageList, scope.language) || hit.productFamilyName.trim().replace(/\s+/g, ' ').toLowerCase() !== scope.familyKey);
    if (outside) problems.push(`answered ${outside.documentNumber} (${outside.productFamilyName}, ${outside.countryList}, ${outside.languageList})`);
    if (search.kind === 'document number' && (list.length === 0 || list.some((hit) => !`${hit.documentNumber} ${hit.associatedReferenceNumber}`.includes(scope.numberFragment)))) problems.push(`document number ${scope.numberFragment}: ${list.length} hits, not all holding it`);
    if (search.kind === 'browse' && list.length !== Math.min(PUBLIC_PAGE, scope.publicChildren)) problems.push(`browse: ${list.length} hits, the scope has ${scope.publicChildren} public documents`);
    if (search.kind === 'very frequent word' && list.length === 0) problems.push("'sterile': no hit");
    if (problems.length) search.wrong = problems.join('; ');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Under load: 50 visitors against the bare app, interleaved.
// ---------------------------------------------------------------------------------------------------------------

export interface PublicMeasurement {
  clients: number;
  requestsPerRound: number;
  probeRps: number;
  /** `clients` closed loops, each request the next search in turn. */
  loaded: ThroughputComparison;
  /** One visitor at a time. */
  sequential: ThroughputComparison;
  p50Ms: number;
  p99Ms: number;
  baselineP50Ms: number;
  baselineP99Ms: number;
  singleP50Ms: number;
  singleP99Ms: number;
  baselineSingleP50Ms: number;
  baselineSingleP99Ms: number;
  errors: number;
  /** 1-minute load average before and after the timed rounds. */
  loadAverage: { before: number; after: number };
}

const pooled = (results: ThroughputComparison['product'], p: number) => percentile(results.flatMap((r) => r.latenciesMs ?? []), p);

/**
 * A short probe under `clients` visitors sizes the rounds (about `roundMs` of the product's requests per round),
 * then `rounds` rounds against the baseline (GET /user/me of the bare app, the same clients) alternating, baseline
 * first, then product first (compareThroughput); then the same with one client, rounds of about `singleRoundMs`.
 * The load generator fails the run on any answer other than 200.
 */
export async function measurePublicSearch(
  api: ApiProcess,
  bare: BareApp,
  searches: VisitorSearch[],
  options: { clients: number; rounds: number; roundMs: number; singleRoundMs: number; report: (line: string) => void },
): Promise<PublicMeasurement> {
  const bodies = searches.map((s) => JSON.stringify(s.body));
  const baseline: Omit<LoadOptions, 'requests' | 'concurrency'> = { url: `${bare.url}/user/me`, headers: { 'x-user-id': api.adminId }, keepLatencies: true };
  const product: Omit<LoadOptions, 'requests' | 'concurrency'> = { url: `${api.url}${PUBLIC_SEARCH_PATH}`, method: 'POST', bodies, keepLatencies: true };
  const { clients, rounds } = options;
  await runLoad({ ...product, requests: Math.max(200, bodies.length * 2), concurrency: clients });
  const probe = await runLoad({ ...product, requests: Math.max(500, bodies.length * 5), concurrency: clients });
  const requests = Math.max(1_000, Math.round((probe.requestsPerSecond * options.roundMs) / 1000));
  options.report(`probe: ${Math.round(probe.requestsPerSecond)} req/s with ${clients} visitors; ${requests} requests a round (about ${Math.round(options.roundMs / 1000)} s), ${rounds} rounds each side`);
  const before = loadavg()[0]!;
  const loaded = await compareThroughput('public search', baseline, product, { requests, concurrency: clients, rounds, warmup: 500 });
  options.report(`${clients} visitors: ${Math.round(loaded.productRps)} req/s against ${Math.round(loaded.baselineRps)} (bare); 1 visitor next`);
  const single = await runLoad({ ...product, requests: Math.max(100, bodies.length), concurrency: 1 });
  const singleRequests = Math.max(500, Math.round((single.requestsPerSecond * options.singleRoundMs) / 1000));
  const sequential = await compareThroughput('public search, 1 client', baseline, product, { requests: singleRequests, concurrency: 1, rounds, warmup: 100 });
  const after = loadavg()[0]!;
  const errors = [...loaded.product, ...loaded.baseline, ...sequential.product, ...sequential.baseline].reduce((n, r) => n + r.failed, 0);
  return {
    clients,
    requestsPerRound: requests,
    probeRps: probe.requestsPerSecond,
    loaded,
    sequential,
    p50Ms: pooled(loaded.product, 50),
    p99Ms: pooled(loaded.product, 99),
    baselineP50Ms: pooled(loaded.baseline, 50),
    baselineP99Ms: pooled(loaded.baseline, 99),
    singleP50Ms: pooled(sequential.product, 50),
    singleP99Ms: pooled(sequential.product, 99),
    baselineSingleP50Ms: pooled(sequential.baseline, 50),
    baselineSingleP99Ms: pooled(sequential.baseline, 99),
    errors,
    loadAverage: { before, after },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Where a public search's time goes: its statements called directly, and under EXPLAIN (ANALYZE, BUFFERS).
// ---------------------------------------------------------------------------------------------------------------

export interface PublicExplained {
  kind: string;
  /** Medians of `calls` direct calls (SQL and rows, no HTTP): what every search runs for the link, then the search. */
  /** The link's customer and family, one statement (`findVisitorScope`). */
  scopeMs: number;
  searchMs: number;
  /** The customer page's family list (`publicProductFamilies`), which every customer page asks for. */
  pageFamiliesMs: number;
  lines: string[];
}

/**
 * For one visitor's searches: the route's two reads called directly from the bench, `calls` times each
 * (`findVisitorScope`, the link's customer and family, checked on every search, then `searchDocuments` with the
 * criteria the route builds), and the scope's and the search's statements under EXPLAIN (ANALYZE, BUFFERS).
 */
export async function explainPublicSearches(db: Queryable, searches: VisitorSearch[], today: string, calls = 30): Promise<PublicExplained[]> {
  const out: PublicExplained[] = [];
  const time = async (f: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      await f();
      times.push(performance.now() - t0);
    }
    return percentile(times, 50);
  };
  for (const search of searches) {
    const { scope, body } = search;
    const criteria = {
      keywords: searchWords(body.keyword ?? ''),
      changeOrderNo: '',
      productName: '',
      archive: false,
      today,
      limit: PUBLIC_PAGE,
      visitor: { customerId: scope.customerId, familyKey: scope.familyKey, country: scope.country, language: scope.language, documentNumber: body.documentNumber ?? '' },
    };
    const scopeMs = await time(() => findVisitorScope(db, { name: scope.customerName }, scope.parentChangeId, today));
    const searchMs = await time(() => searchDocuments(db, criteria));
    const pageFamiliesMs = await time(() => publicProductFamilies(db, scope.customerId, today));
    const lines = [
      ...(out.length === 0 ? await explainStatements(db, (recorder) => findVisitorScope(recorder, { name: scope.customerName }, scope.parentChangeId, today), { buffers: true }) : []),
      ...(await explainStatements(db, (recorder) => searchDocuments(recorder, criteria), { buffers: true })),
    ];
    out.push({ kind: search.kind, scopeMs, searchMs, pageFamiliesMs, lines });
  }
  return out;
}

/**
 * The public search scoped to one customer and family: one visitor's p99; under 50 concurrent visitors no error
 * (their p99 and throughput are reported: on 2 shared cores no endpoint, not even the bare one, meets a p99 of 20 ms
 * at 50 clients).
 */
const TARGET_PUBLIC_P99_MS = 20;

/**
 * The public portal's search over the same corpus: the customers approved by their approvers (the customer
 * decider into the log), visitors' searches through sealed links, `--public-clients` (50) visitors against the bare
 * app's primary-key read, interleaved; p50/p99 under load and with one visitor, requests/s over the baseline.
 */
export async function publicBenchmarks({ bench, config, rows, results, profiles }: SectionRun) {
  const corpus = await buildSearchCorpus(bench, config, 'b_public', 'public');
  const { schema, db, admin, customers, approvers, today, searchLog, texts } = corpus;

  log(`public: the ${customers.length} customers approved by their approvers (customer decider, DecideApproval), written into the log`);
  const store = await openStore(bench, db, schema);
  let approvals;
  let verification;
  let approved;
  try {
    approvals = await approveCustomers(db, store, customers, approvers);
    for (const projection of allProjections) await catchUp(db, store, projection, 5000);
    verification = await store.verifyChain();
    if (!verification.ok || verification.checked !== corpus.events + approvals.written) throw new Error(`public: the log does not verify after the approvals: ${JSON.stringify(verification)}`);
    approved = Number(
      (await db.query<{ n: string }>(`SELECT count(*) AS n FROM customer_list WHERE status = 'APPROVED' AND id = ANY($1::text[])`, [customers.map((c) => c.id)])).rows[0]!.n,
    );
    if (approved !== customers.length) throw new Error(`public: customer_list shows ${approved} of ${customers.length} customers approved`);
  } finally {
    await store.close();
  }

  const linkSecret = randomBytes(36).toString('base64url');
  const searches = await publicVisitors(db, customers.slice(0, config.publicCustomers), { linkSecret, today, texts, children: searchLog.index.count });
  const scopes = new Set(searches.map((s) => s.scope)).size;
  log(`public: ${scopes} visitors (${config.publicCustomers} customers x their public families), ${searches.length} searches; each checked once, then ${config.publicClients} visitors`);
  const api = await startApiProcess(bench.schemaUrl(schema), admin, { linkSecret });
  const bare = await startBareApp(bench.schemaUrl(schema), tmpdir());
  let measured;
  try {
    await checkSearches(api, searches);
    for (const s of searches) log(`public:   ${s.kind.padEnd(18)} ${s.scope.customerName} / ${s.scope.productFamilyName} (${s.scope.country}, ${s.scope.language}) ${JSON.stringify(s.body.keyword || s.body.documentNumber || '')}: ${s.hits} hits${s.wrong ? `, WRONG: ${s.wrong}` : ''}`);
    measured = await measurePublicSearch(api, bare, searches, {
      clients: config.publicClients,
      rounds: config.readRounds,
      roundMs: config.publicSeconds * 1000,
      singleRoundMs: 10_000,
      report: (line) => log(`public: ${line}`),
    });
  } finally {
    await bare.close();
    await api.stop();
  }

  log('public: the route\'s reads called directly and under EXPLAIN (ANALYZE, BUFFERS), for the first visitor\'s searches');
  const explainDb = openPostgres({ connectionString: bench.schemaUrl(schema), max: 1 });
  let explained;
  try {
    explained = await explainPublicSearches(explainDb, searches.slice(0, 5), today);
  } finally {
    await explainDb.close();
  }

  const corpusResults = searchCorpusRows(corpus, config, rows, profiles);
  const first = searches[0]!.scope;
  profiles.notes.push(
    '',
    `Public search, where a request's time goes (${first.customerName} / ${first.productFamilyName}, ${first.country}, ${first.language}; medians of 30 direct calls, SQL and rows, no HTTP): ` +
      'every search checks the link (findVisitorScope, one statement: the approved customer by name and the family the link names, its change order\'s family key, then the family\'s newest public child) and then searches.',
    ...explained.flatMap((e) => [
      `  ${e.kind} ${JSON.stringify(searches.find((s) => s.kind === e.kind)!.body.keyword || searches.find((s) => s.kind === e.kind)!.body.documentNumber || '')}: scope ${fmt(e.scopeMs, 2)} ms, search ${fmt(e.searchMs, 2)} ms (the customer page's family list ${fmt(e.pageFamiliesMs, 2)} ms)`,
      ...e.lines,
    ]),
  );
  const wrong = searches.filter((s) => s.wrong);
  const byKind = (kind: string) => searches.filter((s) => s.kind === kind).map((s) => s.hits ?? 0);
  const kinds = ['rare word', 'common word', 'very frequent word', 'document number', 'browse'];
  rows.push({
    benchmark: `Customers approved: ${fmt(approvals.customers)} (customer decider + writeLog)`,
    value: `${fmt(approvals.written)} events`,
    detail: `CustomerApproved signed by each customer's approver (not its registrar), bound to the stream version; chain verified (${fmt(verification.checked)} events); customer_list: ${approved} APPROVED`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: `Public searches: ${scopes} visitors, ${searches.length} searches`,
    value: wrong.length === 0 ? 'all 200, sane' : `${wrong.length} wrong`,
    detail:
      `hits per search (min/median/max): ${kinds.map((k) => `${k} ${Math.min(...byKind(k))}/${median(byKind(k))}/${Math.max(...byKind(k))}`).join(', ')}` +
      (wrong.length ? `; first wrong: ${wrong[0]!.kind}, ${wrong[0]!.wrong}` : ''),
    target: '',
    status: wrong.length === 0 ? '' : 'WRONG',
  });
  const m = measured;
  rows.push({
    benchmark: `GET /user/me, bare Express + pg (baseline), ${m.clients} clients`,
    value: `${fmt(m.loaded.baselineRps)} req/s`,
    detail: `${m.clients} clients: p50 ${fmt(m.baselineP50Ms, 2)} ms, p99 ${fmt(m.baselineP99Ms, 2)} ms; 1 client: p50 ${fmt(m.baselineSingleP50Ms, 2)} ms, p99 ${fmt(m.baselineSingleP99Ms, 2)} ms`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: `  public search, ${m.clients} visitors`,
    value: `${fmt(m.p99Ms, 2)} ms p99`,
    detail: `p50 ${fmt(m.p50Ms, 2)} ms (pooled over ${config.readRounds} rounds of ${fmt(m.requestsPerRound)} requests, about ${config.publicSeconds} s each); ${fmt(m.loaded.productRps)} req/s; load average ${fmt(m.loadAverage.before, 2)} -> ${fmt(m.loadAverage.after, 2)}`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: '  public search, 1 visitor',
    value: `${fmt(m.singleP99Ms, 2)} ms p99`,
    detail: `p50 ${fmt(m.singleP50Ms, 2)} ms (${config.readRounds} rounds of ${fmt(m.sequential.requestsPerRound)} requests); ${fmt(m.sequential.productRps)} req/s against ${fmt(m.sequential.baselineRps)}`,
    target: `<= ${TARGET_PUBLIC_P99_MS} ms`,
    status: status(m.singleP99Ms <= TARGET_PUBLIC_P99_MS),
  });
  rows.push({
    benchmark: `    req/s over bare, ${m.clients} visitors`,
    value: `${fmt(m.loaded.ratio, 2)}x`,
    detail: `${fmt(m.loaded.productRps)} req/s against ${fmt(m.loaded.baselineRps)}; rounds ${m.loaded.roundRatios.map((r) => fmt(r, 2)).join(' / ')}`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: '    errors (any answer other than 200)',
    value: fmt(m.errors),
    detail: `of ${fmt(m.loaded.product.reduce((n, r) => n + r.requests, 0) + m.sequential.product.reduce((n, r) => n + r.requests, 0))} timed public searches (the load generator fails the run on one)`,
    target: '0',
    status: status(m.errors === 0),
  });
  results.public = {
    ...corpusResults,
    approvals: { ...approvals, chainChecked: verification.checked, approvedInCustomerList: approved },
    searches: searches.map((s) => ({ kind: s.kind, customer: s.scope.customerName, family: s.scope.productFamilyName, country: s.scope.country, language: s.scope.language, publicChildren: s.scope.publicChildren, keyword: s.body.keyword, documentNumber: s.body.documentNumber, hits: s.hits, wrong: s.wrong })),
    measured: { ...m, loaded: withoutSamples(m.loaded), sequential: withoutSamples(m.sequential) },
    explained,
  };
}
