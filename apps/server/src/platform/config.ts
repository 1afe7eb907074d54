import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: defaults for data, media and the built web app are relative to it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const timezone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be an IANA time zone such as Asia/Shanghai' },
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional()),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_TOKEN: optionalString.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
  MEDIA_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, 'media')),
  MEDIA_BASE_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(3600),
  WEB_DIST_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  PAYMENT_CHANNELS: z.string().trim().default('sandbox'),
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
  APP_TIMEZONE: timezone.default('Asia/Shanghai'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag,
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'DATA_DIR' | 'MEDIA_DIR' | 'WEB_DIST_DIR'> & {
  DATA_DIR: string;
  MEDIA_DIR: string;
  WEB_DIST_DIR: string;
};

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once at start-up; a bad value stops the server with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const config = parsed.data;
  return {
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    MEDIA_DIR: path.resolve(config.MEDIA_DIR),
    WEB_DIST_DIR: path.resolve(config.WEB_DIST_DIR),
  };
}
