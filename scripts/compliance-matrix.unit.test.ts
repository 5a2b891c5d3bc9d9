import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkMatrix, hasTest, parseMatrix, repositoryFiles } from './compliance-matrix';

/**
 * docs/compliance.md cites, for each clause of 21 CFR Part 11 and EU GMP Annex 11, the tests that prove it. These
 * tests keep it honest: a cited test renamed or deleted, or a marker left for a merge, fails here.
 */
const root = new URL('..', import.meta.url).pathname;
const matrix = readFileSync(new URL('../docs/compliance.md', import.meta.url), 'utf8');
const isPending = (problem: string) => problem.startsWith('PENDING(');

describe('docs/compliance.md', () => {
  it('has a row for every clause of 11.10 (a) to (k), 11.50, 11.70, 11.100, 11.200, 11.300 and the Annex 11 sections', () => {
    const clauses = parseMatrix(matrix).map((row) => row.clause);
    for (const letter of 'abcdefghijk') expect(clauses, `11.10(${letter})`).toContainEqual(expect.stringMatching(new RegExp(`^11\\.10\\(${letter}\\)`)));
    for (const section of ['11.50', '11.70', '11.100', '11.200', '11.300']) expect(clauses, section).toContainEqual(expect.stringMatching(new RegExp(`^${section.replace('.', '\\.')}\\b`)));
    for (const section of [6, 7, 8, 9, 10, 11, 12, 13, 14]) expect(clauses, `Annex 11 §${section}`).toContain(`Annex 11 §${section}`);
  });

  it('every cited test file exists and holds a test of the cited title; every row cites one or says why not', () => {
    expect(checkMatrix(matrix, repositoryFiles(root)).filter((problem) => !isPending(problem))).toEqual([]);
  });

  it('no PENDING marker is left: the merge of each feature cites its tests in place of its marker', () => {
    expect(checkMatrix(matrix, repositoryFiles(root)).filter(isPending)).toEqual([]);
  });
});

describe('the matrix checker', () => {
  const files: Record<string, string> = {
    'services/src/audit/chain.int.test.ts': [
      "import { describeStoreContract } from './store-contract';",
      "describe('the hash chain', () => {",
      "  it('when an event is edited, then verify names it', async () => {});",
      '  it.runIf(enabled)(`at ${viewport.width} px (${viewport.name}): the report downloads`, async () => {});',
      "  it(\"when the name has a 'quote', then it is kept\", () => {});",
      '});',
    ].join('\n'),
    'services/src/audit/store-contract.ts': "export const describeStoreContract = () => describe(`contract: ${name}`, () => { it('when nothing changed, then verify succeeds', () => {}); });",
  };
  const read = (path: string) => files[path];
  const row = (clause: string, tests: string) => `| clause | requirement | how | tests |\n|---|---|---|---|\n| ${clause} | Audit trail | The log. | ${tests} |\n`;

  it('passes a matrix whose citations hold: a literal title, one under its describe, a template title, a shared spec', () => {
    const tests = [
      '`services/src/audit/chain.int.test.ts` › "when an event is edited, then verify names it"',
      '`services/src/audit/chain.int.test.ts` › "the hash chain > when an event is edited, then verify names it"',
      '`services/src/audit/chain.int.test.ts` › "at 1280 px (desktop): the report downloads"',
      '`services/src/audit/chain.int.test.ts` › "when the name has a \'quote\', then it is kept"',
      '`services/src/audit/chain.int.test.ts` › "when nothing changed, then verify succeeds"',
    ].join('<br>');
    expect(checkMatrix(row('11.10(e)', tests), read)).toEqual([]);
  });

  it('when a cited title is not a test of the file, then it names the clause, the file and the title', () => {
    const matrixWithTypo = row('11.10(e)', '`services/src/audit/chain.int.test.ts` › "when an event is edited, then verify reports it"');
    expect(checkMatrix(matrixWithTypo, read)).toEqual(['11.10(e): services/src/audit/chain.int.test.ts has no test titled "when an event is edited, then verify reports it"']);
  });

  it('when a describe prefix does not match, or a template title is cited with nothing in place of its interpolation, then it fails', () => {
    expect(hasTest(files['services/src/audit/chain.int.test.ts']!, 'another describe > when an event is edited, then verify names it')).toBe(false);
    expect(hasTest(files['services/src/audit/chain.int.test.ts']!, 'at  px (): the report downloads')).toBe(false);
  });

  it('when the cited test is skipped or expected to fail, then it does not count', () => {
    const source = "it.skip('when skipped, then nothing', () => {});\nit.fails('when failing, then nothing', () => {});\nit.skipIf(ci)('when not on CI, then counted', () => {});";
    expect(hasTest(source, 'when skipped, then nothing')).toBe(false);
    expect(hasTest(source, 'when failing, then nothing')).toBe(false);
    expect(hasTest(source, 'when not on CI, then counted')).toBe(true);
  });

  it('when a cited file does not exist, then it says so', () => {
    expect(checkMatrix(row('11.70', '`services/src/signatures/gone.int.test.ts` › "when signed, then bound"'), read)).toEqual([
      '11.70: services/src/signatures/gone.int.test.ts does not exist',
    ]);
  });

  it('when a PENDING marker is left, then it fails naming the marker', () => {
    expect(checkMatrix(row('11.10(i)', 'PENDING(training)'), read)).toEqual(["PENDING(training) left in 11.10(i): cite the feature's tests in its place"]);
    const citedAndPending = row('11.200(a)(1)', '`services/src/audit/chain.int.test.ts` › "when an event is edited, then verify names it"<br>PENDING(totp)');
    expect(checkMatrix(citedAndPending, read)).toEqual(["PENDING(totp) left in 11.200(a)(1): cite the feature's tests in its place"]);
    expect(checkMatrix(`${row('11.70', '`services/src/audit/chain.int.test.ts` › "when an event is edited, then verify names it"')}\nTo do: PENDING(periodic)\n`, read)).toEqual([
      "PENDING(periodic) left: cite the feature's tests in its place",
    ]);
  });

  it("when a row cites no test, then it fails unless it says 'procedural', 'not met' or 'not applicable'", () => {
    expect(checkMatrix(row('11.10(j)', 'none yet'), read)).toEqual(["11.10(j): no test cited, and the row does not say 'procedural', 'not met' or 'not applicable'"]);
    expect(checkMatrix(row('11.10(j)', 'Procedural: the customer\'s written policies.'), read)).toEqual([]);
    expect(checkMatrix(row('11.100(c)', 'Not met by the product: the customer certifies to the FDA.'), read)).toEqual([]);
  });

  it('when the document has no clause rows at all, then it fails', () => {
    expect(checkMatrix('# Compliance\n\nNothing here.\n', read)).toEqual(['no clause rows found']);
  });
});
