/**
 * The documents feature: a 50 MB PDF uploaded to an API running in its own process (its memory growth, sampled from
 * /proc), and the documents list over 100,000 change orders generated with the product's own decider.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CHANGE_ORDER_NUMBERS_STREAM, type ChildDetails, type DocumentEvent, type DocumentFile, documentStreamId, type Signature } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import type { Actor } from '@ifu/storage/event-store/event-store';
import { type ChangeOrderState, filesToReview, openedKey } from '@ifu/services/documents/change-order';
import { changeOrderNumber, approvalRoutingNumber } from '@ifu/services/documents/authoring/change-order-numbers';
import { changeOrderDecider } from '../../test-support/change-order-decider';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { completeLogIn } from '../../test-support/http-client';
import { BENCH_AUDIT_KEY } from '../lib/audit-key';
import type { LogEvent } from '../lib/events';
import { metadataFor, prng, uuidFrom } from '../lib/events';
import { startSmtpSink } from '../lib/smtp-sink';
import { median, percentile } from '../lib/stats';
import type { BenchApi } from './api';

const REPO_ROOT = new URL('../../', import.meta.url).pathname;

// ---------------------------------------------------------------------------------------------------------------
// The large PDF.
// ---------------------------------------------------------------------------------------------------------------

/**
 * A PDF of about `bytes` bytes made with pdf-lib: one page of IFU text (so the text extraction finds something) and an
 * embedded file attachment of random bytes (incompressible, so the size holds) making up the rest. Written to `path`.
 */
export async function makeLargePdf(path: string, bytes: number): Promise<number> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const lines = [
    'Instructions for use - Gebrauchsanweisung',
    'CardioFlow PTCA Balloon Catheter, LOT-BENCH-50MB',
    'Attached: the device master record scan (binary, for the upload benchmark).',
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 20, size: 12, font }));
  const overhead = (await pdf.save()).length + 2_000;
  await pdf.attach(randomBytes(Math.max(0, bytes - overhead)), 'device-master-record.bin', { mimeType: 'application/octet-stream', description: 'bench payload' });
  const saved = await pdf.save({ useObjectStreams: false });
  writeFileSync(path, saved);
  return saved.length;
}

// ---------------------------------------------------------------------------------------------------------------
// The API in its own process, its memory read from /proc.
// ---------------------------------------------------------------------------------------------------------------

export interface ApiProcess {
  url: string;
  pid: number;
  token: string;
  /** The id of the administrator logged in. */
  adminId: string;
  /** The LINK_SECRET it runs with (the search links it accepts are sealed with it). */
  linkSecret: string;
  stop(): Promise<void>;
}

/**
 * `bench/lib/api-child.ts` as its own Node process (`node --import tsx`, no launcher in between, so its pid is the
 * API's): production configuration on the given schema, logs to /dev/null, mail to a loopback SMTP sink. LINK_SECRET
 * is `options.linkSecret` when given (the public bench seals visitors' search links with it), else a random one.
 */
