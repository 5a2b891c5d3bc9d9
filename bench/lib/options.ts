import { parseArgs } from 'node:util';

export const SECTIONS = ['appends', 'replay', 'projections', 'writes', 'reads', 'commands', 'passwords', 'upload', 'list', 'stamp', 'takeover', 'audit', 'search', 'public', 'scan'] as const;
export type Section = (typeof SECTIONS)[number];
/**
 * Run only when named (`--only search`, `--only public`, `--only scan`) or with --tiny: a million documents take most
 * of an hour to set up; the scan spike starts its own API processes and nginx.
 */
const NAMED_ONLY: readonly Section[] = ['search', 'public', 'scan'];

/**
 * `--tiny`: every section once at a tiny size (CI runs it so that the bench cannot break unnoticed): it proves that
 * each section runs to its end and its checks hold, not the figures. An option given explicitly still wins.
 */
const TINY: Record<string, string> = {
  appends: '200',
  appenders: '4',
  events: '3000',
  users: '300',
  'batch-sizes': '1000',
  runs: '1',
  'mixed-events': '5000',
  staff: '100',
  customers: '100',
  writes: '20',
  reads: '100',
  'read-rounds': '1',
  clients: '2',
  'old-events': '50',
  'sign-ins': '10',
  'password-rounds': '2',
  'upload-mb': '1',
  'upload-runs': '1',
  'change-orders': '300',
  'list-requests': '30',
  'search-children': '300',
  'search-requests': '10',
  'search-clients': '2',
  'search-batch': '100',
  'public-clients': '4',
  'public-seconds': '1',
  'public-customers': '1',
  'stamp-mb': '1',
  'stamp-rounds': '2',
  'stamp-cold': '1',
  'takeover-kills': '1',
  'audit-events': '2000',
  'scan-clients': '4',
  'scan-seconds': '1',
  'scan-rounds': '1',
  'scan-products': '1',
  'scan-labels': '2',
  only: SECTIONS.join(','),
};

/**
 * The run's settings from its command line (`npm run bench -- …`, bench/README.md); an unknown option or section
 * throws, naming it.
 */
