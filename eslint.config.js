import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * The layers import downwards only. `no-restricted-imports` sees an import as written, so each
 * restriction names the folder a relative path climbs into ("../../modules/..."). A later block
 * replaces an earlier one's options for the same file, so every block lists all that holds for it.
 */

/** A relative path climbing out of its folder, then perhaps through src/. */
const CLIMB = '^(\\.\\./)+(src/)?';

/** An import a layer must not make: a pattern on the path as written, and what to do instead. */
function forbid(regex, message) {
  return { regex, message };
}

function restrict(files, ...patterns) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

const SERVER_MODULES_OR_SEED = forbid(
  `${CLIMB}(modules|seed)(/|$)`,
  'db/ and platform/ lie below the modules and the demo seed: move what both need down here instead.',
);
const SERVER_SEED = forbid(
  `${CLIMB}seed(/|$)`,
  'The demo seed lies above the modules: the module owns the shape and the seed imports it.',
);
const SERVER_CODE = forbid(
  `^@drama/server(/|$)|${CLIMB}(apps/)?server(/|$)`,
  'The browser imports no server code: share it through @drama/contracts.',
);
const EITHER_APP = forbid(`^@drama/(server|web|console)(/|$)|${CLIMB}apps(/|$)`, 'The contracts import neither app.');
const CONSOLE_CODE = forbid(`^@drama/console(/|$)|${CLIMB}(apps/)?console(/|$)`, 'The viewers\' app never loads console code: share it through @drama/contracts.');
const VIEWER_CODE = forbid(`^@drama/web(/|$)|${CLIMB}(apps/)?web(/|$)`, 'The console imports nothing of the viewers\' app: share it through @drama/contracts.');
const WEB_APP = forbid(`${CLIMB}app(/|$)`, 'app/ lies above the features and shared/: pass what is needed down.');
const WEB_FEATURES = forbid(`${CLIMB}features(/|$)`, 'shared/ lies below the features: move what both need into shared/.');

/** The folders directly inside a folder of the repository: the modules or features, one each. */
function foldersIn(folder) {
  return readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const serverModules = foldersIn('./apps/server/src/modules');
const webFeatures = foldersIn('./apps/web/src/features');
const consoleFeatures = foldersIn('./apps/console/src/features');

/**
 * Another module is reached through its service.ts or index.ts: "../users/index.js", never
 * "../users/queries.js" nor any of its other queries files ("../orders/console-queries.js").
 */
function otherModulesQueries(module) {
  const others = serverModules.filter((name) => name !== module).join('|');
  return forbid(
    `${CLIMB}(modules/)?(${others})/(.+/)?([\\w-]+-)?queries(\\.[jt]s)?$`,
    'Another module is reached through its service.ts or index.ts, its public surface, never its queries.ts.',
  );
}

/** Another feature is imported through its index.ts only: "../../player", never "../../player/api/...". */
function otherFeaturesInsides(features, feature) {
  const others = features.filter((name) => name !== feature).join('|');
  return forbid(
    `${CLIMB}(features/)?(${others})/(?!index(\\.[jt]sx?)?$).`,
    'Another feature is imported through its index.ts, its public surface, never its api/, components/, lib/, hooks/ or pages/.',
  );
}

const layerDirections = [
  restrict(['apps/server/src/db/**', 'apps/server/src/platform/**'], SERVER_MODULES_OR_SEED),
  ...serverModules.map((module) => restrict([`apps/server/src/modules/${module}/**`], SERVER_SEED, otherModulesQueries(module))),
  // A module's tests may read another module's queries to set up or check what they test.
  restrict(['apps/server/src/modules/**/*.test.ts'], SERVER_SEED),
  restrict(['packages/contracts/**'], EITHER_APP),
  restrict(['apps/web/**'], SERVER_CODE, CONSOLE_CODE),
  restrict(['apps/web/src/shared/**'], SERVER_CODE, CONSOLE_CODE, WEB_APP, WEB_FEATURES),
  ...webFeatures.map((feature) =>
    restrict([`apps/web/src/features/${feature}/**`], SERVER_CODE, CONSOLE_CODE, WEB_APP, otherFeaturesInsides(webFeatures, feature)),
  ),
  restrict(['apps/console/**'], SERVER_CODE, VIEWER_CODE),
  restrict(['apps/console/src/shared/**'], SERVER_CODE, VIEWER_CODE, WEB_APP, WEB_FEATURES),
  ...consoleFeatures.map((feature) =>
    restrict([`apps/console/src/features/${feature}/**`], SERVER_CODE, VIEWER_CODE, otherFeaturesInsides(consoleFeatures, feature)),
  ),
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.e2e-*/**', '.e2e-*-dist/**', '.e2e-*-results/**', '.bench-web-dist/**', '.bench-data/**', 'media/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'apps/server/bench/**', 'apps/server/src/cli/**', 'apps/web/bench/**'],
    rules: { 'no-console': 'off' },
  },
  ...layerDirections,
);
