import { randomUUID } from 'node:crypto';
import { type EifuEvent, openDownloadCountStreamId, type OpenDownloadDocument, type OpenDownloadVia } from '@ifu/contracts';
import { auditVocabulary } from '../platform/audit-vocabulary';
import type { AppContext } from '../platform/app-context';
import { type IntervalJob, startIntervalJob } from '../platform/interval-job';
import type { Decider } from '../platform/command-pipeline';
import { acrossInstances } from '../platform/exclusive';

/** One open-access download as it is counted: the document, how the reader came, their country and language. */
export type OpenDownload = OpenDownloadDocument & { country: string | null; language: string | null; via: OpenDownloadVia };

const HOUR_MS = 60 * 60_000;
/**
 * An hour is summarised once it has been over this long: a download counted a moment after its hour ended (a request
 * that read the clock just before) is then in the first summary rather than a second one.
 */
export const SUMMARY_GRACE_MS = 2 * 60_000;
/** Counts stay this long after they are in the log, so that a download counted very late is still told apart. */
const COUNTS_KEPT_MS = 7 * 24 * HOUR_MS;
/** Documents and hours summarised per batch; a run takes batches until none is left. */
const BATCH = 200;

/** The hour (UTC) `at` falls in: the period a download is counted in. */
export const periodOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Counts one download without an emailed link (a customer with open access), anonymous: nothing about the reader but
 * the country and language they were served in. No event per download (anyone could grow the append-only log by
 * requests): one upsert of the document's counts for this hour, by how the reader came, country and language, in one
 * statement (the three counts move together), summarised into the log once the hour is over
 * (`summariseOpenDownloads`). Answers the time it was counted at.
 */
export async function countOpenDownload(ctx: AppContext, download: OpenDownload): Promise<Date> {
  const now = ctx.clock();
  await ctx.db.query(
    `INSERT INTO open_download_counts
       (period_start, child_document_id, dimension, value, document_number, parent_change_id, customer_id, version, sha256, downloads)
     VALUES ($1, $2, 'via', $3, $6, $7, $8, $9, $10, 1),
            ($1, $2, 'country', $4, $6, $7, $8, $9, $10, 1),
            ($1, $2, 'language', $5, $6, $7, $8, $9, $10, 1)
     ON CONFLICT (period_start, child_document_id, dimension, value) DO UPDATE SET downloads = open_download_counts.downloads + 1`,
    [
      periodOf(now).toISOString(),
      download.childDocumentId,
      download.via,
      download.country ?? '',
      download.language ?? '',
      download.documentNumber,
      download.parentChangeId,
      download.customerId,
      download.version,
      download.sha256,
    ],
  );
  return now;
}

type Dimension = 'via' | 'country' | 'language';

/** One counter of a document's hour as the table has it now: `downloads` in all, the log holding some of them. */
interface Counter {
  dimension: Dimension;
  /** '' for a country or language that was not known. */
  value: string;
  downloads: number;
}

export interface SummariseOpenDownloads {
  type: 'SummariseOpenDownloads';
  document: OpenDownloadDocument;
  periodStart: string;
  periodEnd: string;
  /** The hour's counters not yet all in the log, as read in one statement. */
  counters: Counter[];
}

/** How many downloads of each counter (`dimension:value`) the stream's summaries hold. */
type Summarised = Readonly<Record<string, number>>;

const counterKey = (dimension: Dimension, value: string | null) => `${dimension}:${value ?? ''}`;

/**
 * The log's side of one document's hour (`open-downloads-<child>-<hour>`): it records what the counters hold beyond
 * what its earlier summaries recorded, so a summary made twice (a run that stopped before marking its counters, two
 * API instances) records each download once.
 */
export const openDownloadCountsDecider: Decider<SummariseOpenDownloads, EifuEvent, Summarised> = {
  name: 'open-download-counts',
  initialState: () => ({}),
  evolve: (state, event) => {
    if (event.type !== 'OpenAccessDownloadsCounted') return state;
    const next: Record<string, number> = { ...state };
    const add = (key: string, downloads: number) => (next[key] = (next[key] ?? 0) + downloads);
    for (const v of event.data.byVia) add(counterKey('via', v.via), v.downloads);
    for (const c of event.data.byCountry) add(counterKey('country', c.country), c.downloads);
    for (const l of event.data.byLanguage) add(counterKey('language', l.language), l.downloads);
    return next;
  },
  decide: (command, state) => {
    const added = (dimension: Dimension) =>
      command.counters
        .filter((c) => c.dimension === dimension)
        .map((c) => ({ value: c.value, downloads: c.downloads - (state[counterKey(dimension, c.value)] ?? 0) }))
        .filter((c) => c.downloads > 0)
        .sort((a, b) => b.downloads - a.downloads || a.value.localeCompare(b.value));
    const byVia = added('via').map((c) => ({ via: c.value as OpenDownloadVia, downloads: c.downloads }));
    const downloads = byVia.reduce((sum, v) => sum + v.downloads, 0);
    if (downloads === 0) return { events: [] };
    return {
      events: [
        {
          type: 'OpenAccessDownloadsCounted',
          data: {
            ...command.document,
            periodStart: command.periodStart,
            periodEnd: command.periodEnd,
            downloads,
            byVia,
            byCountry: added('country').map((c) => ({ country: c.value || null, downloads: c.downloads })),
            byLanguage: added('language').map((c) => ({ language: c.value || null, downloads: c.downloads })),
          },
        },
      ],
    };
  },
};

interface CounterRow {
  dimension: Dimension;
  value: string;
  document_number: string;
  parent_change_id: string;
  customer_id: string;
  version: number;
  sha256: string;
  downloads: number;
}

