/**
 * The internal search over a million child documents: the change orders generated with the product's decider straight
 * into the log (`changeOrderEvents`, written by `writeLog`), the text of each child's PDF as the upload would have
 * extracted it (`document_file_text`, made by `IfuTextMaker`), the `document-search` read model rebuilt by the
 * product's projection, and `POST /document/searchDocuments/` measured over HTTP against the bare Express + pg
 * primary-key endpoint in the same run.
 */
import { type SearchDocumentsCriteria, SearchDocumentsRequest, SEARCH_RESULTS_MAX } from '@ifu/contracts';
import type { Database, Queryable } from '@ifu/storage/database/database';
import type { Actor } from '@ifu/storage/event-store/event-store';
import { findCustomerByName } from '@ifu/projections/customer-list/queries';
import { searchDocuments } from '@ifu/projections/document-search/queries';
import { changeOrderNumber } from '@ifu/services/documents/change-order-numbers';
import { indexDocumentTexts } from '@ifu/services/documents/document-text';
import type { AppContext } from '@ifu/services/platform/app-context';
import type { LogEvent } from '../lib/events';
import { prng } from '../lib/events';
import { IfuTextMaker } from '../lib/ifu-text';
import { type LoadOptions } from '../lib/load';
import { percentile } from '../lib/stats';
import { type BareApp, call, compareThroughput, type ThroughputComparison } from './api';
import { changeOrderEvents, type ChangeOrderTally, emptyTally, type ExplainedStatement, explainStatements, type GeneratedChangeOrder, PRODUCT_FAMILIES, type ApiProcess } from './documents';
import { writeLog } from './replay';

// ---------------------------------------------------------------------------------------------------------------
// The children as the bench keeps them: a few bytes each, whatever their number.
// ---------------------------------------------------------------------------------------------------------------

const APPROVED = 1;
const REJECTED = 2;
const PENDING = 4;
/** A later approved version supersedes it (from that version's effective date). */
const SUPERSEDED = 8;
/** Superseded, and that version's effective date has come: only the archive search shows it. */
const ARCHIVED = 16;

/** What the bench keeps of every child made: its file's sha256 and id (binary), languages, family and fate. */
export class ChildIndex {
  count = 0;
  readonly sha256: Buffer;
  readonly ids: Buffer;
  readonly language: Uint8Array;
  readonly family: Uint8Array;
  readonly flags: Uint8Array;
  readonly languageLists: string[] = [];
  private readonly languageIndex = new Map<string, number>();
  /**
   * Per version chain (same customer, family, references): for each reference (the child's position in its change
   * order), the ordinal of its current approved child.
   */
  private readonly chains = new Map<number, { approved: number[] }>();

  constructor(
    readonly capacity: number,
    private readonly today: string,
  ) {
    this.sha256 = Buffer.alloc(capacity * 32);
    this.ids = Buffer.alloc(capacity * 16);
    this.language = new Uint8Array(capacity);
    this.family = new Uint8Array(capacity);
    this.flags = new Uint8Array(capacity);
  }

  /** Keeps a change order's children; a new version that is approved supersedes the chain's approved one before it. */
  add(made: GeneratedChangeOrder) {
    const family = PRODUCT_FAMILIES.indexOf(made.productFamilyName);
    const fate = made.outcome === 'approved' ? APPROVED : made.outcome === 'rejected' ? REJECTED : PENDING;
    for (const child of made.children) {
      const at = child.ordinal;
      this.sha256.write(child.sha256, at * 32, 'hex');
      this.ids.write(child.childDocumentId.replace(/-/g, ''), at * 16, 'hex');
      let language = this.languageIndex.get(child.languageList);
      if (language === undefined) {
        language = this.languageLists.length;
        this.languageLists.push(child.languageList);
        this.languageIndex.set(child.languageList, language);
      }
      this.language[at] = language;
      this.family[at] = Math.max(0, family);
      this.flags[at] = fate;
      this.count = Math.max(this.count, at + 1);
    }
    const chain = (made.revises && this.chains.get(made.revises.index)) || { approved: [] };
    this.chains.set(made.index, chain);
    if (made.outcome === 'approved') {
      // Reference by reference, as the product supersedes: a new version cut short by the end of the log (its last
      // change order) holds fewer references than the one before, whose other children stay current.
      const flag = SUPERSEDED | (made.effectiveDate <= this.today ? ARCHIVED : 0);
      made.children.forEach((child, reference) => {
        const before = chain.approved[reference];
        if (before !== undefined) this.flags[before]! |= flag;
        chain.approved[reference] = child.ordinal;
      });
    }
  }

