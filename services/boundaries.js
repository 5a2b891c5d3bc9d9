// The API's import boundaries (services/src), as ESLint rules (eslint.config.js spreads these blocks).
//
// Each folder of services/src but platform/ is a feature. A feature imports another only through that feature's
// public entry, `<feature>/index.ts` (`import { … } from '../auth'`), never a path inside it: what the entry exports
// is all the others may rely on, so the rest of the folder can change freely. platform/ (context, configuration,
// command pipeline, errors, HTTP plumbing, and the contracts every feature fills in: Feature, ApiRoute, the audit
// vocabulary) imports no feature. The ports the app context carries (the file store, the mailer, the anonymous mails'
// budget, the rate-limit stores, the PDF text queue) are declared in platform/ and implemented by the features, so the
// context names no feature. The composition roots, features.ts, app.ts, api-server.ts, server.ts and every `*-cli.ts`,
// put features together: they import a feature's entry or its `feature.ts`. A test (`*.test.ts`) imports any path of
// its own feature and the entries of the others.
//
// The feature folders also form no cycle (auth → users → auth), type-only imports included: `no-feature-cycle` below
// reads every feature's imports once per lint run, and refuses an import whose target reaches the importing feature
// back. Module cycles inside a folder are import-x/no-cycle's (eslint.config.js).

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = 'services/src';
const SRC_DIR = join(import.meta.dirname, 'src');
const CODE = 'ts';
const TESTS = [`**/*.test.${CODE}`];
const COMPOSITION_ROOTS = ['features.ts', 'app.ts', 'api-server.ts', 'server.ts'];
const CLIS = `**/*-cli.${CODE}`;

/** Every feature folder's name: every folder of services/src but platform/. */
const featureNames = () =>
  readdirSync(SRC_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
    .map((entry) => entry.name);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const SERVICES_DEEP_IMPORT_MESSAGE =
  "A feature imports another feature only through its public entry ('../<feature>', its index.ts): export what you need there.";
export const SERVICES_PLATFORM_MESSAGE =
  'platform/ imports no feature: declare what it needs in platform/ (a port the feature implements) and let the composition roots wire it.';
export const SERVICES_ROOT_MESSAGE =
  'Only the composition roots (features.ts, app.ts, api-server.ts, server.ts, *-cli.ts) import them; a feature is composed, it does not compose.';
export const SERVICES_COMPOSITION_MESSAGE = "A composition root imports a feature's entry ('./<feature>') or its feature.ts, never a path inside it.";
export const SERVICES_CYCLE_MESSAGE = 'Feature folders import each other without cycles';

/** The root files a feature must not import: the composition roots themselves. */
const ROOT_IMPORT = `^(\\.\\./)+(${COMPOSITION_ROOTS.map((file) => escape(file.replace(/\.ts$/, ''))).join('|')})$`;

/** A relative path into one of `others`' folders past its entry, from any depth. */
const deepInto = (others) => `^(\\.\\./)+(${others.map(escape).join('|')})/(?!index$)`;

/** The no-restricted-imports patterns of the files of feature `name`. */
const featurePatterns = (name, features, { test }) => {
  const others = features.filter((feature) => feature !== name);
  const patterns = others.length > 0 ? [{ regex: deepInto(others), message: SERVICES_DEEP_IMPORT_MESSAGE }] : [];
  if (!test) patterns.push({ regex: ROOT_IMPORT, message: SERVICES_ROOT_MESSAGE });
  return patterns;
};

// ---- no-feature-cycle ------------------------------------------------------------------------------------------

const IMPORT_SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]*)['"]/g;

/**
 * The top folder of services/src a path lies in (a folder itself, as an import of a feature's entry names it), or
 * undefined for a root file or a path outside services/src.
 */
const folderOf = (absolutePath) => {
  const parts = relative(SRC_DIR, absolutePath).split(/[\\/]/);
  if (parts[0] === '..' || parts[0] === '') return undefined;
  if (parts.length > 1) return parts[0];
  return existsSync(join(SRC_DIR, parts[0])) && statSync(join(SRC_DIR, parts[0])).isDirectory() ? parts[0] : undefined;
};

/** Files whose imports make no dependency: tests, and composition roots (nothing imports them). */
const composesOrTests = (file) => /\.test\.ts$|-cli\.ts$/.test(file) || folderOf(file) === undefined;

const listFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

let cachedGraph;
/** folder → (folder it imports → the first file that does), over the code on disk; read once per lint run. */
const folderGraph = () => {
  if (cachedGraph) return cachedGraph;
  cachedGraph = new Map();
  for (const file of listFiles(SRC_DIR)) {
    if (composesOrTests(file)) continue;
    const from = folderOf(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT_SPECIFIERS)) {
      const to = folderOf(resolve(dirname(file), specifier));
      if (!to || to === from) continue;
      const edges = cachedGraph.get(from) ?? new Map();
      if (!edges.has(to)) edges.set(to, relative(SRC_DIR, file));
      cachedGraph.set(from, edges);
    }
  }
  return cachedGraph;
};

