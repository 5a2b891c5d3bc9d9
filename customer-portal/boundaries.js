// The customer portal's import boundaries, as ESLint's built-in no-restricted-imports (eslint.config.js spreads these
// blocks). A feature (src/features/<name>/) imports only from itself and from the shared folders components, config,
// lib and messages; what two features share moves there. Only app/ (the router and its routes) puts features
// together, so neither a feature nor a shared folder imports app/, and the shared folders import no feature. The same
// rule as the admin portal's (admin-portal/boundaries.js), for a portal without the `@/` alias.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const SRC = 'customer-portal/src';
const CODE = '{ts,tsx}';

/** Every feature folder's name. */
const featureNames = () =>
  readdirSync(join(import.meta.dirname, 'src', 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const CUSTOMER_CROSSING_MESSAGE =
  'A customer-portal feature imports only from itself and from components, config, lib and messages: move what features share there.';
export const CUSTOMER_APP_MESSAGE = 'app/ (the router and its routes) puts features together: a feature or a shared folder does not import it.';
export const CUSTOMER_SHARED_MESSAGE = 'The shared folders (components, config, lib, messages) import no feature: the feature imports them.';

/** The flat-config blocks: one per feature, and one for the shared folders. */
export const customerPortalBoundaries = (features = featureNames()) => [
  ...features.map((name) => {
    const others = features.filter((feature) => feature !== name).map(escape);
    return {
      files: [`${SRC}/features/${name}/**/*.${CODE}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              // Relative paths that climb into another feature's folder, from the feature's top or from deeper down.
              ...(others.length > 0 ? [{ regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/|$)`, message: CUSTOMER_CROSSING_MESSAGE }] : []),
              { regex: '^(\\.\\./)+app(/|$)', message: CUSTOMER_APP_MESSAGE },
            ],
          },
        ],
      },
    };
  }),
  {
    files: ['components', 'config', 'lib', 'messages'].map((folder) => `${SRC}/${folder}/**/*.${CODE}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+features(/|$)', message: CUSTOMER_SHARED_MESSAGE },
            { regex: '^(\\.\\./)+app(/|$)', message: CUSTOMER_APP_MESSAGE },
          ],
        },
      ],
    },
  },
];