export async function startApiProcess(databaseUrl: string, admin: { email: string; password: string }, options: { linkSecret?: string } = {}): Promise<ApiProcess> {
  const linkSecret = options.linkSecret ?? randomBytes(36).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), 'ifu-bench-upload-'));
  const smtp = await startSmtpSink();
  // BENCH_API_CPU_PROF_DIR: the API process writes a V8 CPU profile there when it stops (where its time goes).
  const profileDir = process.env.BENCH_API_CPU_PROF_DIR;
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profiling, '--import', 'tsx', 'bench/lib/api-child.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      API_PORT: '0',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      LINK_SECRET: linkSecret,
      AUDIT_KEY: BENCH_AUDIT_KEY,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API process did not start within 60 s:\n${errors.join('')}`)), 60_000);
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    void exited.then(() => reject(new Error(`API process exited:\n${errors.join('')}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const login = await fetch(`${url}/user/get/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: admin.email, password: admin.password }) });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const body = (await login.json()) as { message: string; id: string };
  // An ADMIN sets up a second factor at the first login: the test helpers do it as a person would.
  const token = await completeLogIn(url, admin.email, body);
  // The first answer of a login that still needs the second factor names no account: ask who this is.
  const me = await fetch(`${url}/user/me`, { headers: { authorization: `Bearer ${token}` } });
  if (me.status !== 200) throw new Error(`GET /user/me: ${me.status} ${await me.text()}`);
  const adminId = ((await me.json()) as { id: string }).id;
  return {
    url,
    pid: child.pid!,
    token,
    adminId,
    linkSecret,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      process.off('exit', killOnExit);
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident set size of a process in bytes (VmRSS), or 0 when it is gone. */
function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The process's children (the PDF reader's processes, kept warm by the API). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export interface UploadRun {
  label: string;
  fileBytes: number;
  ms: number;
  /** performance.now() when the answer came. */
  answeredAt: number;
  /** RSS of the API process: median of 10 samples just before, and the largest sample during the upload. */
  rssBeforeBytes: number;
  rssPeakBytes: number;
  rssGrowthBytes: number;
  /** The largest RSS of the API's child processes (the PDF reader's warm processes) seen during the upload, for information. */
  extractorPeakBytes: number;
  samples: number;
}

/**
 * One POST /document/addDocumentFiles with `isParent=false` and the file as `childMainDocument`, streamed from disk
 * (fs.openAsBlob: fetch reads the file as it sends it). The API process's RSS is read every `everyMs` from 200 ms
 * before the request until the answer (which comes after the file is stored, typed and its PDF structure checked; its
 * text is extracted after the answer).
 */
export async function timeUpload(api: ApiProcess, path: string, label: string, everyMs = 20): Promise<UploadRun> {
  const fileBytes = (await stat(path)).size;
  const before: number[] = [];
  for (let i = 0; i < 10; i++) {
    before.push(rssOf(api.pid));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  const rssBeforeBytes = median(before);
  let peak = 0;
  let extractorPeak = 0;
  let samples = 0;
  const sample = () => {
    peak = Math.max(peak, rssOf(api.pid));
    for (const child of childrenOf(api.pid)) extractorPeak = Math.max(extractorPeak, rssOf(child));
    samples += 1;
  };
  const timer = setInterval(sample, everyMs);
  const body = new FormData();
  body.set('isParent', 'false');
  body.set('childMainDocument', await openAsBlob(path, { type: 'application/pdf' }), 'large-ifu.pdf');
  const start = performance.now();
  try {
    const response = await fetch(`${api.url}/document/addDocumentFiles`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`upload of ${label}: ${response.status} ${text.slice(0, 300)}`);
    const answer = JSON.parse(text) as { fileDetails: Array<{ size: number }> };
    if (answer.fileDetails[0]?.size !== fileBytes) throw new Error(`upload of ${label}: stored ${answer.fileDetails[0]?.size} bytes of ${fileBytes}`);
  } finally {
    clearInterval(timer);
  }
  const answeredAt = performance.now();
  const ms = answeredAt - start;
  sample();
  return { label, fileBytes, ms, answeredAt, rssBeforeBytes, rssPeakBytes: peak, rssGrowthBytes: Math.max(0, peak - rssBeforeBytes), extractorPeakBytes: extractorPeak, samples };
}

/** The SHA-256 of a file, as the API keeps it (the text queue's rows are keyed by it). */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * Milliseconds from `answeredAt` (performance.now() at the upload's answer) until the file's text is kept for the
 * searches: its `document_file_text` row, written in the transaction that gives the searches' rows using the file its
 * words (documents/text-queue.ts). Polled every 10 ms; fails after `timeoutMs`.
 */
export async function msUntilTextKept(db: Queryable, sha256: string, answeredAt: number, timeoutMs = 120_000): Promise<number> {
  for (;;) {
    const { rows } = await db.query<{ failure: string | null }>('SELECT failure FROM document_file_text WHERE sha256 = $1', [sha256]);
    if (rows[0]) {
      if (rows[0].failure) throw new Error(`the text of ${sha256} could not be extracted: ${rows[0].failure}`);
      return performance.now() - answeredAt;
    }
    if (performance.now() - answeredAt > timeoutMs) throw new Error(`the text of ${sha256} was not kept within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The baseline: the same file copied on disk through streams (read, write, fsync), in this process. */
export async function timeDiskCopy(path: string, to: string): Promise<number> {
  const start = performance.now();
  const out = createWriteStream(to, { flush: true });
  await pipeline(createReadStream(path), out);
  const ms = performance.now() - start;
  rmSync(to, { force: true });
  return ms;
}

// ---------------------------------------------------------------------------------------------------------------
// 100,000 change orders, as the product's decider writes them.
// ---------------------------------------------------------------------------------------------------------------

export interface ChangeOrderLogOptions {
  /** How many change orders at most (`untilChildren` may stop earlier). */
  changeOrders: number;
  authors: Actor[];
  approvers: Array<{ id: string; email: string; name: string }>;
  customerIds: string[];
  /** Continues after the log's last recorded time. */
  startAt: Date;
  seed?: number;
  /** Stop once this many child documents are made (the last change order gets only the children still missing). */
  untilChildren?: number;
  /** Children per change order, drawn evenly from min to max (default 1 to 4). */
  childrenPerOrder?: { min: number; max: number };
  /** Shares of change orders the approver approves and rejects (default 0.6 and 0.05); the rest stay pending. */
  decisions?: { approve: number; reject: number };
  /** The effective date, in days after the change order is made, drawn evenly from min to max (default 7 to 66). */
  effectiveDays?: { min: number; max: number };
  /**
   * Share of change orders that are a new version of a recent one (default 0): same customer, product family and, for
   * each child, the same reference and part number; effective 14 to 365 days after the version it follows. Once both
   * are approved, the later one supersedes the earlier one's children.
   */
  revisions?: number;
  /** Sees each change order once its events are made (the search bench keeps what it needs of its children). */
  onChangeOrder?: (made: GeneratedChangeOrder) => void;
}

/** What the generator made of one change order, for the benches that need more than the events. */
export interface GeneratedChangeOrder {
  /** 1-based, the number in its document id. */
  index: number;
  parentChangeId: string;
  documentId: string;
  customerId: string;
  productFamilyName: string;
  effectiveDate: string;
  outcome: 'approved' | 'rejected' | 'pending';
  /** Its children, in order; `ordinal` counts every child the generator made, from 0. */
  children: Array<{ ordinal: number; childDocumentId: string; documentNumber: string; sha256: string; languageList: string }>;
  /** The earlier change order this one is a new version of. */
  revises?: { index: number; firstChild: number; children: number };
}

export interface ChangeOrderLog {
  events: LogEvent[];
  byType: Record<string, number>;
  pending: number;
  approved: number;
  rejected: number;
  children: number;
}

/** What `changeOrderEvents` counts while it yields. */
export type ChangeOrderTally = Omit<ChangeOrderLog, 'events'> & { changeOrders: number; revisions: number };

export const emptyTally = (): ChangeOrderTally => ({ byType: {}, pending: 0, approved: 0, rejected: 0, children: 0, changeOrders: 0, revisions: 0 });

const LANGUAGE_SETS = ['en', 'de', 'fr', 'es', 'it', 'nl', 'sv', 'pt', 'de,fr,it', 'fr,nl'];
const COUNTRY_SETS = ['GB,IE', 'DE,AT', 'FR,BE,LU', 'ES,MX', 'IT', 'NL,BE', 'SE,FI', 'PT,BR', 'CH', 'US,CA'];
export const PRODUCT_FAMILIES = [
  'CardioFlow PTCA Balloon Catheters',
  'OrthoFix Bone Screws',
  'SteriGuard Surgical Drapes',
  'GlucoSense Meters',
  'VentaLine Infusion Sets',
  'DermaClose Skin Staplers',
];
const CHANGE_TYPES = ['General Document', 'Record', 'Model/Product Information', 'Product Drawing'];
/** Recent change orders a new version may follow. */
const REVISABLE_WINDOW = 5_000;

const hex = (random: () => number, length: number) => Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
const fileOf = (random: () => number, name: string, contentType = 'application/pdf'): DocumentFile => ({
  fileId: uuidFrom(random),
  sha256: hex(random, 64),
  contentType,
  size: 40_000 + Math.floor(random() * 400_000),
  docName: name,
});
const DAY_MS = 86_400_000;

/**
 * The events of change orders as the product records them, one command at a time, yielded as they are made (a log
 * of millions of events never needs to be held): the number (ChangeOrderNumberAssigned), then
 * `changeOrderDecider.decide` of the author's signed CreateChangeOrder (the ChangeOrderCreated and one
 * ChildDocumentAdded per child, 1 to 4 by default), and for about 65 % the assigned approver's signed decision (about
 * 1 in 13 of those a rejection); the rest stay pending. Signatures are bound to the stream versions as sign() binds
 * them; files are content addresses only (no file is stored). `tally` is kept up to date as events are yielded.
 */
export function* changeOrderEvents(options: ChangeOrderLogOptions, tally: ChangeOrderTally): Generator<LogEvent> {
  const random = prng(options.seed ?? 2026);
  const { min: minChildren, max: maxChildren } = options.childrenPerOrder ?? { min: 1, max: 4 };
  const { approve: approveShare, reject: rejectShare } = options.decisions ?? { approve: 0.6, reject: 0.05 };
  const { min: minDays, max: maxDays } = options.effectiveDays ?? { min: 7, max: 66 };
  const untilChildren = options.untilChildren ?? Infinity;
  const revisable: Array<{ index: number; customerId: string; family: string; effectiveDate: string; firstChild: number; refs: Array<{ reference: string; part: string }> }> = [];
  let at = options.startAt.getTime();
  const year = options.startAt.getUTCFullYear();
  const made = (streamId: string, streamVersion: number, event: { type: string; data: unknown }, actor: Actor, when: Date): LogEvent => {
    tally.byType[event.type] = (tally.byType[event.type] ?? 0) + 1;
    return { streamId, streamVersion, type: event.type, data: event.data as Record<string, unknown>, metadata: metadataFor(random, actor, when), recordedAt: when.toISOString() };
  };
  for (let i = 1; i <= options.changeOrders && tally.children < untilChildren; i++) {
    at += 1_000 + Math.floor(random() * 60_000);
    const when = new Date(at);
    const author = options.authors[Math.floor(random() * options.authors.length)]!;
    const authorId = author.type === 'user' ? author.userId : '';
    const approver = options.approvers[Math.floor(random() * options.approvers.length)]!;
    const parentChangeId = uuidFrom(random);
    const documentId = changeOrderNumber(year, i);
    const stream = documentStreamId(parentChangeId);
    yield made(CHANGE_ORDER_NUMBERS_STREAM, i, { type: 'ChangeOrderNumberAssigned', data: { year, number: i, documentId, parentChangeId } }, author, when);
    let family = PRODUCT_FAMILIES[Math.floor(random() * PRODUCT_FAMILIES.length)]!;
    const signature = (signer: { id: string; email: string; name: string }, meaning: Signature['meaning'], version: number, signedAt: Date): Signature => ({
      signerId: signer.id,
      name: signer.name,
      email: signer.email,
      signedAt: signedAt.toISOString(),
      meaning,
      subject: { stream, version },
    });
    const authorSigner = { id: authorId, email: author.type === 'user' ? author.email : '', name: author.type === 'user' ? (author.name ?? '') : '' };
    let childCount = minChildren + Math.floor(random() * (maxChildren - minChildren + 1));
    let effective = new Date(at + (minDays + Math.floor(random() * (maxDays - minDays + 1))) * DAY_MS).toISOString().slice(0, 10);
    const changeType = CHANGE_TYPES[Math.floor(random() * CHANGE_TYPES.length)]!;
    let customerId = options.customerIds[Math.floor(random() * options.customerIds.length)]!;
    const isInternal = random() < 0.2;
    const logo = fileOf(random, 'logo.png', 'image/png');
    const files = random() < 0.5 ? [fileOf(random, 'risk-analysis.pdf')] : [];
    // A new version of a recent change order: its customer, family and children's numbers, effective later.
    const source = options.revisions && revisable.length > 0 && random() < options.revisions ? revisable[Math.floor(random() * revisable.length)]! : undefined;
    if (source) {
      family = source.family;
      customerId = source.customerId;
      childCount = source.refs.length;
      effective = new Date(Date.parse(source.effectiveDate) + (14 + Math.floor(random() * 352)) * DAY_MS).toISOString().slice(0, 10);
      tally.revisions += 1;
    }
    childCount = Math.min(childCount, untilChildren - tally.children);
    const firstChild = tally.children;
    const children = Array.from({ length: childCount }, (_, c) => {
      const details: ChildDetails = {
        associatedReferenceNumber: source?.refs[c]!.reference ?? `LOT-${String(i).padStart(6, '0')}-${c + 1}`,
        productSubFamilyNameOne: source?.refs[c]!.part ?? `PN-${1000 + (i % 9000)}-${c + 1}`,
        productSubFamilyNameTwo: `BOM-${i % 500}`,
        billMaterialInformation: `BOM-${i % 500}`,
        keywords: 'sterile single use',
        countryList: COUNTRY_SETS[Math.floor(random() * COUNTRY_SETS.length)]!,
        languageList: LANGUAGE_SETS[Math.floor(random() * LANGUAGE_SETS.length)]!,
        changeDescription: 'New revision',
        changeJustification: 'Labelling update',
      };
      return { ...details, childDocumentId: uuidFrom(random), file: fileOf(random, `ifu-${c + 1}.pdf`) };
    });
    const decision = changeOrderDecider.decide(
      {
        type: 'CreateChangeOrder',
        parentChangeId,
        documentId,
        approvalRoutingNumber: approvalRoutingNumber(documentId),
        details: {
          productFamilyName: family,
          productFamilyDescription: `${family}: instructions for use`,
          changeDescription: `Revision ${1 + (i % 9)} of the ${family} leaflets`,
          changeJustification: 'Labelling update after design review',
          changeType,
          customerId,
          approverId: approver.id,
          isInternal,
          effectiveDate: effective,
        },
        logo,
        files,
        children,
        customer: { id: '', status: 'APPROVED' },
        approver: { id: approver.id, role: 'ADMIN', active: true },
        signature: signature(authorSigner, 'authorship', 0, when),
        comments: 'Ready for review',
        actorUserId: authorId,
      },
      changeOrderDecider.initialState(),
    );
    if (decision.rejection || decision.events.length === 0) throw new Error(`the decider refused change order ${i}: ${JSON.stringify(decision.rejection)}`);
    let state: ChangeOrderState = changeOrderDecider.initialState();
    let version = 0;
    for (const event of decision.events) {
      version += 1;
      state = changeOrderDecider.evolve(state, event);
      yield made(stream, version, event, author, when);
    }
    tally.children += childCount;
    tally.changeOrders += 1;
    let outcome: GeneratedChangeOrder['outcome'] = 'pending';
    const roll = random();
    if (roll < approveShare + rejectShare) {
      at += 500;
      const decidedAt = new Date(at);
      const approve = roll < approveShare;
      const decided = changeOrderDecider.decide(
        {
          type: 'DecideChangeOrder',
          approve,
          reason: approve ? '' : 'The flow table does not match the verification report.',
          signature: signature(approver, approve ? 'approval' : 'rejection', version, decidedAt),
          signerRole: 'ADMIN',
          // The approver's review downloads live in their own streams, which the list does not read: not generated.
          opened: new Set(filesToReview(state).map(openedKey)),
          now: decidedAt,
        },
        state,
      );
      if (decided.rejection) throw new Error(`the decider refused the decision of change order ${i}: ${JSON.stringify(decided.rejection)}`);
      for (const event of decided.events as DocumentEvent[]) {
        version += 1;
        yield made(stream, version, event, { type: 'user', userId: approver.id, email: approver.email, name: approver.name }, decidedAt);
      }
      outcome = approve ? 'approved' : 'rejected';
      if (approve) tally.approved += 1;
      else tally.rejected += 1;
    } else tally.pending += 1;
    if (options.revisions) {
      const refs = children.map((child) => ({ reference: child.associatedReferenceNumber, part: child.productSubFamilyNameOne }));
      const entry = { index: i, customerId, family, effectiveDate: effective, firstChild, refs };
      if (revisable.length < REVISABLE_WINDOW) revisable.push(entry);
      else revisable[i % REVISABLE_WINDOW] = entry;
    }
    options.onChangeOrder?.({
      index: i,
      parentChangeId,
      documentId,
      customerId,
      productFamilyName: family,
      effectiveDate: effective,
      outcome,
      children: children.map((child, c) => ({
        ordinal: firstChild + c,
        childDocumentId: child.childDocumentId,
        documentNumber: (decision.events[c + 1]!.data as { child: { documentNumber: string } }).child.documentNumber,
        sha256: child.file.sha256,
        languageList: child.languageList,
      })),
      ...(source ? { revises: { index: source.index, firstChild: source.firstChild, children: source.refs.length } } : {}),
    });
  }
}

/** The whole log of `changeOrderEvents` in memory (the documents list's 100,000 change orders). */
export function generateChangeOrderLog(options: ChangeOrderLogOptions): ChangeOrderLog {
  const tally = emptyTally();
  const events = [...changeOrderEvents(options, tally)];
  return { events, byType: tally.byType, pending: tally.pending, approved: tally.approved, rejected: tally.rejected, children: tally.children };
}

// ---------------------------------------------------------------------------------------------------------------
// The list's latency against GET /user/me, one client, interleaved.
// ---------------------------------------------------------------------------------------------------------------

export interface LatencyRun {
  name: string;
  path: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  bytes: number;
  latenciesMs: number[];
}

/** `requests` sequential GETs on one keep-alive connection (after `warmup` untimed), each timed to its last byte. */
export async function timeGets(api: Pick<BenchApi, 'url' | 'token'>, name: string, path: string, requests: number, warmup: number, check?: (body: unknown) => void): Promise<LatencyRun> {
  const { Agent, request } = await import('node:http');
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const req = request(`${api.url}${path}`, { agent, headers: { authorization: `Bearer ${api.token}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  const latencies: number[] = [];
  let bytes = 0;
  for (let i = 0; i < warmup + requests; i++) {
    const t0 = performance.now();
    const answer = await get();
    const ms = performance.now() - t0;
    if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.body.subarray(0, 300).toString()}`);
    if (i === 0 && check) check(JSON.parse(answer.body.toString('utf8')));
    if (i >= warmup) {
      latencies.push(ms);
      bytes = answer.body.length;
    }
  }
  agent.destroy();
  return { name, path, requests, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), maxMs: Math.max(...latencies), bytes, latenciesMs: latencies };
}

// ---------------------------------------------------------------------------------------------------------------
// For a missed list target: the list's own statements, explained.
// ---------------------------------------------------------------------------------------------------------------

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Subplan Name'?: string;
  'CTE Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Actual Total Time': number;
  /** With BUFFERS: 8 kB pages found in shared buffers and read from the OS (its cache or the disk). */
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** A plan as one line per node: type, index or table, rows x loops, time (and pages, when explained with BUFFERS). */
function planLines(node: PlanNode, depth = 0, lines: string[] = []): string[] {
  const name = [
    node['Subplan Name'],
    node['Node Type'],
    node['Index Name'] ? `using ${node['Index Name']}` : node['Relation Name'] ? `on ${node['Relation Name']}` : node['CTE Name'] ? `on ${node['CTE Name']}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const pages = node['Shared Hit Blocks'] === undefined ? '' : `; pages hit ${node['Shared Hit Blocks'].toLocaleString('en-US')}, read ${(node['Shared Read Blocks'] ?? 0).toLocaleString('en-US')}`;
  lines.push(`${'  '.repeat(depth + 1)}${name}: ${node['Actual Rows'].toLocaleString('en-US')} rows x ${node['Actual Loops'].toLocaleString('en-US')} loops, ${node['Actual Total Time'].toFixed(1)} ms${pages}`);
  for (const child of node.Plans ?? []) planLines(child, depth + 1, lines);
  return lines;
}

/** One statement as explained: its SQL and parameters, and the plan PostgreSQL answered (FORMAT JSON). */
export interface ExplainedStatement {
  sql: string;
  params: readonly unknown[];
  executionMs: number;
  plan: unknown;
}

/**
 * The statements `list` sends (recorded through a wrapper of `db`), each run again under EXPLAIN (ANALYZE): their
 * execution times and plans, as lines for the report. With `buffers`, EXPLAIN (ANALYZE, BUFFERS): each node's pages
 * too; `explained` receives every statement with its whole plan.
 */
export async function explainStatements(
  db: Queryable,
  list: (recorder: Queryable) => Promise<unknown>,
  options: { buffers?: boolean; explained?: ExplainedStatement[] } = {},
): Promise<string[]> {
  const statements: Array<{ sql: string; params: readonly unknown[] }> = [];
  const recorder: Queryable = {
    query: (sql, params = []) => {
      statements.push({ sql, params });
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
  await list(recorder);
  const lines: string[] = [];
  for (const { sql, params } of statements) {
    const { rows } = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number; JIT?: { Functions: number; Timing: { Total: number } } }> }>(
      `EXPLAIN (ANALYZE${options.buffers ? ', BUFFERS' : ''}, FORMAT JSON) ${sql}`,
      params,
    );
    const plan = rows[0]!['QUERY PLAN'][0]!;
    options.explained?.push({ sql, params, executionMs: plan['Execution Time'], plan });
    // Compiling (JIT) is counted in the nodes' times: said apart, so that it is not taken for their work.
    const jit = plan.JIT ? ` (of it JIT: ${plan.JIT.Functions} functions, ${plan.JIT.Timing.Total.toFixed(1)} ms)` : '';
    lines.push(`  ${sql.replace(/\s+/g, ' ').slice(0, 110)}... : ${plan['Execution Time'].toFixed(1)} ms${jit}`);
    lines.push(...planLines(plan.Plan, 1));
  }
  return lines;
}
