/**
 * .ci/run's closing lines: each run's counts, its failures by name (a log cut to its tail still says which tests
 * failed and why), and the check that nothing was skipped in silence: a test the embedded run skipped must have passed
 * in the PostgreSQL runs, or belong to a group whose need this machine kind cannot meet (machine-needs.ts).
 * Exits 1 when a run has no results, ran no test, or skipped what it may not.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CANNOT_BE_MET_HERE, type RecordedSkip } from '../test-support/machine-needs';

interface JsonResults {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTests: number;
  testResults?: Array<{ name: string; status: string; message?: string; assertionResults?: Array<{ status: string; fullName: string; failureMessages?: string[] }> }>;
}

const RUNS = [
  { label: 'PostgreSQL server, int + ui', file: 'postgres', root: process.cwd() },
  { label: 'PostgreSQL server, production shape', file: 'production', root: process.cwd() },
  { label: 'embedded PGlite, whole suite, from a private clone', file: 'embedded', root: process.env.EMBEDDED_ROOT ?? process.cwd() },
] as const;

const dir = join(process.cwd(), 'test-results');
let failed = false;
const results = new Map<string, JsonResults>();
for (const run of RUNS) {
  const path = join(dir, `${run.file}.json`);
  if (!existsSync(path)) {
    console.error(`vitest (${run.label}): no results`);
    failed = true;
    continue;
  }
  const r = JSON.parse(readFileSync(path, 'utf8')) as JsonResults;
  results.set(run.file, r);
  console.log(`vitest (${run.label}): ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
  for (const file of r.testResults ?? []) {
    const name = relative(run.root, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      console.log(`  FAILED ${name} > ${test.fullName}: ${String(test.failureMessages?.[0] ?? '').split('\n')[0]!.slice(0, 300)}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      const message = String(file.message ?? '').trim().split('\n')[0]!.slice(0, 300);
      // An empty message: the file's own code threw nothing; a describe block's hook failed (the skip summary above names it).
      console.log(`  FAILED ${name}: ${message || 'a hook of a describe block failed; the skip summary above gives its error'}`);
    }
  }
  if (r.numTotalTests === 0) {
    console.error(`vitest (${run.label}): no test ran`);
    failed = true;
  }
}

// Skipped on the embedded default: passed against the server, or excused by machine-needs.ts, or a failure.
const embedded = results.get('embedded');
if (embedded) {
  const passedOnServer = new Set<string>();
  for (const key of ['postgres', 'production']) {
    for (const file of results.get(key)?.testResults ?? []) {
      for (const test of file.assertionResults ?? []) if (test.status === 'passed') passedOnServer.add(`${relative(process.cwd(), file.name)} > ${test.fullName}`);
    }
  }
  const skipsPath = join(dir, 'embedded-skips.json');
  const recorded = existsSync(skipsPath) ? (JSON.parse(readFileSync(skipsPath, 'utf8')) as RecordedSkip[]) : [];
  const embeddedRoot = RUNS[2].root;
  const excusedFiles = new Map(recorded.filter((skip) => CANNOT_BE_MET_HERE[skip.need]).map((skip) => [relative(embeddedRoot, skip.file), skip]));
  let ranOnServer = 0;
  const excused = new Map<string, number>();
  for (const file of embedded.testResults ?? []) {
    const name = relative(embeddedRoot, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'skipped' && test.status !== 'pending' && test.status !== 'todo') continue;
      if (passedOnServer.has(`${name} > ${test.fullName}`)) {
        ranOnServer++;
        continue;
      }
      const skip = excusedFiles.get(name);
      if (skip) {
        const line = `${name}: "${skip.group}": ${CANNOT_BE_MET_HERE[skip.need]}`;
        excused.set(line, (excused.get(line) ?? 0) + 1);
        continue;
      }
      console.log(`  SKIPPED IN SILENCE ${name} > ${test.fullName}: it neither passed on the PostgreSQL server nor needs what this machine cannot have`);
      failed = true;
    }
  }
  console.log(`skips on the embedded default: ${ranOnServer} passed on the PostgreSQL server instead; ${[...excused.values()].reduce((a, b) => a + b, 0)} need what this machine kind cannot have:`);
  for (const [line, count] of excused) console.log(`  ${count} test(s) in ${line}`);
}
process.exit(failed ? 1 : 0);
