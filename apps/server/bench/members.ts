// The database a load run starts from: migrated, seeded, and with many members made directly
// (one password hash shared by all), so that the run spreads its calls over members instead of
// meeting the per-member limits, and setting up does not take a sign-up with scrypt each.
import path from 'node:path';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemo } from '../src/seed/seed.js';
import { PasswordHasher } from '../src/modules/auth/passwords.js';
import { deriveKeys } from '../src/platform/keys.js';
import { TokenService } from '../src/platform/tokens.js';
import { repoRoot } from './harness.js';

export const MEMBER_PASSWORD = 'load-test-password';

export interface Member {
  id: number;
  username: string;
  token: string;
  vip: boolean;
}

/**
 * Prepares the database the server will open (PGlite under `dataDir`, or `databaseUrl`), then
 * closes it: PGlite allows one process at a time. Tokens are signed with the server's secret.
 */
export async function prepareDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  jwtSecret: string;
  members: number;
  vipMembers: number;
}): Promise<Member[]> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    await migrateToLatest(database.db);
    await seedDemo(database.db, process.env.MEDIA_DIR ?? path.join(repoRoot, 'media'));
    const passwordHash = await new PasswordHasher().hash(MEMBER_PASSWORD);
    const vipUntil = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    // Tokens are signed with the key derived for them, as the server does.
    const tokens = new TokenService(deriveKeys(options.jwtSecret).tokens);
    const members: Member[] = [];
    const batch = 500;
    for (let first = 0; first < options.members; first += batch) {
      const rows = Array.from({ length: Math.min(batch, options.members - first) }, (_, offset) => {
        const index = first + offset;
        const vip = index < options.vipMembers;
        return {
          username: `loadtest${String(index).padStart(5, '0')}`,
          password_hash: passwordHash,
          vip_level: vip ? 1 : 0,
          vip_expire_time: vip ? vipUntil : null,
        };
      });
      const created = await database.db
        .insertInto('users')
        .values(rows)
        .returning(['id', 'username', 'vip_level', 'token_version'])
        .execute();
      for (const user of created) {
        members.push({
          id: user.id,
          username: user.username,
          vip: user.vip_level > 0,
          token: tokens.sign({ userId: user.id, version: user.token_version }),
        });
      }
    }
    return members;
  } finally {
    await database.close();
  }
}