/** The folders from `start` to `goal` (both included), following imports, or undefined when `goal` is not reached. */
const pathBetween = (graph, start, goal) => {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift();
    if (folder === goal) {
      const path = [];
      for (let at = goal; at !== undefined; at = cameFrom.get(at)) path.unshift(at);
      return path;
    }
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, folder);
        queue.push(next);
      }
    }
  }
  return undefined;
};

const noFeatureCycle = {
  meta: { type: 'problem', schema: [], docs: { description: 'Refuses an import between feature folders that closes a cycle.' } },
  create(context) {
    const file = context.filename;
    if (composesOrTests(file)) return {};
    const from = folderOf(file);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = folderOf(resolve(dirname(file), specifier));
      if (!to || to === from) return;
      const graph = folderGraph();
      const back = pathBetween(graph, to, from);
      if (!back) return;
      const steps = back.slice(1).map((folder, index) => `${folder} (${graph.get(back[index]).get(folder)})`);
      context.report({ node, message: `${SERVICES_CYCLE_MESSAGE}: ${from} imports ${to}, and ${to} reaches ${from} back: ${to} → ${steps.join(' → ')}.` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** The plugin of the rule above, under the name `services-boundaries`. */
export const servicesBoundariesPlugin = { rules: { 'no-feature-cycle': noFeatureCycle } };

/** The flat-config blocks: per feature its code and its tests, platform/, the composition roots, and the cycle rule. */
export const servicesBoundaries = (features = featureNames()) => [
  ...features.flatMap((name) => [
    {
      files: [`${SRC}/${name}/**/*.${CODE}`],
      ignores: [...TESTS, CLIS],
      rules: { 'no-restricted-imports': ['error', { patterns: featurePatterns(name, features, { test: false }) }] },
    },
    {
      files: TESTS.map((glob) => `${SRC}/${name}/${glob}`),
      rules: { 'no-restricted-imports': ['error', { patterns: featurePatterns(name, features, { test: true }) }] },
    },
  ]),
  {
    files: [`${SRC}/platform/**/*.${CODE}`],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!\\.\\./)', message: SERVICES_PLATFORM_MESSAGE }] }] },
  },
  {
    files: TESTS.map((glob) => `${SRC}/platform/${glob}`),
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: deepInto(features), message: SERVICES_DEEP_IMPORT_MESSAGE }] }] },
  },
  {
    // The composition roots: at the top a feature's entry or its feature.ts; a CLI inside a feature climbs to them.
    files: [...COMPOSITION_ROOTS.map((file) => `${SRC}/${file}`), `${SRC}/${CLIS}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `^(\\./|(\\.\\./)+)(${features.map(escape).join('|')})/(?!(index|feature)$)`, message: SERVICES_COMPOSITION_MESSAGE }] },
      ],
    },
  },
  {
    files: [`${SRC}/**/*.${CODE}`],
    plugins: { 'services-boundaries': servicesBoundariesPlugin },
    rules: { 'services-boundaries/no-feature-cycle': 'error' },
  },
];
