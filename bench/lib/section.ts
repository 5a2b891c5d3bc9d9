import type { CpuSummary } from './cpu-profile';
import type { BenchDatabase } from './database';
import type { statementsTable } from './instrument';
import type { BenchConfig } from './options';

/** One line of the printed table (and of `table` in bench/results/latest.json). */
export interface Row {
  benchmark: string;
  value: string;
  detail: string;
  target: string;
  status: string;
}

export interface StatementProfile {
  name: string;
  title: string;
  unit: string;
  totalMs: number;
  statements: ReturnType<typeof statementsTable>;
}

/** What is printed after the table: the logs' mix, round-trip profiles, CPU profiles of missed targets. */
export interface Profiles {
  notes: string[];
  statements: StatementProfile[];
  cpu: { title: string; summary: CpuSummary }[];
}

/**
 * What a section of the run (`--only <section>`) is given: the run's database and settings, and where it puts its
 * table rows, its figures for latest.json and what is printed after the table.
 */
export interface SectionRun {
  bench: BenchDatabase;
  config: BenchConfig;
  rows: Row[];
  results: Record<string, unknown>;
  profiles: Profiles;
}

export const log = (message: string) => console.log(`[bench] ${message}`);

export const status = (met: boolean) => (met ? 'PASS' : 'MISS');
