import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/**
 * The compliance matrix (docs/compliance.md) names, for each clause, the tests that prove it: this reads the matrix
 * and the cited files' text and says what no longer holds, so a renamed or deleted test fails the unit suite instead
 * of leaving the matrix claiming a proof that is gone.
 *
 * A row is a Markdown table row whose first cell is a clause (`11.10(a)`, `Annex 11 §9`, …) and whose last cell
 * cites tests, separated by `<br>`, each as `` `path/to/file.test.ts` › "title" ``, where the title is the test's
 * own, optionally preceded by its describe titles joined with ` > `. A row with no citation must say `procedural`, `not met` or `not applicable`
 * in its last cell.
 */

export interface Citation {
  clause: string;
  file: string;
  title: string;
}

export interface MatrixRow {
  clause: string;
  testsCell: string;
  citations: Citation[];
}

/** A marker a merge fills with the test references of a feature built elsewhere. */
const PENDING = /PENDING\(([^)]*)\)/g;

/** Splits a Markdown table row into its cells, keeping `\|` inside a cell. */
function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replaceAll('\\|', '|'));
}

const CLAUSE = /^(?:\*\*)?(?:11\.\d+|Annex 11)/;

export function parseMatrix(markdown: string): MatrixRow[] {
  const rows: MatrixRow[] = [];
  for (const line of markdown.split('\n')) {
    if (!line.trim().startsWith('|')) continue;
    const row = cells(line);
    const clause = row[0] ?? '';
    if (!CLAUSE.test(clause) || row.length < 2) continue;
    const testsCell = row[row.length - 1] ?? '';
    const citations: Citation[] = [];
    for (const item of testsCell.split(/<br\s*\/?>/)) {
      const cited = /^\s*`([^`]+\.test\.tsx?)`\s*›\s*"(.*)"\s*$/.exec(item);
      if (cited) citations.push({ clause, file: cited[1]!, title: cited[2]! });
    }
    rows.push({ clause: clause.replaceAll('**', ''), testsCell, citations });
  }
  return rows;
}

/** A test or describe title found in a file: its text, or (a template literal) a pattern its interpolations match. */
interface Title {
  kind: 'test' | 'describe';
  matches: (title: string) => boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Reads a string literal starting at `at` (its opening quote); undefined if it is not closed on the same logical text. */
function readLiteral(source: string, at: number): { text: string; template: boolean; parts: string[] } | undefined {
  const quote = source[at];
  let text = '';
  const parts: string[] = [];
  for (let i = at + 1; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      text += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      i++;
      continue;
    }
    if (char === quote) {
      parts.push(text);
      return { text: parts.join(''), template: quote === '`', parts };
    }
    if (quote === '`' && char === '$' && source[i + 1] === '{') {
      // Skips the interpolation, braces nested or not; its value is whatever the test run gives it.
      let depth = 1;
      let j = i + 2;
      for (; j < source.length && depth > 0; j++) {
        if (source[j] === '{') depth++;
        else if (source[j] === '}') depth--;
      }
      parts.push(text);
      text = '';
      i = j - 1;
      continue;
    }
    if (char === '\n' && quote !== '`') return undefined;
    text += char;
  }
  return undefined;
}

/**
 * The titles of a test file: `it(`, `test(` and `describe(` calls (with `.only`, `.skip`, `.concurrent`, `.runIf(…)`,
 * `.skipIf(…)` and the like) whose first argument is a string literal. A template literal's interpolations match any
 * text (`at ${viewport.width} px` matches `at 1280 px`); `it.each` titles (`%s`) are not read, so cite another test.
 * `.skip` and `.fails` tests are not read: they prove nothing.
 */
export function titlesIn(source: string): Title[] {
  const titles: Title[] = [];
  const call = /\b(it|test|describe)((?:\.(?:only|skip|concurrent|sequential|fails|runIf|skipIf)(?:\([^()]*(?:\([^()]*\))*[^()]*\))?)*)\(\s*(['"`])/g;
  for (const match of source.matchAll(call)) {
    const quoteAt = match.index + match[0].length - 1;
    const literal = readLiteral(source, quoteAt);
    if (!literal) continue;
    // A skipped test, or one expected to fail, proves nothing (`.skipIf`/`.runIf` depend on the machine and count).
    if (/\.(?:skip|fails)(?![A-Za-z])/.test(match[2] ?? '')) continue;
    const kind = match[1] === 'describe' ? 'describe' : 'test';
    if (literal.parts.length === 1) {
      const text = literal.text;
      titles.push({ kind, matches: (title) => title === text });
    } else {
      const pattern = new RegExp(`^${literal.parts.map(escapeRegExp).join('.+?')}$`, 's');
      titles.push({ kind, matches: (title) => pattern.test(title) });
    }
  }
  return titles;
}

/** Whether a file's text has a test of that title, or (with ` > `) describes of those titles and such a test. */
export function hasTest(source: string, cited: string): boolean {
  const titles = titlesIn(source);
  const isTest = (title: string) => titles.some((t) => t.kind === 'test' && t.matches(title));
  if (isTest(cited)) return true;
  const segments = cited.split(' > ');
  if (segments.length < 2) return false;
  const testTitle = segments.pop()!;
  return isTest(testTitle) && segments.every((segment) => titles.some((t) => t.kind === 'describe' && t.matches(segment)));
}

/**
 * The texts of the shared specifications a test file runs: modules it imports by a relative path that are not test
 * files themselves, such as `services/storage/test/event-store-contract.ts`, whose `describeEventStoreContract`
 * declares the contract's tests inside each store's own test file.
 */
function sharedSpecs(file: string, source: string, readTestFile: (path: string) => string | undefined): string[] {
  const texts: string[] = [];
  for (const imported of source.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g)) {
    const target = posix.join(posix.dirname(file), imported[1]!);
    if (/\.test\.tsx?$/.test(target)) continue;
    const text = [target, `${target}.ts`, `${target}.tsx`].filter((path) => /\.tsx?$/.test(path)).map(readTestFile).find((found) => found !== undefined);
    if (text !== undefined && /\b(?:it|test)\(/.test(text)) texts.push(text);
  }
  return texts;
}

/** What is wrong with the matrix: each message names the clause and what to fix. Empty when it holds. */
export function checkMatrix(markdown: string, readTestFile: (path: string) => string | undefined): string[] {
  const problems: string[] = [];
  for (const line of markdown.split('\n')) {
    const where = parseMatrix(line)[0]?.clause;
    for (const marker of line.matchAll(PENDING)) {
      problems.push(`PENDING(${marker[1]}) left${where ? ` in ${where}` : ''}: cite the feature's tests in its place`);
    }
  }
  const rows = parseMatrix(markdown);
  if (rows.length === 0) problems.push('no clause rows found');
  for (const row of rows) {
    if (row.citations.length === 0 && !/procedural|not met|not applicable/i.test(row.testsCell) && !row.testsCell.includes('PENDING(')) {
      problems.push(`${row.clause}: no test cited, and the row does not say 'procedural', 'not met' or 'not applicable'`);
    }
    for (const { file, title } of row.citations) {
      const source = readTestFile(file);
      if (source === undefined) problems.push(`${row.clause}: ${file} does not exist`);
      else if (!hasTest(source, title) && !sharedSpecs(file, source, readTestFile).some((shared) => hasTest(shared, title))) {
        problems.push(`${row.clause}: ${file} has no test titled "${title}"`);
      }
    }
  }
  return problems;
}

/** Reads a cited file from the repository, or undefined when there is none. */
export function repositoryFiles(root: string) {
  return (path: string) => {
    const full = join(root, path);
    return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
  };
}
