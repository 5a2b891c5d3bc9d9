/** The documents list (`GET /document/getDocumentList`) over 100,000 change orders, against `GET /user/me` in the same run. */
import { DocumentListQuery } from '@ifu/contracts';
import { changeOrdersProjection } from '@ifu/projections/change-orders/projection';
import { listChangeOrders } from '@ifu/projections/change-orders/queries';
import { customerListProjection } from '@ifu/projections/customer-list/projection';
import { rebuild } from '@ifu/projections/runner';
import { userAccountsProjection } from '@ifu/projections/user-accounts/projection';
import { openPostgres } from '@ifu/storage/database/postgres';
import { openStore } from '../lib/database';
import { prng } from '../lib/events';
import { makePng } from '../lib/png';
import { log, type SectionRun, status } from '../lib/section';
import { fmt, percentile } from '../lib/stats';
import { addCustomer, addUser, benchPrintedName, startBenchApi } from './api';
import { explainStatements, generateChangeOrderLog, type LatencyRun, timeGets } from './documents';
import { writeLog } from './replay';

/** p99 of a documents-list page over 100,000 change orders. */
const TARGET_LIST_P99_MS = 50;

/** The documents list over 100,000 change orders (generated with the product's decider, projected by rebuild). */
export async function listBenchmarks({ bench, config, rows, results, profiles }: SectionRun) {
  const schema = 'b_documents_list';
  // People and customers through the API, as a deployment has them.
  let api = await startBenchApi(bench, schema, { runProjections: true });
  const approvers: Array<{ id: string; email: string; name: string }> = [];
  const authors: Array<{ type: 'user'; userId: string; email: string; name: string }> = [];
  const customerIds: string[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      const email = `approver.${i}@example-ifu.de`;
      approvers.push({ id: await addUser(api, email, 'ADMIN'), email, name: benchPrintedName(email, 'ADMIN') });
    }
    for (let i = 0; i < 20; i++) {
      const email = `author.${i}@example-ifu.de`;
      authors.push({ type: 'user', userId: await addUser(api, email, 'USER'), email, name: benchPrintedName(email, 'USER') });
    }
    for (let i = 0; i < 3; i++) customerIds.push(await addCustomer(api, approvers[i]!.id, makePng(prng(100 + i)), `Bench Customer ${i + 1} GmbH`));
  } finally {
    await api.stop();
  }

  const db = openPostgres({ connectionString: bench.schemaUrl(schema), max: config.poolSize });
  const store = await openStore(bench, db, schema);
  const last = await db.query<{ at: Date }>('SELECT max(recorded_at) AS at FROM events');
  const before = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);
  log(`generating ${fmt(config.changeOrders)} change orders with the change-order decider`);
  let t0 = performance.now();
  const generated = generateChangeOrderLog({ changeOrders: config.changeOrders, authors, approvers, customerIds, startAt: new Date(last.rows[0]!.at) });
  const genMs = performance.now() - t0;
  t0 = performance.now();
  const written = await writeLog(db, generated.events);
  const writeMs = performance.now() - t0;
  await db.exec('VACUUM ANALYZE events');
  const verification = await store.verifyChain();
  if (!verification.ok || verification.checked !== before + written) throw new Error(`change-order log does not verify: ${JSON.stringify(verification)}`);
  const own = Object.entries(generated.byType).reduce((n, [type, count]) => n + (changeOrdersProjection.handles.has(type) ? count : 0), 0);
  log(`rebuild change-orders over ${fmt(before + written)} events`);
  t0 = performance.now();
  await rebuild(db, store, changeOrdersProjection, 1000);
  const rebuildMs = performance.now() - t0;
  const counted = (
    await db.query<{ all: string; pending: string; children: string }>(
      `SELECT count(*) AS all, count(*) FILTER (WHERE status = 'REQUIRE_APPROVAL') AS pending, sum(jsonb_array_length(children)) AS children FROM change_orders`,
    )
  ).rows[0]!;
  if (Number(counted.all) !== config.changeOrders || Number(counted.pending) !== generated.pending || Number(counted.children) !== generated.children) {
    throw new Error(`change_orders after the rebuild: ${JSON.stringify(counted)}, expected ${config.changeOrders} / ${generated.pending} pending / ${generated.children} children`);
  }
  // The API's other read models catch up before it serves, so that no replay runs during the timed requests.
  for (const projection of [userAccountsProjection, customerListProjection]) await rebuild(db, store, projection, 5000);
  await db.exec('VACUUM ANALYZE change_orders');
  await store.close();
  await db.close();
  rows.push({
    benchmark: `Change-order log: ${fmt(config.changeOrders)} COs (decider + bulk INSERT)`,
    value: `${fmt((written / writeMs) * 1000)} events/s`,
    detail: `${fmt(written)} events (${fmt(generated.children)} children; ${fmt(generated.approved)} approved, ${fmt(generated.rejected)} rejected, ${fmt(generated.pending)} pending) decided in ${fmt(genMs / 1000, 1)} s, written in ${fmt(writeMs / 1000, 1)} s; chain verified`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: 'Rebuild change-orders, batch 1000',
    value: `${fmt(((before + written) / rebuildMs) * 1000)} events/s`,
    detail: `${fmt(before + written)} events (${fmt(own)} its own) in ${fmt(rebuildMs / 1000, 1)} s, one run; ${fmt((config.changeOrders / rebuildMs) * 1000)} change orders/s; rows counted`,
    target: '',
    status: '',
  });
  profiles.notes.push(`Change-order log: ${Object.entries(generated.byType).map(([t, n]) => `${t} ${fmt(n)}`).join(', ')}`);

  api = await startBenchApi(bench, schema, { runProjections: true, existingSchema: true });
  const middle = Math.floor(config.changeOrders / 10 / 2);
  const queries: Array<{ name: string; path: string; total: number }> = [
    { name: 'all, first page', path: '/document/getDocumentList?tab=all&page=0&pageSize=10', total: config.changeOrders },
    { name: `all, page ${fmt(middle)}`, path: `/document/getDocumentList?tab=all&page=${middle}&pageSize=10`, total: config.changeOrders },
    { name: `all, page ${fmt(middle)}, by documentId`, path: `/document/getDocumentList?tab=all&page=${middle}&pageSize=10&sortField=documentId&sortOrder=asc`, total: config.changeOrders },
    { name: 'pending, first page', path: '/document/getDocumentList?tab=pending&page=0&pageSize=10', total: generated.pending },
    { name: `pending, page ${fmt(Math.floor(generated.pending / 20))}`, path: `/document/getDocumentList?tab=pending&page=${Math.floor(generated.pending / 20)}&pageSize=10`, total: generated.pending },
  ];
  const all = [{ name: 'GET /user/me (baseline)', path: '/user/me', total: -1 }, ...queries];
  const latencies = new Map<string, number[]>(all.map((q) => [q.name, []]));
  let bytes = new Map<string, number>();
  try {
    const perRound = Math.ceil(config.listRequests / 3);
    for (let round = 0; round < 3; round++) {
      log(`documents list, round ${round + 1} of 3: ${perRound} sequential requests per query after 10 untimed`);
      const order = round % 2 === 0 ? all : [...all].reverse();
      for (const q of order) {
        const check = (body: unknown) => {
          if (q.total < 0) return;
          const data = (body as { data: { list: unknown[]; total: number } }).data;
          if (data.total !== q.total || data.list.length !== 10) throw new Error(`${q.name}: total ${data.total}, ${data.list.length} rows; expected ${q.total}, 10`);
        };
        const run: LatencyRun = await timeGets(api, q.name, q.path, perRound, 10, check);
        latencies.get(q.name)!.push(...run.latenciesMs);
        bytes = bytes.set(q.name, run.bytes);
      }
    }
  } finally {
    await api.stop();
  }
  const summary = all.map((q) => {
    const l = latencies.get(q.name)!;
    return { name: q.name, path: q.path, requests: l.length, p50Ms: percentile(l, 50), p99Ms: percentile(l, 99), maxMs: Math.max(...l), bytes: bytes.get(q.name) ?? 0 };
  });
  const baseline = summary[0]!;
  rows.push({
    benchmark: baseline.name,
    value: `${fmt(baseline.p99Ms, 2)} ms p99`,
    detail: `${fmt(baseline.requests)} sequential requests, 1 keep-alive client; p50 ${fmt(baseline.p50Ms, 2)} ms, max ${fmt(baseline.maxMs, 1)} ms`,
    target: '',
    status: '',
  });
  for (const s of summary.slice(1)) {
    rows.push({
      benchmark: `  getDocumentList ${s.name}`,
      value: `${fmt(s.p99Ms, 2)} ms p99`,
      detail: `${fmt(s.p99Ms / baseline.p99Ms, 1)}x the baseline p99; p50 ${fmt(s.p50Ms, 2)} ms (${fmt(s.p50Ms / baseline.p50Ms, 1)}x), max ${fmt(s.maxMs, 1)} ms; ${fmt(s.bytes)} bytes`,
      target: `< ${TARGET_LIST_P99_MS} ms`,
      status: status(s.p99Ms < TARGET_LIST_P99_MS),
    });
  }
  const missed = summary.slice(1).filter((s) => s.p99Ms >= TARGET_LIST_P99_MS);
  if (missed.length > 0) {
    log(`explaining the list statements of ${missed.length} missed queries`);
    const explainDb = openPostgres({ connectionString: bench.schemaUrl(schema), max: 1 });
    try {
      for (const s of missed) {
        const query = DocumentListQuery.parse(Object.fromEntries(new URL(s.path, 'http://x').searchParams));
        const lines = await explainStatements(explainDb, (recorder) => listChangeOrders(recorder, query));
        profiles.notes.push('', `Where getDocumentList ${s.name} goes (listChangeOrders' statements under EXPLAIN ANALYZE):`, ...lines);
      }
    } finally {
      await explainDb.close();
    }
  }
  results.list = { changeOrders: config.changeOrders, generated: { ...generated, events: undefined }, events: before + written, genMs, writeMs, rebuildMs, summary };
}
