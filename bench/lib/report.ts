import type { CpuSummary } from './cpu-profile';
import type { Profiles, Row, StatementProfile } from './section';
import { fmt, table } from './stats';

/** The machine lines, the notes, the table, then the round-trip and CPU profiles, on stdout. */
export function printReport(
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    postgres: string;
    postgresSettings: Record<string, string>;
    code: { commit: string; measuredPathsDirty: boolean };
    loadAverage: { start: number; end: number };
  },
  rows: Row[],
  profiles: Profiles,
): void {
  const s = machine.postgresSettings;
  console.log('');
  console.log(`Machine: ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, PostgreSQL ${machine.postgres}`);
  console.log(`Code measured: commit ${machine.code.commit}${machine.code.measuredPathsDirty ? ' + uncommitted changes in the measured packages' : ''}`);
  console.log(
    `Load average (1 min): ${machine.loadAverage.start} at start, ${machine.loadAverage.end} at end` +
      (Math.max(machine.loadAverage.start, machine.loadAverage.end) > machine.cpus * 0.5 ? '  <- machine busy: figures are pessimistic' : ''),
  );
  console.log(
    `PostgreSQL: shared_buffers ${s.shared_buffers}, synchronous_commit ${s.synchronous_commit}, fsync ${s.fsync}, wal_sync_method ${s.wal_sync_method}`,
  );
  for (const note of profiles.notes) console.log(note);
  console.log('');
  console.log(table(['Benchmark', 'Result', 'Detail', 'Target', ''], rows.map((r) => [r.benchmark, r.value, r.detail, r.target, r.status])));

  for (const p of profiles.statements) {
    const sum = (f: (st: StatementProfile['statements'][number]) => number) => p.statements.reduce((a, st) => a + f(st), 0);
    console.log('');
    console.log(p.title);
    console.log(
      table(
        ['Statement', p.unit, 'rows', 'total ms', 'mean ms'],
        [
          ...p.statements.map((st) => [st.statement, fmt(st.roundTripsPerUnit, 3), fmt(st.rowsPerUnit, 1), fmt(st.totalMs, 1), fmt(st.meanMs, 3)]),
          ['total round trips', fmt(sum((st) => st.roundTripsPerUnit), 3), '', fmt(sum((st) => st.totalMs), 1), ''],
        ],
      ),
    );
  }
  for (const { title, summary } of profiles.cpu) {
    console.log('');
    console.log(`${title}: ${fmt(summary.busyMs, 0)} ms busy of ${fmt(summary.totalMs, 0)} ms sampled, ${fmt(summary.busyMs / summary.units, 3)} ms CPU per request`);
    const shares = (list: CpuSummary['byOwner']) => list.map((s) => [s.name, fmt(s.perUnitMs, 3), `${fmt(s.share * 100, 1)} %`]);
    console.log(table(['Code responsible (first package or project file up the stack)', 'ms/request', 'of busy'], shares(summary.byOwner)));
    console.log(table(['Running function (self time)', 'ms/request', 'of busy'], shares(summary.bySelf)));
  }
  console.log('');
}