/**
 * Puts every hour that is over (by `SUMMARY_GRACE_MS`) and has counts the log does not hold into the log: one
 * `OpenAccessDownloadsCounted` per document and hour, then marks those counts as summarised. Exactly once across
 * restarts and API instances: one run at a time over every instance (an advisory lock on a PostgreSQL server), and
 * the event records only what its stream does not hold yet, so a run that stopped between the append and the marking
 * records nothing twice. Counts in the log for a week are removed.
 */
export async function summariseOpenDownloads(ctx: AppContext): Promise<{ summaries: number; downloads: number }> {
  return acrossInstances(ctx.db, 'open-download-summaries', async () => {
    const run = ctx.commands.begin({ actor: { type: 'system', name: 'open-download-counts' }, correlationId: randomUUID(), ip: null, userAgent: null });
    const before = periodOf(new Date(run.now.getTime() - SUMMARY_GRACE_MS));
    const outcome = { summaries: 0, downloads: 0 };
    for (;;) {
      const { rows: hours } = await ctx.db.query<{ period_start: Date | string; child_document_id: string }>(
        `SELECT DISTINCT period_start, child_document_id FROM open_download_counts
          WHERE summarised < downloads AND period_start < $1
          ORDER BY period_start, child_document_id LIMIT ${BATCH}`,
        [before.toISOString()],
      );
      for (const hour of hours) {
        const periodStart = new Date(hour.period_start);
        // The hour's counters in one statement: each download moved all three of them together.
        const { rows } = await ctx.db.query<CounterRow>(
          `SELECT dimension, value, document_number, parent_change_id, customer_id, version, sha256, downloads
             FROM open_download_counts
            WHERE period_start = $1 AND child_document_id = $2 AND summarised < downloads`,
          [periodStart.toISOString(), hour.child_document_id],
        );
        if (rows.length === 0) continue;
        const first = rows[0]!;
        const counters = rows.map((r) => ({ dimension: r.dimension, value: r.value, downloads: Number(r.downloads) }));
        const { events } = await run.execute({
          stream: openDownloadCountStreamId(hour.child_document_id, periodStart),
          decider: openDownloadCountsDecider,
          command: {
            type: 'SummariseOpenDownloads',
            document: {
              childDocumentId: hour.child_document_id,
              documentNumber: first.document_number,
              parentChangeId: first.parent_change_id,
              customerId: first.customer_id,
              version: Number(first.version),
              sha256: first.sha256,
            },
            periodStart: periodStart.toISOString(),
            periodEnd: new Date(periodStart.getTime() + HOUR_MS).toISOString(),
            counters,
          },
        });
        // The stream now holds at least what was read (appended now, or by an earlier run that stopped before this).
        await ctx.db.transaction(async (tx) => {
          for (const c of counters) {
            await tx.query(
              `UPDATE open_download_counts SET summarised = GREATEST(summarised, $5)
                WHERE period_start = $1 AND child_document_id = $2 AND dimension = $3 AND value = $4`,
              [periodStart.toISOString(), hour.child_document_id, c.dimension, c.value, c.downloads],
            );
          }
        });
        for (const event of events) {
          if (event.type !== 'OpenAccessDownloadsCounted') continue;
          outcome.summaries += 1;
          outcome.downloads += event.data.downloads;
        }
      }
      if (hours.length < BATCH) break;
    }
    await ctx.db.query('DELETE FROM open_download_counts WHERE summarised = downloads AND period_start < $1', [
      new Date(run.now.getTime() - COUNTS_KEPT_MS).toISOString(),
    ]);
    return outcome;
  });
}

/** Runs the summary at start and every `everyMs` (5 minutes): an hour's downloads reach the log minutes after it. */
export function startOpenDownloadSummaries(ctx: AppContext, everyMs = 5 * 60_000): IntervalJob {
  return startIntervalJob(ctx.work, {
    label: 'open-access download summaries',
    everyMs,
    tick: async () => {
      const outcome = await summariseOpenDownloads(ctx);
      if (outcome.summaries > 0) ctx.logger.info(outcome, 'open-access downloads summarised into the log');
    },
  });
}

const tally = <T>(entries: ReadonlyArray<T>, name: (entry: T) => string, downloads: (entry: T) => number) =>
  entries.map((entry) => `${name(entry)} ${downloads(entry)}`).join(', ');

export const eifuVocabulary = auditVocabulary<EifuEvent>(
  [
    { prefix: 'open-download-', type: 'open download' },
    { prefix: 'open-downloads-', type: 'open downloads' },
  ],
  {
    OpenAccessDocumentDownloaded: (d) => ({
      action: `Downloaded document ${d.documentNumber} version ${d.version} without a link (${d.via}${d.country ? `, country ${d.country}` : ''}${d.language ? `, language ${d.language}` : ''})`,
      subjectName: d.documentNumber,
    }),
    OpenAccessDownloadsCounted: (d) => ({
      action:
        `Document ${d.documentNumber} version ${d.version} downloaded without a link ${d.downloads} ${d.downloads === 1 ? 'time' : 'times'} ` +
        `from ${d.periodStart.slice(0, 16).replace('T', ' ')} to ${d.periodEnd.slice(0, 16).replace('T', ' ')} UTC ` +
        `(by way: ${tally(d.byVia, (v) => v.via, (v) => v.downloads)}; ` +
        `by country: ${tally(d.byCountry, (c) => c.country ?? 'unknown', (c) => c.downloads)}; ` +
        `by language: ${tally(d.byLanguage, (l) => l.language ?? 'unknown', (l) => l.downloads)})`,
      subjectName: d.documentNumber,
    }),
  },
);
