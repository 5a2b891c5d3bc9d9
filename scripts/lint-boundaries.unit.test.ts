import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The admin portal's import boundaries (admin-portal/boundaries.js, spread into eslint.config.js): the repository's
 * own ESLint configuration run on small source texts placed, by name, where a real file would be.
 */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const importing = (from: string) => `import { thing } from '${from}';\nexport const used = thing;\n`;

describe('admin portal import boundaries (ESLint no-restricted-imports)', { timeout: 30_000 }, () => {
  // Loading the configuration and its plugins takes a few seconds, once.
  beforeAll(() => boundaryErrors('admin-portal/src/main.tsx', ''), 60_000);

  const inDocuments = 'admin-portal/src/features/documents/components/example.tsx';

  it('refuses a feature importing another feature, through the @/ alias or a relative path', async () => {
    for (const from of ['@/features/customers/components/customer-logo', '../../customers/api/get-customers', '../../../features/users/api/add-user']) {
      const errors = await boundaryErrors(inDocuments, importing(from));
      expect(errors, from).toHaveLength(1);
      expect(errors[0]).toMatch(/A feature imports only from itself and from app, components, config, hooks and lib/);
    }
  });

  it('lets a feature import itself and the shared folders', async () => {
    for (const from of [
      '@/features/documents/api/get-document-list',
      '../api/get-document-list',
      './document-format',
      '@/components/ui/logo-box',
      '@/lib/api/get-approvers',
      '@/hooks/use-object-url',
      '@/config/paths',
      '@/app/provider',
      '@ifu/contracts',
      '@mui/material/Box',
    ]) {
      expect(await boundaryErrors(inDocuments, importing(from)), from).toEqual([]);
    }
  });

  it('keeps the test helpers (testing/) to tests', async () => {
    const errors = await boundaryErrors(inDocuments, importing('@/testing/render-route'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/testing\/ \(the route-level test helpers\) is for tests only/);
    const test = 'admin-portal/src/features/documents/components/example.ui.test.tsx';
    expect(await boundaryErrors(test, importing('@/testing/render-route'))).toEqual([]);
    // A test is still held to its feature.
    expect(await boundaryErrors(test, importing('@/features/users/api/add-user'))).toHaveLength(1);
  });

  it('refuses the shared folders importing a feature or app/', async () => {
    for (const [file, from] of [
      ['admin-portal/src/components/ui/example.tsx', '@/features/documents/api/get-document-list'],
      ['admin-portal/src/lib/example.ts', '@/app/router'],
      ['admin-portal/src/hooks/example.ts', '../features/auth/api/current-user'],
    ] as const) {
      expect(await boundaryErrors(file, importing(from)), `${file} ← ${from}`).toHaveLength(1);
    }
  });

  it('lets app/ put features together', async () => {
    expect(await boundaryErrors('admin-portal/src/app/routes/app/example.tsx', importing('@/features/documents/components/documents-list'))).toEqual([]);
  });
});