  sha256Of(at: number) {
    return this.sha256.toString('hex', at * 32, at * 32 + 32);
  }

  childDocumentIdOf(at: number) {
    const h = this.ids.toString('hex', at * 16, at * 16 + 16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  /** Counts of children by fate, as the read model must hold them. */
  expected() {
    const counts = { children: this.count, approved: 0, rejected: 0, pending: 0, superseded: 0, archived: 0, current: 0 };
    for (let at = 0; at < this.count; at++) {
      const f = this.flags[at]!;
      if (f & APPROVED) counts.approved += 1;
      if (f & REJECTED) counts.rejected += 1;
      if (f & PENDING) counts.pending += 1;
      if (f & SUPERSEDED) counts.superseded += 1;
      if (f & ARCHIVED) counts.archived += 1;
      if (f & PENDING || (f & APPROVED && !(f & ARCHIVED))) counts.current += 1;
    }
    return counts;
  }

  /** Whether the default search (current versions) shows this child. */
  isCurrent(at: number) {
    const f = this.flags[at]!;
    return (f & PENDING) !== 0 || ((f & APPROVED) !== 0 && (f & ARCHIVED) === 0);
  }

  /** `count` approved, never superseded children with a text, drawn with a seeded PRNG: where a rare word goes. */
  pick(count: number, seed: number, taken: ReadonlySet<number>): number[] {
    const random = prng(seed);
    const picked = new Set<number>();
    for (let tries = 0; picked.size < count && tries < count * 10_000; tries++) {
      const at = Math.floor(random() * this.count);
      if (taken.has(at) || picked.has(at) || textFails(at) || this.flags[at] !== APPROVED) continue;
      picked.add(at);
    }
    if (picked.size < count) throw new Error(`only ${picked.size} of ${count} children can hold a planted word`);
    return [...picked];
  }
}

/** One child in 200 has no text: a scanned leaflet, kept with the reason as the product keeps it. */
export const textFails = (ordinal: number) => Math.imul(ordinal + 1, 2654435761) >>> 0 < 4294967296 / 200;

// ---------------------------------------------------------------------------------------------------------------
// 1. The log: change orders until there are `children` children.
// ---------------------------------------------------------------------------------------------------------------

export interface SearchLogOptions {
  children: number;
  authors: Actor[];
  approvers: Array<{ id: string; email: string; name: string }>;
  customerIds: string[];
  startAt: Date;
  /** `YYYY-MM-DD`: the day the API answers on (which superseded versions are archived). */
  today: string;
}

export interface SearchLog {
  tally: ChangeOrderTally;
  index: ChildIndex;
  written: number;
  /** Wall time of the whole write, and the part of it spent making the events (decider, metadata). */
  ms: number;
  makeMs: number;
  /** Children of the change orders whose number holds the fragment the change-order-number shape searches. */
  fragment: { text: string; children: number[] };
}

/**
 * The search's change orders straight into the log: 2 to 8 children each (1,000,000 children are about 200,000 change
 * orders), 80 % approved, 4 % rejected, the rest pending; 15 % are a new version of a recent change order (same
 * customer, family, reference and part numbers); effective dates from three years before the change order to 60
 * days after it (a portal holds years of leaflets; a new version takes effect 14 to 365 days after the one it follows),
 * so that most superseded versions are archived and some are not yet. Events are made as they are written (nothing
 * of the log is held) by `writeLog`, the bench's bulk writer on the store's hash chain.
 */
export async function writeSearchLog(db: Database, options: SearchLogOptions): Promise<SearchLog> {
  const index = new ChildIndex(options.children, options.today);
  const tally = emptyTally();
  const fragment = { text: changeOrderNumber(options.startAt.getUTCFullYear(), 40).slice(0, -1), children: [] as number[] };
  const events = changeOrderEvents(
    {
      changeOrders: Infinity,
      untilChildren: options.children,
      authors: options.authors,
      approvers: options.approvers,
      customerIds: options.customerIds,
      startAt: options.startAt,
      seed: 8_000,
      childrenPerOrder: { min: 2, max: 8 },
      decisions: { approve: 0.8, reject: 0.04 },
      effectiveDays: { min: -1095, max: 60 },
      revisions: 0.15,
      onChangeOrder: (made) => {
        index.add(made);
        if (made.documentId.includes(fragment.text)) fragment.children.push(...made.children.map((c) => c.ordinal));
      },
    },
    tally,
  );
  let makeMs = 0;
  const timed: Iterable<LogEvent> = {
    [Symbol.iterator]: () => ({
      next: () => {
        const t0 = performance.now();
        const next = events.next();
        makeMs += performance.now() - t0;
        return next;
      },
    }),
  };
  const t0 = performance.now();
  const written = await writeLog(db, timed);
  return { tally, index, written, ms: performance.now() - t0, makeMs, fragment };
}

// ---------------------------------------------------------------------------------------------------------------
// 2. The PDFs' text, as the upload extracts it.
// ---------------------------------------------------------------------------------------------------------------

/** The planted words: each in exactly this many current approved documents. */
export const PLANTED = [
  { word: 'zyxtocin', documents: 20 },
  { word: 'quenvarol', documents: 100 },
] as const;

export interface SearchTexts {
  rows: number;
  characters: number;
  failures: number;
  ms: number;
  /** Time spent making the texts (the rest is PostgreSQL: parse, TOAST compression, WAL). */
  makeMs: number;
  /** The planted words' children. */
  planted: Record<string, number[]>;
  maker: IfuTextMaker;
}

/**
 * One `document_file_text` row per child file, in order, `batch` rows per INSERT; the next batch is made while the
 * previous one is written, and no more than two batches of text exist at once. One in 200 is a failed extraction
 * (empty text, the reason), as the product keeps a scanned PDF. The planted words go into children drawn from the
 * approved, never superseded ones.
 */
export async function writeSearchTexts(db: Database, index: ChildIndex, extractedAt: string, batch = 500): Promise<SearchTexts> {
  const maker = new IfuTextMaker();
  const planted: Record<string, number[]> = {};
  const plants = new Map<number, string[]>();
  const taken = new Set<number>();
  PLANTED.forEach(({ word, documents }, i) => {
    planted[word] = index.pick(documents, 4_242 + i, taken);
    for (const at of planted[word]!) {
      taken.add(at);
      plants.set(at, [...(plants.get(at) ?? []), word]);
    }
  });
  let makeMs = 0;
  const statement = (from: number, to: number) => {
    const t0 = performance.now();
    const params: unknown[] = [extractedAt];
    const values: string[] = [];
    for (let at = from; at < to; at++) {
      const failed = textFails(at);
      let text = '';
      if (failed) maker.failed();
      else text = maker.make(at * 7_919 + 104_729, index.languageLists[index.language[at]!]!, PRODUCT_FAMILIES[index.family[at]!]!, plants.get(at));
      params.push(index.sha256Of(at), failed ? 0 : Math.max(1, Math.round(text.length / 3_000)), text, failed ? 'the PDF has no text layer (scanned)' : null);
      const n = params.length;
      values.push(`($${n - 3}, $${n - 2}, $${n - 1}, $${n}, $1)`);
    }
    makeMs += performance.now() - t0;
    return { sql: `INSERT INTO document_file_text (sha256, pages, text, failure, extracted_at) VALUES ${values.join(', ')}`, params };
  };
  const t0 = performance.now();
  let writing: Promise<unknown> | undefined;
  for (let from = 0; from < index.count; from += batch) {
    const next = statement(from, Math.min(index.count, from + batch));
    await writing;
    writing = db.query(next.sql, next.params);
  }
  await writing;
  return { rows: index.count, characters: maker.stats.characters, failures: maker.stats.failures, ms: performance.now() - t0, makeMs, planted, maker };
}

/**
 * What the product keeps when a change order takes a child's file (`indexDocumentTexts`, the command side): the
 * vector of the PDF's text in each search configuration of the child's languages (`document_text_vectors`). The
 * product's own function, `chunk` files a call, on `concurrency` connections at once (the server has 2 CPUs).
 */
export async function writeTextVectors(db: Database, index: ChildIndex, concurrency = 2, chunk = 250) {
  const ctx = { db } as unknown as AppContext; // indexDocumentTexts uses the context's database only
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < index.count) {
        const from = next;
        next = Math.min(index.count, next + chunk);
        const files: Array<{ sha256: string; languageList: string }> = [];
        for (let at = from; at < next; at++) files.push({ sha256: index.sha256Of(at), languageList: index.languageLists[index.language[at]!]! });
        await indexDocumentTexts(ctx, files);
      }
    }),
  );
  const ms = performance.now() - t0;
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM document_text_vectors');
  return { files: index.count, vectors: Number(rows[0]!.n), ms, concurrency };
}

