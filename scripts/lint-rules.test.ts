import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The layers' import directions (eslint.config.js) as the whole configuration applies them: each
 * probe is linted as if it were a file at that path, so a rule that stops matching fails here.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'no-restricted-imports';

let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: repoRoot });
  // Loads the configuration and the parsers once, outside any one case's time.
  await eslint.lintText('export {};\n', { filePath: 'apps/web/src/app/probe.ts' });
}, 60_000);

async function restrictions(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { probe } from '${source}';\nexport { probe };\n`, { filePath });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  const fatal = result.messages.filter((message) => message.fatal);
  expect(fatal).toEqual([]);
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('imports against the direction of the layers are errors', () => {
  it.each([
    ['db imports a module', 'apps/server/src/db/probe.ts', '../modules/settings/queries.js', 'db/ and platform/ lie below'],
    ['a migration imports a module', 'apps/server/src/db/migrations/probe.ts', '../../modules/mall/queries.js', 'db/ and platform/ lie below'],
    ['db imports the demo seed', 'apps/server/src/db/probe.ts', '../seed/seed.js', 'db/ and platform/ lie below'],
    ['platform imports a module', 'apps/server/src/platform/probe.ts', '../modules/admin/guard.js', 'db/ and platform/ lie below'],
    ['a module imports the demo seed', 'apps/server/src/modules/mall/probe.ts', '../../seed/mall-data.js', 'The demo seed lies above'],
    ["a module imports another module's queries", 'apps/server/src/modules/search/probe.ts', '../catalogue/queries.js', 'through its service.ts or index.ts'],
    ["a module imports another module's queries without the extension", 'apps/server/src/modules/auth/probe.ts', '../users/queries', 'through its service.ts or index.ts'],
    ["a module's sub-folder imports another module's queries", 'apps/server/src/modules/payments/channels/probe.ts', '../../orders/queries.js', 'through its service.ts or index.ts'],
    ["a module climbs through modules/ into another's queries", 'apps/server/src/modules/search/probe.ts', '../../modules/catalogue/queries.js', 'through its service.ts or index.ts'],
    ["a module imports another module's named queries file", 'apps/server/src/modules/payments/probe.ts', '../orders/console-queries.js', 'through its service.ts or index.ts'],
    ["a module imports another module's queries file in a sub-folder", 'apps/server/src/modules/orders/probe.ts', '../payments/channels/channel-queries.js', 'through its service.ts or index.ts'],
    ['the web imports server code', 'apps/web/src/features/home/pages/probe.tsx', '../../../../../server/src/modules/search/normalize.js', 'The browser imports no server code'],
    ['the web imports the server package', 'apps/web/src/app/probe.ts', '@drama/server', 'The browser imports no server code'],
    ['web shared/ imports server code', 'apps/web/src/shared/api/probe.ts', '../../../../server/src/platform/errors.js', 'The browser imports no server code'],
    ['a web bench imports server code', 'apps/web/bench/probe.ts', '../../server/src/main.js', 'The browser imports no server code'],
    ['the contracts import the web app', 'packages/contracts/src/probe.ts', '../../../apps/web/src/shared/api/api', 'The contracts import neither app'],
    ['the contracts import the server package', 'packages/contracts/src/probe.ts', '@drama/server', 'The contracts import neither app'],
    ["the viewers' app imports console code", 'apps/web/src/app/probe.ts', '../../../console/src/app/router', 'never loads console code'],
    ["a viewers' feature imports the console package", 'apps/web/src/features/home/probe.ts', '@drama/console', 'never loads console code'],
    ["the console imports a viewers' feature", 'apps/console/src/features/audit/probe.tsx', '../../../../web/src/features/player', "imports nothing of the viewers' app"],
    ['the console imports server code', 'apps/console/src/app/probe.ts', '@drama/server', 'The browser imports no server code'],
    ["the console's shared/ imports app/", 'apps/console/src/shared/ui/probe.tsx', '../../app/router', 'app/ lies above'],
    ['shared/ imports a feature', 'apps/web/src/shared/ui/probe.tsx', '../../features/player/lib/vtt', 'shared/ lies below the features'],
    ['shared/ imports a feature index', 'apps/web/src/shared/probe.ts', '../features/player', 'shared/ lies below the features'],
    ['shared/ imports app/', 'apps/web/src/shared/ui/probe.tsx', '../../app/router', 'app/ lies above'],
    ['a feature imports app/', 'apps/web/src/features/favorites/pages/probe.tsx', '../../../app/route-table', 'app/ lies above'],
    ["a feature imports another feature's api", 'apps/web/src/features/favorites/pages/probe.tsx', '../../player/api/get-player-drama', 'through its index.ts'],
    ["a feature imports another feature's components", 'apps/web/src/features/favorites/components/probe.tsx', '../../player/components/episode-drawer', 'through its index.ts'],
    ["a feature imports another feature's lib", 'apps/web/src/features/favorites/hooks/probe.ts', '../../player/lib/vtt', 'through its index.ts'],
    ["a feature imports another feature's hooks", 'apps/web/src/features/favorites/lib/probe.ts', '../../player/hooks/use-player', 'through its index.ts'],
    ["a feature imports another feature's pages", 'apps/web/src/features/favorites/api/probe.ts', '../../player/pages/player-page', 'through its index.ts'],
    ["a feature's top file imports another feature's lib", 'apps/web/src/features/favorites/probe.ts', '../player/lib/vtt', 'through its index.ts'],
    ['a feature climbs through features/ into another', 'apps/web/src/features/favorites/pages/probe.tsx', '../../../features/player/api/get-player-drama', 'through its index.ts'],
    ["a console feature imports another feature's api", 'apps/console/src/features/audit/probe.tsx', '../operators/api', 'through its index.ts'],
    ["a console feature imports another feature's component", 'apps/console/src/features/home-slots/probe.tsx', '../catalogue/sortable-table', 'through its index.ts'],
    ["a console feature imports another feature's hook", 'apps/console/src/features/catalogue/probe.tsx', '../episodes/use-batch-upload', 'through its index.ts'],
    ["a console feature imports another feature's page", 'apps/console/src/features/members/probe.tsx', '../orders/order-page', 'through its index.ts'],
    ['a console feature climbs through features/ into another', 'apps/console/src/features/funnel/probe.tsx', '../../features/dashboard/figures', 'through its index.ts'],
  ])('%s', async (_case, filePath, source, message) => {
    const found = await restrictions(filePath, source);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });
});

describe('imports along the direction of the layers are allowed', () => {
  it.each([
    ['a module imports db', 'apps/server/src/modules/mall/probe.ts', '../../db/database.js'],
    ['a module imports platform', 'apps/server/src/modules/mall/probe.ts', '../../platform/errors.js'],
    ["a module imports another module's service", 'apps/server/src/modules/search/probe.ts', '../catalogue/service.js'],
    ['a module imports another module through its index', 'apps/server/src/modules/search/probe.ts', '../catalogue/index.js'],
    ["a module imports another module's other files", 'apps/server/src/modules/search/probe.ts', '../catalogue/presenters.js'],
    ['a module imports its own queries', 'apps/server/src/modules/orders/probe.ts', './queries.js'],
    ["a module's sub-folder imports its own queries", 'apps/server/src/modules/payments/channels/probe.ts', '../queries.js'],
    ['a module imports its own named queries file', 'apps/server/src/modules/tasks/probe.ts', './drama-starts-queries.js'],
    ["a module's sub-folder imports its own queries by the module's name", 'apps/server/src/modules/payments/channels/probe.ts', '../../payments/queries.js'],
    ["a module's test imports another module's queries", 'apps/server/src/modules/payments/probe.test.ts', '../orders/queries.js'],
    ['the demo seed imports a module', 'apps/server/src/seed/probe.ts', '../modules/mall/queries.js'],
    ['db imports db', 'apps/server/src/db/migrations/probe.ts', '../database.js'],
    ['platform imports db', 'apps/server/src/platform/probe.ts', '../db/schema.js'],
    ['the server imports the contracts', 'apps/server/src/modules/mall/probe.ts', '@drama/contracts'],
    ['the web imports the contracts', 'apps/web/src/features/favorites/pages/probe.tsx', '@drama/contracts'],
    ['a feature imports another feature through its index', 'apps/web/src/features/favorites/pages/probe.tsx', '../../player'],
    ['a feature imports another feature through index.ts', 'apps/web/src/features/favorites/pages/probe.tsx', '../../player/index.ts'],
    ["a feature's top file imports another feature's index", 'apps/web/src/features/favorites/probe.ts', '../player/index'],
    ['a feature imports its own files', 'apps/web/src/features/favorites/pages/probe.tsx', '../components/favorite-card'],
    ['a feature imports shared/', 'apps/web/src/features/favorites/pages/probe.tsx', '../../../shared/ui/skeleton'],
    ['app/ imports a feature page', 'apps/web/src/app/probe.ts', '../features/player/pages/player-page'],
    ['app/layout imports a feature page', 'apps/web/src/app/layout/probe.tsx', '../../features/home/pages/home-page'],
    ['shared/ imports shared/', 'apps/web/src/shared/ui/probe.tsx', '../i18n/i18n'],
    ['a console feature imports another through its index', 'apps/console/src/features/audit/probe.tsx', '../operators'],
    ['a console feature imports another through index.ts', 'apps/console/src/features/home-slots/probe.tsx', '../catalogue/index'],
    ['a console feature imports its own files', 'apps/console/src/features/audit/probe.tsx', './api'],
    ['a console feature imports shared/', 'apps/console/src/features/audit/probe.tsx', '../../shared/ui/page-header'],
  ])('%s', async (_case, filePath, source) => {
    expect(await restrictions(filePath, source)).toEqual([]);
  });
});
