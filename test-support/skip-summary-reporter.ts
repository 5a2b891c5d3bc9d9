import { rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { readSkipLog, SKIP_LOG_VARIABLE } from './machine-needs';

/**
 * Ends the run with one line per skipped group and why (machine-needs.ts records the reasons as files are
 * collected), and names skipped tests no need accounts for, so that a run that skipped cannot look green in silence.
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
    for (const module of testModules) {
      let count = 0;
      for (const test of module.children.allTests()) if (test.result().state === 'skipped') count++;
      if (count > 0) skippedByFile.set(module.moduleId, count);
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
      lines.push(`  ${relative(root, file)}: ${count} test(s) skipped with no recorded reason`);
    }
    const total = [...skippedByFile.values()].reduce((sum, n) => sum + n, 0);
    console.log(`\nSkipped: ${total} test(s) in ${seen.size} group(s) whose needs this machine does not meet${lines.length > seen.size ? ', and others' : ''}:`);
    for (const line of lines) console.log(line);
  }
}