// ---------------------------------------------------------------------------------------------------------------
// 3. The query shapes, and what their answers must be.
// ---------------------------------------------------------------------------------------------------------------

export interface SearchHitAnswer {
  childDocumentId: string;
  documentNumber: string;
  changeOrderNo: string;
  productName: string;
  customerName: string;
  associatedReferenceNumber: string;
  productSubFamilyNameOne: string;
  archived: boolean;
  status: string;
  snippet: Array<{ text: string; match: boolean }>;
}

export interface SearchShape {
  name: string;
  /** What the shape is, for the report (how many documents hold the words). */
  about: string;
  body: SearchDocumentsRequest;
  /** Throws when the answer is not what the corpus says it must be. */
  check(list: SearchHitAnswer[]): void;
}

const fail = (shape: string, message: string): never => {
  throw new Error(`${shape}: ${message}`);
};

/**
 * Rare: a planted word (20 documents: exactly those must come back). Common: the IFU word whose document frequency is
 * nearest 2.5 % of the children; mid-frequency: nearest 15 %. Very frequent: 'sterile' (the symbol glossary, English and Italian texts, and every
 * child's keywords). A fragment of a document number ('00042'), a change order number fragment (`CO-2026-0004`:
 * change orders 40 to 49), and words with a customer and a product name.
 */
