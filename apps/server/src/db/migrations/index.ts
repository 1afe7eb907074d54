import * as catalogue from './0001-catalogue.js';
import * as users from './0002-users.js';
import * as accounts from './0003-accounts.js';
import * as engagement from './0004-engagement.js';

/** Numbered migrations in the order they apply. Append; never edit one that has shipped. */
export const migrations: ReadonlyArray<{ name: string; statements: readonly string[] }> = [
  { name: '0001-catalogue', statements: catalogue.statements },
  { name: '0002-users', statements: users.statements },
  { name: '0003-accounts', statements: accounts.statements },
  { name: '0004-engagement', statements: engagement.statements },
];