export function readBenchOptions(argv: string[] = process.argv.slice(2)) {
  const { values: parsed } = parseArgs({
    args: argv,
    options: {
      tiny: { type: 'boolean', default: false },
      appends: { type: 'string', default: '3000' },
      appenders: { type: 'string', default: '16' },
      events: { type: 'string', default: '100000' },
      users: { type: 'string', default: '10000' },
      'batch-sizes': { type: 'string', default: '1000,5000' },
      runs: { type: 'string', default: '3' },
      'mixed-events': { type: 'string', default: '100000' },
      staff: { type: 'string', default: '2000' },
      customers: { type: 'string', default: '5000' },
      writes: { type: 'string', default: '300' },
      reads: { type: 'string', default: '3000' },
      'read-rounds': { type: 'string', default: '3' },
      clients: { type: 'string', default: '8' },
      'old-events': { type: 'string', default: '1100' },
      'sign-ins': { type: 'string', default: '200' },
      'password-rounds': { type: 'string', default: '20' },
      'upload-mb': { type: 'string', default: '50' },
      'upload-runs': { type: 'string', default: '3' },
      'change-orders': { type: 'string', default: '100000' },
      'list-requests': { type: 'string', default: '600' },
      'search-children': { type: 'string', default: '1000000' },
      'search-requests': { type: 'string', default: '600' },
      'search-clients': { type: 'string', default: '8' },
      'search-batch': { type: 'string', default: '5000' },
      'public-clients': { type: 'string', default: '50' },
      'public-seconds': { type: 'string', default: '60' },
      'public-customers': { type: 'string', default: '3' },
      'stamp-mb': { type: 'string', default: '1,20' },
      'stamp-rounds': { type: 'string', default: '30' },
      'stamp-cold': { type: 'string', default: '5' },
      'takeover-kills': { type: 'string', default: '5' },
      'audit-events': { type: 'string', default: '1000000' },
      'scan-clients': { type: 'string', default: '50' },
      'scan-seconds': { type: 'string', default: '15' },
      'scan-rounds': { type: 'string', default: '3' },
      'scan-products': { type: 'string', default: '10' },
      'scan-labels': { type: 'string', default: '5' },
      only: { type: 'string', default: SECTIONS.filter((s) => !NAMED_ONLY.includes(s)).join(',') },
    },
  });
  const given = (option: string) => argv.some((arg) => arg === `--${option}` || arg.startsWith(`--${option}=`));
  const args = parsed.tiny
    ? { ...parsed, ...Object.fromEntries(Object.entries(TINY).filter(([option]) => !given(option))) }
    : parsed;

  const config = {
    /** --tiny: every section once at a tiny size (see TINY). */
    tiny: parsed.tiny,
    serverUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    appends: Number(args.appends),
    appenders: Number(args.appenders),
    replayEvents: Number(args.events),
    users: Number(args.users),
    batchSizes: args['batch-sizes'].split(',').map(Number),
    runs: Number(args.runs),
    /** The mixed log (every stream kind the product writes) for the rebuild of each projection. */
    mixedEvents: Number(args['mixed-events']),
    staff: Number(args.staff),
    customers: Number(args.customers),
    /** Sequential PUT /user/modify per topology, after 30 untimed ones. */
    writes: Number(args.writes),
    /** Requests per round of each read comparison, rounds, concurrent keep-alive clients. */
    reads: Number(args.reads),
    readRounds: Number(args['read-rounds']),
    clients: Number(args.clients),
    /** Events on the old user's credentials stream, and timed sign-ins of it and of as many new users. */
    oldEvents: Number(args['old-events']),
    signIns: Number(args['sign-ins']),
    /** The large upload (decimal MB; under the default DOCUMENT_MAX_BYTES of 50 MiB) and how many of it and of 1 MB. */
    passwordRounds: Number(args['password-rounds']),
    uploadMb: Number(args['upload-mb']),
    uploadRuns: Number(args['upload-runs']),
    /** Change orders in the documents list, and timed requests per list query (in 3 interleaved rounds). */
    changeOrders: Number(args['change-orders']),
    listRequests: Number(args['list-requests']),
    /** The internal search: child documents, requests per round and shape, concurrent clients, rebuild batch size. */
    searchChildren: Number(args['search-children']),
    searchRequests: Number(args['search-requests']),
    searchClients: Number(args['search-clients']),
    searchBatch: Number(args['search-batch']),
    /** The public search: concurrent visitors, seconds per product round, approved customers whose families they search. */
    publicClients: Number(args['public-clients']),
    publicSeconds: Number(args['public-seconds']),
    publicCustomers: Number(args['public-customers']),
    /** The currency page: PDF sizes (decimal MB), downloads of each kind per size, of which made anew each time. */
    stampMb: args['stamp-mb'].split(',').map(Number),
    stampRounds: Number(args['stamp-rounds']),
    stampCold: Number(args['stamp-cold']),
    /** How many times the leading projections worker is killed (a standby must take over within 5 s). */
    takeoverKills: Number(args['takeover-kills']),
    /** The audit CSV: events in its log (bench/benchmarks/audit.ts). */
    auditEvents: Number(args['audit-events']),
    /**
     * The scan spike: concurrent scanners (closed loops), seconds per round, interleaved rounds of scans and of the
     * static baseline, and the open-access change orders and labels (children, each its GTIN and PDF) per change order.
     */
    scanClients: Number(args['scan-clients']),
    scanSeconds: Number(args['scan-seconds']),
    scanRounds: Number(args['scan-rounds']),
    scanProducts: Number(args['scan-products']),
    scanLabels: Number(args['scan-labels']),
    sections: args.only.split(',').map((name) => name.trim()) as Section[],
    /** The app's pool size (openPostgres default), used by every benchmark. */
    poolSize: 10,
  };
  for (const section of config.sections) if (!SECTIONS.includes(section)) throw new Error(`--only: no section ${section} (${SECTIONS.join(', ')})`);
  return config;
}

export type BenchConfig = ReturnType<typeof readBenchOptions>;
