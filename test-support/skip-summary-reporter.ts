import { rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule, TestSuite } from 'vitest/node';
import { readSkipLog, SKIP_LOG_VARIABLE } from './machine-needs';

/**
 * Ends the run with one line per skipped group and why (machine-needs.ts records the reasons as files are
 * collected), and names skipped tests no need accounts for, so that a run that skipped cannot look green in silence.
 * Tests skipped because a hook of their describe block failed name that hook's error here: vitest's JSON report keeps
 * only a file's own errors, so CI's closing lines (the tail a reader sees) would otherwise say a file failed and not why.
 */
export default class SkipSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const log = process.env[SKIP_LOG_VARIABLE];
    const recorded = log ? readSkipLog(log) : [];
    if (log) rmSync(log, { force: true });
    // .ci/run reads them to check that every group CI skipped is one it may skip.
    const out = process.env.IFU_TEST_SKIPS_OUT;
    if (out) writeFileSync(out, JSON.stringify(recorded, null, 1));
    const root = process.cwd();
    const skippedByFile = new Map<string, number>();
    const hookFailures = new Map<string, string>();
    for (const module of testModules) {
      let count = 0;
      for (const test of module.children.allTests()) if (test.result().state === 'skipped') count++;
      if (count > 0) skippedByFile.set(module.moduleId, count);
      const failure = firstSuiteError(module.children.allSuites());
      if (failure) hookFailures.set(module.moduleId, failure);
    }
    if (skippedByFile.size === 0 && recorded.length === 0) return;

    const lines: string[] = [];
    const explained = new Set<string>();
    const seen = new Set<string>();
    for (const skip of recorded) {
      const key = `${skip.file}\0${skip.group}`;
      if (seen.has(key)) continue;
      seen.add(key);
      explained.add(skip.file);
      lines.push(`  ${relative(root, skip.file)}: "${skip.group}": ${skip.reason}`);
    }
    for (const [file, count] of skippedByFile) {
      if (explained.has(file)) continue;
      const failure = hookFailures.get(file);
      lines.push(`  ${relative(root, file)}: ${count} test(s) skipped ${failure ? `because ${failure}` : 'with no recorded reason'}`);
    }
    const total = [...skippedByFile.values()].reduce((sum, n) => sum + n, 0);
    console.log(`\nSkipped: ${total} test(s) in ${seen.size} group(s) whose needs this machine does not meet${lines.length > seen.size ? ', and others' : ''}:`);
    for (const line of lines) console.log(line);
  }
}

/** The first error of a describe block (a failed beforeAll or afterAll), as one line: the suite, the message, where. */
function firstSuiteError(suites: Iterable<TestSuite>): string | undefined {
  for (const suite of suites) {
    const error = suite.errors()[0];
    if (!error) continue;
    const message = String(error.message ?? error.name ?? 'an error with no message').replace(/\s+/g, ' ').trim().slice(0, 400);
    const frame = String(error.stack ?? '')
      .split('\n')
      .find((line) => line.includes('/test-support/') || /\.test\.tsx?:/.test(line))
      ?.trim();
    return `a hook of "${suite.fullName}" failed: ${message}${frame ? ` (${frame})` : ''}`;
  }
  return undefined;
}
