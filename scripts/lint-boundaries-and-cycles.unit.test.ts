import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The API's and the customer portal's import boundaries (services/boundaries.js, customer-portal/boundaries.js) and
 * the cycle rules (import-x/no-cycle in eslint.config.js, no-feature-cycle in services/boundaries.js): the
 * repository's own ESLint configuration run on small source texts placed, by name, where a real file would be.
 */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function errors(filePath: string, source: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
}
const boundaryErrors = (filePath: string, source: string) => errors(filePath, source, 'no-restricted-imports');

const importing = (from: string) => `import { thing } from '${from}';\nexport const used = thing;\n`;

describe('services/src import boundaries', { timeout: 60_000 }, () => {
  // Loading the configuration and its plugins takes a few seconds, once.
  beforeAll(() => boundaryErrors('services/src/app.ts', ''), 60_000);

  const inEifu = 'services/src/eifu/example.ts';

  it("refuses a feature importing a path inside another feature, and takes that feature's entry", async () => {
    const deep = await boundaryErrors(inEifu, importing('../mail/outbox'));
    expect(deep).toHaveLength(1);
    expect(deep[0]).toMatch(/A feature imports another feature only through its public entry/);
    for (const from of ['../mail', '../mail/index', '../platform/errors', './labels', '@ifu/contracts']) {
      expect(await boundaryErrors(inEifu, importing(from)), from).toEqual([]);
    }
  });

  it('refuses platform/ importing any feature, even its entry', async () => {
    for (const from of ['../mail', '../files/uploads', '../features']) {
      const found = await boundaryErrors('services/src/platform/example.ts', importing(from));
      expect(found, from).toHaveLength(1);
      expect(found[0]).toMatch(/platform\/ imports no feature/);
    }
    expect(await boundaryErrors('services/src/platform/example.ts', importing('./errors'))).toEqual([]);
  });

  it("lets a test import its own feature's paths and the others' entries only", async () => {
    const test = 'services/src/eifu/example.int.test.ts';
    expect(await boundaryErrors(test, importing('./labels'))).toEqual([]);
    expect(await boundaryErrors(test, importing('../mail'))).toEqual([]);
    expect(await boundaryErrors(test, importing('../mail/outbox'))).toHaveLength(1);
  });

  it("lets the composition roots import a feature's entry or feature.ts, never a path inside it", async () => {
    expect(await boundaryErrors('services/src/features.ts', importing('./mail/feature'))).toEqual([]);
    expect(await boundaryErrors('services/src/api-server.ts', importing('./mail'))).toEqual([]);
    expect(await boundaryErrors('services/src/api-server.ts', importing('./mail/outbox'))).toHaveLength(1);
    expect(await boundaryErrors('services/src/mail/example-cli.ts', importing('../features'))).toEqual([]);
    // A feature's own code is composed, it does not compose.
    expect(await boundaryErrors(inEifu, importing('../features'))).toHaveLength(1);
  });

  it('refuses an import between feature folders that closes a cycle, naming the way back', async () => {
    // public-portal imports mail today (the visitors' mail); mail importing public-portal would close the cycle.
    const found = await errors('services/src/mail/example.ts', importing('../public-portal'), 'services-boundaries/no-feature-cycle');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^Feature folders import each other without cycles: mail imports public-portal, and public-portal reaches mail back: public-portal → /);
    // A test's imports make no dependency.
    expect(await errors('services/src/mail/example.int.test.ts', importing('../public-portal'), 'services-boundaries/no-feature-cycle')).toEqual([]);
  });

  it('refuses a module cycle', async () => {
    // catch-up.ts is imported by runner.ts: catch-up importing runner closes a cycle.
    const found = await errors('projections/src/catch-up.ts', importing('./runner'), 'import-x/no-cycle');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/Dependency cycle/);
  });
});

describe('customer portal import boundaries', { timeout: 60_000 }, () => {
  beforeAll(() => boundaryErrors('customer-portal/src/main.tsx', ''), 60_000);

  const inSearch = 'customer-portal/src/features/document-search/example.tsx';

  it('refuses a feature importing another feature or app/', async () => {
    for (const from of ['../customer-page/customer-page', '../../features/contact/contact-form']) {
      const found = await boundaryErrors(inSearch, importing(from));
      expect(found, from).toHaveLength(1);
      expect(found[0]).toMatch(/A customer-portal feature imports only from itself and from components, config, lib and messages/);
    }
    expect(await boundaryErrors(inSearch, importing('../../app/router'))).toHaveLength(1);
  });

  it('lets a feature import itself and the shared folders', async () => {
    for (const from of ['./format', '../../components/notices', '../../config/paths', '../../lib/http', '../../messages/search', '@ifu/contracts/public']) {
      expect(await boundaryErrors(inSearch, importing(from)), from).toEqual([]);
    }
  });

  it('refuses the shared folders importing a feature or app/', async () => {
    for (const [file, from] of [
      ['customer-portal/src/components/example.tsx', '../features/notices/notices'],
      ['customer-portal/src/lib/example.ts', '../app/router'],
    ] as const) {
      expect(await boundaryErrors(file, importing(from)), `${file} ← ${from}`).toHaveLength(1);
    }
  });

  it('refuses a module cycle', async () => {
    // lib/navigation.tsx is imported by components/layout.tsx.
    const found = await errors('customer-portal/src/lib/navigation.tsx', importing('../components/layout'), 'import-x/no-cycle');
    expect(found).toHaveLength(1);
  });
});

describe('admin portal module cycles', { timeout: 60_000 }, () => {
  it('refuses a module cycle', async () => {
    // lib/api-client.ts imports lib/app-state.ts: app-state importing api-client closes a cycle.
    const found = await errors('admin-portal/src/lib/app-state.ts', importing('./api-client'), 'import-x/no-cycle');
    expect(found).toHaveLength(1);
  });
});
