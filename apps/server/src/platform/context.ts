import type { Db } from '../db/database.js';
import type { Authenticator } from './auth.js';
import type { Changes } from './changes.js';
import type { Config } from './config.js';
import type { JobQueue } from './jobs/queue.js';
import type { MediaSigner } from './media-signing.js';
import type { OperatorAuth } from './operators.js';
import type { RateLimits } from './rate-limits.js';
import type { Storage } from './storage/index.js';
import type { TokenService } from './tokens.js';

/** What a module needs from the platform, handed to it when its routes are registered. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  tokens: TokenService;
  auth: Authenticator;
  mediaSigner: MediaSigner;
  version: string;
  /** The time rules run on (order expiry, reconciliation); tests pass a movable one to buildApp. */
  clock: () => Date;
  /** Makes every module's rate limiters: in process, or shared through Redis when REDIS_URL is set. */
  rateLimits: RateLimits;
  /** Resolves the operator behind a console call (session cookie or API token) and checks the role. */
  operators: OperatorAuth;
  /** Uploaded media, HLS ladders, posters and subtitles: a local folder or S3-compatible storage. */
  storage: Storage;
  /** The job queue on the database; modules register their jobs by name. */
  jobs: JobQueue;
  /** Where a module announces a change others keep copies of; app.ts says who hears each. */
  changes: Changes;
}
