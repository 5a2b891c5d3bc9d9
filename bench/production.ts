/**
 * The production shape's benchmark: API processes behind nginx on loopback, over a throw-away database
 * on BENCH_DATABASE_URL's server (default the local server). Prints, from one run:
 *   1. a rolling restart of both instances under a steady load of logins, searches, uploads and signed approvals:
 *      the requests sent and how many failed (the target is 0), and each instance's time out of service;
 *   2. the public search's throughput with two instances behind nginx against one instance behind the same nginx
 *      configuration, interleaved rounds (on 2 cores this measures the overhead of the shape, not its scale).
 * `npm run bench:production -- --help` lists the options. See bench/README.md for the figures of the last run.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runLoad, type LoadResult } from './lib/load';
import { median, round } from './lib/stats';
import { startNginx } from '../test-support/nginx';
import { seedProduct, startProductShape, steadyLoad } from '../test-support/product-shape';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '4' },
    'settle-seconds': { type: 'string', default: '5' },
    'search-clients': { type: 'string', default: '50' },
    'search-requests': { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string', default: 'restart,search' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:production -- [--only restart,search] [--clients 4] [--settle-seconds 5] [--search-clients 50] [--search-requests 3000] [--rounds 3]
BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): the server the throw-away database is made on.`);
  process.exit(0);
}
process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sections = new Set(args.only.split(','));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

console.log(`production shape bench: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);
const shape = await startProductShape({ instances: 2 });
try {
  const seeded = await seedProduct(shape);

  if (sections.has('restart')) {
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const load = steadyLoad(shape, seeded, { clients: Number(args.clients), stop: stopped });
    const settle = Number(args['settle-seconds']) * 1000;
    await sleep(settle);
    const restarts = [];
    for (const index of [0, 1]) {
      restarts.push(await shape.restart(index));
      await sleep(settle);
    }
    stop();
    const counts = await load;
    console.log('\n1. Rolling restart of both instances under load (graceful SIGTERM, started again, the next one after it)');
    console.log(`   requests sent through nginx: ${counts.sent}; failed: ${counts.failed} (target 0)`);
    console.log(`   operations completed: ${Object.entries(counts.operations).map(([name, n]) => `${name} ${n}`).join(', ')}`);
    console.log(`   exit codes: ${restarts.map((r) => r.exitCode).join(', ')}; each instance out of service (SIGTERM to ready again): ${restarts.map((r) => `${(r.downMs / 1000).toFixed(1)} s`).join(', ')}`);
    if (counts.failures.length > 0) console.log(`   failures: ${counts.failures.join('\n     ')}`);
  }

  if (sections.has('search')) {
    const single = await startNginx([shape.instances[0]!.port]);
    try {
      const body = JSON.stringify({ ...seeded.publicSearch, keyword: 'instructions' });
      const searchRound = (url: string) =>
        runLoad({ url: `${url}/module2/searchDocuments`, method: 'POST', body, requests: Number(args['search-requests']), concurrency: Number(args['search-clients']) });
      await searchRound(shape.url); // warm both instances' pools and plans
      const [one, two]: [LoadResult[], LoadResult[]] = [[], []];
      for (let i = 0; i < Number(args.rounds); i++) {
        one.push(await searchRound(single.url));
        two.push(await searchRound(shape.url));
      }
      const rps = (runs: LoadResult[]) => median(runs.map((r) => r.requestsPerSecond));
      const p99 = (runs: LoadResult[]) => median(runs.map((r) => r.p99Ms));
      console.log(`\n2. Public search, ${args['search-clients']} visitors, ${args['search-requests']} requests a round, ${args.rounds} interleaved rounds (medians)`);
      console.log(`   one instance behind nginx:  ${round1(rps(one))} req/s, p99 ${round1(p99(one))} ms, failed ${one.reduce((n, r) => n + r.failed, 0)}`);
      console.log(`   two instances behind nginx: ${round1(rps(two))} req/s, p99 ${round1(p99(two))} ms, failed ${two.reduce((n, r) => n + r.failed, 0)}`);
      console.log(`   ratio two/one: ${round(rps(two) / rps(one), 2)}x (2 cores: the database and nginx share them with both instances)`);
    } finally {
      await single.stop();
    }
  }
} finally {
  await shape.stop();
}

function round1(value: number) {
  return value.toFixed(1);
}