export function searchShapes(log: SearchLog, texts: SearchTexts, customer: { name: string }): SearchShape[] {
  const { index } = log;
  const n = index.count;
  const share = (documents: number) => `${documents.toLocaleString('en-US')} documents, ${((documents / n) * 100).toFixed(2)} %`;
  const candidates = texts.maker
    .ifuWordFrequencies()
    .filter((w) => w.word.length >= 6 && /^[a-z]+$/.test(w.word) && w.documents > 0)
    .sort((a, b) => Math.abs(a.documents / n - 0.025) - Math.abs(b.documents / n - 0.025));
  const common = candidates[0] ?? fail('common term', 'no IFU word was written');
  // Mid-frequency: the IFU word nearest 15 % of the children (in the PDF text only: ranked after any own-field match).
  const mid = [...candidates].filter((w) => w.word !== common.word).sort((a, b) => Math.abs(a.documents / n - 0.15) - Math.abs(b.documents / n - 0.15))[0] ?? common;
  const frequent = 'sterile';
  const rare = PLANTED[0];
  const plantedIds = new Set(texts.planted[rare.word]!.map((at) => index.childDocumentIdOf(at)));
  const expectedFragment = log.fragment.children.filter((at) => index.isCurrent(at)).length;
  const product = PRODUCT_FAMILIES[1]!.split(' ')[0]!;
  const full = (name: string, list: SearchHitAnswer[]) => {
    if (list.length !== SEARCH_RESULTS_MAX) fail(name, `${list.length} hits, expected a full page of ${SEARCH_RESULTS_MAX}`);
  };
  const noArchived = (name: string, list: SearchHitAnswer[]) => {
    const archived = list.find((hit) => hit.archived || !['APPROVED', 'REQUIRE_APPROVAL'].includes(hit.status));
    if (archived) fail(name, `answered ${archived.documentNumber} (${archived.status}${archived.archived ? ', archived' : ''})`);
  };
  return [
    {
      name: `rare term '${rare.word}'`,
      about: `planted in ${share(texts.maker.frequency(rare.word))}`,
      body: { keywords: rare.word, isArchieveSearch: false },
      check(list) {
        const ids = new Set(list.map((hit) => hit.childDocumentId));
        if (ids.size !== plantedIds.size || [...plantedIds].some((id) => !ids.has(id))) fail(this.name, `${list.length} hits, not the ${plantedIds.size} documents it was planted in`);
        if (list.some((hit) => !hit.snippet.some((part) => part.match && part.text.toLowerCase().includes(rare.word)))) fail(this.name, 'a hit without the word in its snippet');
      },
    },
    {
      name: `common term '${common.word}'`,
      about: `${common.language} IFU word in ${share(common.documents)}`,
      body: { keywords: common.word, isArchieveSearch: false },
      check(list) {
        full(this.name, list);
        noArchived(this.name, list);
      },
    },
    {
      name: `mid-frequency term '${mid.word}'`,
      about: `${mid.language} IFU word in ${share(mid.documents)}`,
      body: { keywords: mid.word, isArchieveSearch: false },
      check(list) {
        full(this.name, list);
        noArchived(this.name, list);
      },
    },
    {
      name: `very frequent term '${frequent}'`,
      about: `in the text of ${share(texts.maker.frequency(frequent))}, and in every child's keywords`,
      body: { keywords: frequent, isArchieveSearch: false },
      check(list) {
        full(this.name, list);
        noArchived(this.name, list);
      },
    },
    {
      name: "document number fragment '00042'",
      about: 'keywords: inside document, change order, reference numbers (trigram)',
      body: { keywords: '00042', isArchieveSearch: false },
      check(list) {
        if (list.length === 0) fail(this.name, 'no hit');
        const outside = list.find((hit) => ![hit.documentNumber, hit.changeOrderNo, hit.associatedReferenceNumber, hit.productSubFamilyNameOne].some((v) => v.includes('00042')));
        if (outside) fail(this.name, `answered ${outside.documentNumber}, whose numbers do not hold 00042`);
        noArchived(this.name, list);
      },
    },
    {
      name: `change order no. '${log.fragment.text}'`,
      about: `changeOrderNo: change orders 40 to 49, ${expectedFragment} current children`,
      body: { changeOrderNo: log.fragment.text, isArchieveSearch: false },
      check(list) {
        const expected = Math.min(SEARCH_RESULTS_MAX, expectedFragment);
        if (list.length !== expected) fail(this.name, `${list.length} hits, expected ${expected}`);
        const outside = list.find((hit) => !hit.changeOrderNo.includes(log.fragment.text));
        if (outside) fail(this.name, `answered ${outside.changeOrderNo}`);
      },
    },
    {
      name: `combined: '${common.word}' + customer + product`,
      about: `customerName '${customer.name}', productName '${product}'`,
      body: { keywords: common.word, customerName: customer.name, productName: product, isArchieveSearch: false },
      check(list) {
        if (list.length === 0) fail(this.name, 'no hit');
        const outside = list.find((hit) => hit.customerName !== customer.name || !hit.productName.includes(product));
        if (outside) fail(this.name, `answered ${outside.documentNumber} of ${outside.customerName}, ${outside.productName}`);
        noArchived(this.name, list);
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Latency and throughput over HTTP, against the bare app's primary-key read, interleaved.
// ---------------------------------------------------------------------------------------------------------------

export const SEARCH_PATH = '/document/searchDocuments/';

export interface ShapeResult {
  name: string;
  about: string;
  body: SearchDocumentsRequest;
  hits: number;
  answerBytes: number;
  /** Answer checked against the corpus: undefined when right, else what was wrong. */
  wrong?: string;
  requestsPerRound: number;
  /** One client, sequential: the latency a user sees. */
  sequential: ThroughputComparison;
  /** `clients` closed loops: throughput. */
  loaded: ThroughputComparison;
  p50Ms: number;
  p99Ms: number;
  baselineP50Ms: number;
  baselineP99Ms: number;
  loadedP50Ms: number;
  loadedP99Ms: number;
}

const pooled = (results: ThroughputComparison['product'], p: number) => percentile(results.flatMap((r) => r.latenciesMs ?? []), p);

/**
 * One shape: its answer checked, then `rounds` rounds of the same requests against the baseline and the API
 * alternating (compareThroughput), first with one client (p50, p99 pooled over the rounds), then with `clients`
 * (requests/s, medians of the rounds). A shape slower than `budgetMs` per round-side is measured with fewer requests
 * (at least 60), so that a slow query cannot hold the run for hours; the count is reported.
 */
export async function measureShape(
  api: ApiProcess,
  bare: BareApp,
  shape: SearchShape,
  options: { requests: number; clients: number; rounds: number; budgetMs?: number },
): Promise<ShapeResult> {
  const first = await call('POST', `${api.url}${SEARCH_PATH}`, { token: api.token, body: shape.body });
  if (first.status !== 200) throw new Error(`${shape.name}: POST ${SEARCH_PATH} answered ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
  const list = (first.body as { data: { list: SearchHitAnswer[] } }).data.list;
  let wrong: string | undefined;
  try {
    shape.check(list);
  } catch (error) {
    wrong = (error as Error).message;
  }
  const t0 = performance.now();
  for (let i = 0; i < 5; i++) await call('POST', `${api.url}${SEARCH_PATH}`, { token: api.token, body: shape.body });
  const estimateMs = (performance.now() - t0) / 5;
  const requests = Math.max(60, Math.min(options.requests, Math.floor((options.budgetMs ?? 20_000) / Math.max(estimateMs, 0.01))));
  const baseline: Omit<LoadOptions, 'requests' | 'concurrency'> = { url: `${bare.url}/user/me`, headers: { 'x-user-id': api.adminId }, keepLatencies: true };
  const product: Omit<LoadOptions, 'requests' | 'concurrency'> = {
    url: `${api.url}${SEARCH_PATH}`,
    method: 'POST',
    body: JSON.stringify(shape.body),
    headers: { authorization: `Bearer ${api.token}` },
    keepLatencies: true,
  };
  const warmup = Math.min(50, requests);
  const sequential = await compareThroughput(shape.name, baseline, product, { requests, concurrency: 1, rounds: options.rounds, warmup });
  const loaded = await compareThroughput(shape.name, baseline, product, { requests, concurrency: options.clients, rounds: options.rounds, warmup });
  return {
    name: shape.name,
    about: shape.about,
    body: shape.body,
    hits: list.length,
    answerBytes: Buffer.byteLength(JSON.stringify(first.body)),
    wrong,
    requestsPerRound: requests,
    sequential,
    loaded,
    p50Ms: pooled(sequential.product, 50),
    p99Ms: pooled(sequential.product, 99),
    baselineP50Ms: pooled(sequential.baseline, 50),
    baselineP99Ms: pooled(sequential.baseline, 99),
    loadedP50Ms: pooled(loaded.product, 50),
    loadedP99Ms: pooled(loaded.product, 99),
  };
}

/** The latencies of a comparison without the raw samples (they are pooled into the percentiles), for the JSON. */
export const withoutSamples = (c: ThroughputComparison) => ({
  ...c,
  baseline: c.baseline.map(({ latenciesMs: _l, ...r }) => r),
  product: c.product.map(({ latenciesMs: _l, ...r }) => r),
});

// ---------------------------------------------------------------------------------------------------------------
// 5. The SQL of each shape under EXPLAIN (ANALYZE, BUFFERS).
// ---------------------------------------------------------------------------------------------------------------

/** The criteria the route builds from the body (the contract's own transform, the customer looked up by name). */
export async function criteriaOf(db: Queryable, body: SearchDocumentsRequest, today: string) {
  const parsed: SearchDocumentsCriteria = SearchDocumentsRequest.parse(body);
  let customerIds: string[] | undefined;
  if (parsed.customerName) {
    const customer = await findCustomerByName(db, parsed.customerName);
    customerIds = customer ? [customer.id] : [];
  }
  return { keywords: parsed.keywords, changeOrderNo: parsed.changeOrderNo, productName: parsed.productName, customerIds, archive: parsed.archive, today, limit: SEARCH_RESULTS_MAX };
}

/**
 * searchDocuments' statements for a body, each under EXPLAIN (ANALYZE, BUFFERS): report lines and whole plans; and
 * `directMs`, the median of `calls` calls of searchDocuments itself from the bench (its SQL and the rows' transfer,
 * without HTTP, session, snippets and JSON: the API's share is the HTTP p50 less this).
 */
export async function explainShape(
  db: Queryable,
  body: SearchDocumentsRequest,
  today: string,
  calls = 50,
): Promise<{ lines: string[]; statements: ExplainedStatement[]; directMs: number; directBytes: number }> {
  const criteria = await criteriaOf(db, body, today);
  const statements: ExplainedStatement[] = [];
  const times: number[] = [];
  let directBytes = 0;
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    const hits = await searchDocuments(db, criteria);
    times.push(performance.now() - t0);
    directBytes = Buffer.byteLength(JSON.stringify(hits));
  }
  const lines = await explainStatements(db, (recorder) => searchDocuments(recorder, criteria), { buffers: true, explained: statements });
  return { lines, statements, directMs: percentile(times, 50), directBytes };
}

// ---------------------------------------------------------------------------------------------------------------
// Diagnostics: the rebuild's progress, the cost of one row's vector, the select list's share of a search.
// ---------------------------------------------------------------------------------------------------------------

/**
 * Reads the projection's checkpoint every `everyMs` while it rebuilds (on a connection of its own) and reports the
 * position and the rate since the last reading: a rebuild that slows as the table grows shows here. A rebuild into a
 * shadow moves the checkpoint only at its swap: `tell(position)` (its `afterBatch`) gives the shadow's position instead.
 */
export function watchProgress(db: Queryable, projection: string, events: number, report: (line: string) => void, everyMs = 60_000) {
  let told: number | undefined;
  const start = performance.now();
  const samples: Array<{ s: number; position: number }> = [];
  let last = { ms: start, position: 0 };
  const timer = setInterval(() => {
    void db
      .query<{ position: string }>('SELECT position FROM projection_checkpoints WHERE name = $1', [projection])
      .then(({ rows }) => {
        const now = performance.now();
        const position = told ?? Number(rows[0]?.position ?? 0);
        samples.push({ s: Math.round((now - start) / 1000), position });
        report(
          `${projection}: position ${position.toLocaleString('en-US')} of ${events.toLocaleString('en-US')} after ${Math.round((now - start) / 1000)} s, ` +
            `${Math.round(((position - last.position) / (now - last.ms)) * 1000).toLocaleString('en-US')} events/s since the last reading`,
        );
        last = { ms: now, position };
      })
      .catch(() => {});
  }, everyMs);
  return {
    samples,
    tell: async (position: number) => {
      told = position;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * What the vector costs, per row: `document_search_head` and `document_search_file` over a sample of rows (their configurations, the numbers,
 * names and keywords as title, descriptions as body, and their PDF's stored text vectors), against reading the same
 * rows and texts without it. Approximates the projection's title and body (built in Node) from the stored columns.
 */
export async function vectorCost(db: Queryable, sample = 2_000) {
  const from = `FROM (SELECT * FROM document_search ORDER BY id LIMIT ${sample}) d LEFT JOIN document_file_text t ON t.sha256 = d.sha256`;
  const time = async (sql: string) => {
    const t0 = performance.now();
    const { rows } = await db.query<Record<string, string>>(sql);
    return { ms: performance.now() - t0, row: rows[0]! };
  };
  await time(`SELECT sum(length(t.text)) ${from}`); // warm: the sample's pages in memory
  const read = await time(`SELECT count(*) AS n, sum(length(t.text)) AS chars, avg(cardinality(d.configs)) AS configs ${from}`);
  const vector = await time(
    `SELECT sum(length(document_search_head(d.configs, d.numbers || ' ' || d.product_family_name || ' ' || d.keywords || ' ' || d.doc_name,
                                            d.keywords || ' ' || d.change_description || ' ' || d.change_justification || ' ' || d.product_family_name)
                       || document_search_file(d.configs, d.sha256))) AS lexemes ${from}`,
  );
  const rows = Number(read.row.n);
  return {
    rows,
    meanCharacters: Number(read.row.chars) / rows,
    meanConfigs: Number(read.row.configs),
    meanLexemes: Number(vector.row.lexemes) / rows,
    readMs: read.ms,
    vectorMs: vector.ms,
    perRowMs: (vector.ms - read.ms) / rows,
  };
}

interface TimedNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Total Time': number;
  'Actual Loops': number;
  Plans?: TimedNode[];
}

/**
 * The plan's nodes by the time of their own (total less their children's), most first: where a search spends it. A
 * node's own time includes computing its output columns: for searchDocuments, the Nested Loop above the hits' text
 * holds ts_headline of every hit, the one above the candidates ts_rank_cd of every candidate.
 */
export function ownTimes(plan: unknown, top = 3): Array<{ node: string; ms: number }> {
  const total = (n: TimedNode) => n['Actual Total Time'] * n['Actual Loops'];
  const out: Array<{ node: string; ms: number }> = [];
  const walk = (n: TimedNode) => {
    const own = total(n) - (n.Plans ?? []).reduce((a, child) => a + total(child), 0);
    const rows = (n as unknown as { 'Actual Rows': number })['Actual Rows'];
    out.push({ node: `${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : n['Relation Name'] ? ` on ${n['Relation Name']}` : ''} (${rows} rows)`, ms: own });
    for (const child of n.Plans ?? []) walk(child);
  };
  walk((plan as { Plan: TimedNode }).Plan);
  return out.sort((a, b) => b.ms - a.ms).slice(0, top);
}
