import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build:server`: the Node entry points compiled to JavaScript in dist/server/, so production runs
 * `node dist/server/server.js`, not tsx. esbuild bundles each entry with the workspace packages (@ifu/*, TypeScript
 * sources) inside it; every other package stays in node_modules (native addons, wasm and the PDF libraries load their
 * own files from there).
 */

const ROOT = resolve(import.meta.dirname, '..');
export const SERVER_DIST = join(ROOT, 'dist/server');

/** One bundle per entry point: dist/server/<name>.js. Add a CLI here (and nothing else) to ship it. */
export const SERVER_ENTRY_POINTS: ReadonlyArray<{ name: string; source: string }> = [
  { name: 'server', source: 'services/src/server.ts' },
  { name: 'worker', source: 'projections/src/worker.ts' },
  { name: 'projections-cli', source: 'projections/src/cli.ts' },
  { name: 'audit-verify', source: 'services/src/audit/verify-cli.ts' },
  { name: 'audit-quarantine', source: 'services/src/audit/quarantine-cli.ts' },
  { name: 'visitor-forget', source: 'services/src/public-portal/visitor-forget-cli.ts' },
  { name: 'backup', source: 'services/src/backup/backup-cli.ts' },
  { name: 'restore', source: 'services/src/backup/restore-cli.ts' },
];

/**
 * The source trees whose files the code opens at run time through `new URL('./x', import.meta.url)`: migrations
 * (.sql), the child-process and worker-thread scripts (.mjs, plain JavaScript already) and data files. They are
 * copied to the same relative place under dist/server/, where the rewritten `import.meta.url` (below) finds them.
 */
const ASSET_TREES = ['services/src', 'services/storage/src', 'services/storage/migrations', 'projections/src'];
const ASSET_FILE = /\.(sql|mjs|txt)$/;

/**
 * In a bundle, `import.meta.url` is the bundle's address, not the source file's, and every feature's
 * `new URL('./migrations', import.meta.url)` would point at one directory. Each of our modules gets instead the address
 * its source file has under dist/server/, relative to the bundle: dist/server/services/src/users/feature.ts, say.
 */
const sourceAddressPlugin: Plugin = {
  name: 'ifu-source-address',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${join('/', 'node_modules', '/')}`) || !args.path.startsWith(ROOT)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      const address = `new URL(${JSON.stringify(`./${relative(ROOT, args.path)}`)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', address), loader: 'ts' };
    });
  },
};

/** Packages stay in node_modules, except the workspace's own (their package.json exports point at .ts sources). */
const externalPackagesPlugin: Plugin = {
  name: 'ifu-external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@ifu/') ? undefined : { path: args.path, external: true }));
  },
};

function* filesUnder(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Every `new URL('<literal>', import.meta.url)` of the source trees must name something that was copied. */
function missingRuntimeFiles(): string[] {
  const missing: string[] = [];
  for (const tree of ASSET_TREES) {
    for (const file of filesUnder(join(ROOT, tree))) {
      if (!file.endsWith('.ts') || /\.test\.ts$/.test(file)) continue;
      // Comment lines mention the pattern too; only code opens files.
      const code = readFileSync(file, 'utf8').split('\n').filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line)).join('\n');
      for (const match of code.matchAll(/new URL\(\s*'([^']+)',\s*import\.meta\.url\s*\)/g)) {
        const target = join(SERVER_DIST, relative(ROOT, dirname(file)), match[1]!);
        if (!existsSync(target)) missing.push(`${relative(ROOT, file)}: ${match[1]} (expected at ${relative(ROOT, target)})`);
      }
    }
  }
  return missing;
}

export async function buildServer(): Promise<void> {
  rmSync(SERVER_DIST, { recursive: true, force: true });
  mkdirSync(SERVER_DIST, { recursive: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRY_POINTS.map(({ name, source }) => ({ in: source, out: name })),
    outdir: SERVER_DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalPackagesPlugin, sourceAddressPlugin],
    logLevel: 'warning',
  });
  for (const tree of ASSET_TREES) {
    for (const file of filesUnder(join(ROOT, tree))) {
      if (!ASSET_FILE.test(file)) continue;
      const target = join(SERVER_DIST, relative(ROOT, file));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(file, target);
    }
  }
  const missing = missingRuntimeFiles();
  if (missing.length > 0) throw new Error(`files the server opens at run time are missing from dist/server:\n${missing.join('\n')}`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await buildServer();
  console.log(`dist/server: ${SERVER_ENTRY_POINTS.map(({ name }) => `${name}.js`).join(', ')}`);
}
