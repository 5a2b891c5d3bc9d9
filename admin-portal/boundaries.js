// The admin portal's import boundaries, as ESLint's built-in no-restricted-imports (eslint.config.js spreads these
// blocks). A feature (src/features/<name>/) imports only from itself and from the shared folders: app, components,
// config, hooks, lib (and testing, in its tests). What two features share moves to components/, hooks/ or lib/; only
// app/ (the router and its routes) puts features together. The shared folders import no feature and not app/.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const SRC = 'admin-portal/src';

/** Every feature folder's name. */
const featureNames = () =>
  readdirSync(join(import.meta.dirname, 'src', 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const CODE = '{ts,tsx}';
const TESTS = [`**/*.test.${CODE}`];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const CROSSING_MESSAGE =
  'A feature imports only from itself and from app, components, config, hooks and lib: move what features share to components/, hooks/ or lib/.';
export const TESTING_MESSAGE = 'testing/ (the route-level test helpers) is for tests only.';
export const SHARED_MESSAGE = 'The shared folders (components, config, hooks, lib) import no feature and not app/: the feature imports them.';

/** The no-restricted-imports patterns of the files of feature `name`, given every feature's name. */
const featurePatterns = (name, features, { test }) => {
  const others = features.filter((feature) => feature !== name).map(escape);
  const patterns = [
    // '@/features/<other>/…', and relative paths that climb into another feature's folder.
    { regex: `^@/features/(?!${escape(name)}(/|$))`, message: CROSSING_MESSAGE },
    ...(others.length > 0 ? [{ regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/|$)`, message: CROSSING_MESSAGE }] : []),
  ];
  if (!test) patterns.push({ regex: '^(@/|(\\.\\./)+)testing(/|$)', message: TESTING_MESSAGE });
  return patterns;
};

/** The flat-config blocks: one per feature for its code, one for its tests, and one for the shared folders. */
export const adminPortalBoundaries = (features = featureNames()) => [
  ...features.flatMap((name) => [
    {
      files: [`${SRC}/features/${name}/**/*.${CODE}`],
      ignores: TESTS,
      rules: { 'no-restricted-imports': ['error', { patterns: featurePatterns(name, features, { test: false }) }] },
    },
    {
      files: TESTS.map((glob) => `${SRC}/features/${name}/${glob}`),
      rules: { 'no-restricted-imports': ['error', { patterns: featurePatterns(name, features, { test: true }) }] },
    },
  ]),
  {
    files: ['components', 'config', 'hooks', 'lib'].map((folder) => `${SRC}/${folder}/**/*.${CODE}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(@/|(\\.\\./)+)(features|app)(/|$)', message: SHARED_MESSAGE },
            { regex: '^(@/|(\\.\\./)+)testing(/|$)', message: TESTING_MESSAGE },
          ],
        },
      ],
    },
  },
];
