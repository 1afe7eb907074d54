import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseAddressList } from './client-address.js';

/**
 * The repository root: defaults for data, media and the built web app are relative to it. The
 * nearest folder above this module holding apps/server/package.json, so that it is the same from
 * the source (apps/server/src/platform, under tsx) and from the bundle `npm start` runs
 * (apps/server/dist, scripts/build-server.mjs).
 */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'apps', 'server', 'package.json'))) return dir;
    // Not in a checkout: the working directory, where npm start runs the server.
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

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

/** The payment channels PAYMENT_CHANNELS may list. */
const PAYMENT_CHANNEL_NAMES = ['sandbox', 'alipay', 'wechat'] as const;

function parseKey(kind: 'private' | 'public', material: string): KeyObject {
  const text = material.trim();
  if (text.startsWith('-----BEGIN CERTIFICATE')) return new X509Certificate(text).publicKey;
  if (text.startsWith('-----BEGIN')) return kind === 'private' ? createPrivateKey(text) : createPublicKey(text);
  // Bare base64 (what the channels' key tools print): PKCS#8 / SPKI first, then PKCS#1.
  const key = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  if (kind === 'private') {
    try {
      return createPrivateKey({ key, format: 'der', type: 'pkcs8' });
    } catch {
      return createPrivateKey({ key, format: 'der', type: 'pkcs1' });
    }
  }
  try {
    return createPublicKey({ key, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key, format: 'der', type: 'pkcs1' });
  }
}

/**
 * An RSA key given inline (PEM, with real or `\\n`-escaped line breaks, or bare base64) or as
 * the path of a file holding one; a certificate stands for its public key. Normalised to PEM
 * (PKCS#8 / SPKI), so a key that does not parse stops the start with the variable's name.
 */
function rsaKey(kind: 'private' | 'public') {
  return optionalString.transform((value, ctx) => {
    if (value === undefined) return undefined;
    let material = value.replace(/\\n/g, '\n');
    const looksLikePath = /^(\/|\.{1,2}[/\\]|[A-Za-z]:[/\\])/.test(value) || /\.(pem|crt|cer|key)$/i.test(value);
    if (!value.startsWith('-----BEGIN') && (looksLikePath || existsSync(value))) {
      if (!existsSync(value)) {
        ctx.issues.push({ code: 'custom', message: `no key file at ${value}`, input: value });
        return z.NEVER;
      }
      material = readFileSync(value, 'utf8');
    }
    try {
      const key = parseKey(kind, material);
      if (key.asymmetricKeyType !== 'rsa') throw new Error('not an RSA key');
      return kind === 'private'
        ? String(key.export({ type: 'pkcs8', format: 'pem' }))
        : String(key.export({ type: 'spki', format: 'pem' }));
    } catch {
      ctx.issues.push({
        code: 'custom',
        message: `must be an RSA ${kind} key: PEM, base64, or the path of a file holding one`,
        input: value,
      });
      return z.NEVER;
    }
  });
}

/** PEM text given inline (real or `\\n`-escaped line breaks) or as the path of a file holding it. */
function pemText(value: string, ctx: z.RefinementCtx): string | undefined {
  if (value.startsWith('-----BEGIN')) return value.replace(/\\n/g, '\n');
  if (!existsSync(value)) {
    ctx.issues.push({ code: 'custom', message: `no file at ${value}`, input: value });
    return undefined;
  }
  return readFileSync(value, 'utf8');
}

/** The site's TLS certificate (chain): PEM inline or a file's path, checked to parse. */
const tlsCertificate = optionalString.transform((value, ctx) => {
  if (value === undefined) return undefined;
  const pem = pemText(value, ctx);
  if (pem === undefined) return z.NEVER;
  try {
    new X509Certificate(pem);
    return pem;
  } catch {
    ctx.issues.push({ code: 'custom', message: 'must be a PEM certificate, or the path of a file holding one', input: value });
    return z.NEVER;
  }
});

/** The certificate's private key: PEM inline or a file's path, checked to parse. */
const tlsKey = optionalString.transform((value, ctx) => {
  if (value === undefined) return undefined;
  const pem = pemText(value, ctx);
  if (pem === undefined) return z.NEVER;
  try {
    createPrivateKey(pem);
    return pem;
  } catch {
    ctx.issues.push({ code: 'custom', message: 'must be a PEM private key, or the path of a file holding one', input: value });
    return z.NEVER;
  }
});

/** Settings each live channel needs; a listed channel without them stops the start. */
const LIVE_CHANNEL_SETTINGS = {
  alipay: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'PUBLIC_BASE_URL'],
  wechat: [
    'WECHAT_MCH_ID',
    'WECHAT_APP_ID',
    'WECHAT_SERIAL_NO',
    'WECHAT_PRIVATE_KEY',
    'WECHAT_API_V3_KEY',
    'WECHAT_PLATFORM_PUBLIC_KEY',
    'PUBLIC_BASE_URL',
  ],
} as const;

/** A DNS name of two labels or more, in lower case: what PUSH_ALLOWED_HOSTS lists. */
const PUSH_HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

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
  /** How long a rate-limit call to Redis may take before the request falls back to in-process counting. */
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(200),
  /** The secret every key is derived from (tokens, media addresses, codes, challenges: platform/keys.ts). */
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** Signs media addresses on its own, for a CDN that checks them: then it holds no key to tokens. */
  MEDIA_SIGNING_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_TOKEN: optionalString.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
  /** Signs the sandbox channel's notifications; instances behind one address must share it. */
  SANDBOX_PAYMENT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  MEDIA_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, 'media')),
  MEDIA_BASE_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(3600),
  WEB_DIST_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  /** The operators' console's build, served under /console/. */
  CONSOLE_DIST_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, 'apps/console/dist')),
  /**
   * Comma-separated: `alipay` and `wechat` are live (their merchant settings below are then
   * required); `sandbox` stands in for whichever of the two is not live. Default: sandbox only.
   */
  PAYMENT_CHANNELS: z
    .string()
    .trim()
    .default('sandbox')
    .refine(
      (list) => {
        const names = list.split(',').map((name) => name.trim());
        return names.length > 0 && names.every((name) => (PAYMENT_CHANNEL_NAMES as readonly string[]).includes(name));
      },
      { message: `must list one or more of ${PAYMENT_CHANNEL_NAMES.join(', ')}, separated by commas` },
    ),
  /** The address members and channels reach this server at: notify URLs, sandbox QR codes. */
  PUBLIC_BASE_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  /** A pending order is cancelled (failureCode expired) this long after it was made. */
  ORDER_EXPIRY_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  /**
   * How often pending orders are checked with their channel (a job, once per interval across all
   * instances); 0 turns it off. At most 12 hours, the longest period the job queue keeps.
   */
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(43_200).default(60),
  ALIPAY_APP_ID: optionalString,
  ALIPAY_PRIVATE_KEY: rsaKey('private'),
  ALIPAY_PUBLIC_KEY: rsaKey('public'),
  ALIPAY_GATEWAY: z.url({ message: 'must be an absolute URL' }).default('https://openapi.alipay.com/gateway.do'),
  WECHAT_MCH_ID: optionalString,
  WECHAT_APP_ID: optionalString,
  /** Serial number of the merchant's API certificate (names the key requests are signed with). */
  WECHAT_SERIAL_NO: optionalString,
  WECHAT_PRIVATE_KEY: rsaKey('private'),
  WECHAT_API_V3_KEY: optionalString.pipe(z.string().length(32, 'must be the 32-character APIv3 key').optional()),
  /** The WeChat Pay public key (or platform certificate) that signs answers and notifications. */
  WECHAT_PLATFORM_PUBLIC_KEY: rsaKey('public'),
  WECHAT_API_BASE: z
    .url({ message: 'must be an absolute URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://api.mch.weixin.qq.com'),
  /** The official account (公众号) whose openids WeChat Pay JSAPI pays for inside WeChat; its secret serves the OAuth step. */
  WECHAT_MP_APP_ID: optionalString,
  WECHAT_MP_APP_SECRET: optionalString,
  /** WeChat's OAuth page and its API (overridden in tests). */
  WECHAT_OAUTH_BASE: z
    .url({ message: 'must be an absolute URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://open.weixin.qq.com'),
  WECHAT_SNS_API_BASE: z
    .url({ message: 'must be an absolute URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://api.weixin.qq.com'),
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
  APP_TIMEZONE: timezone.default('Asia/Shanghai'),
  /** How many days raw analytics events are kept; the daily tables keep the figures for good. */
  ANALYTICS_RAW_DAYS: z.coerce.number().int().min(31).max(3650).default(90),
  /**
   * On SIGTERM or SIGINT, requests in flight get this long to finish; connections still open
   * then (a client that stopped sending or reading) are cut, so the database still closes cleanly
   * before an orchestrator's own deadline kills the process.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /**
   * With both, the server speaks HTTPS itself, HTTP/2 to browsers that offer it and HTTP/1.1 to
   * the rest, as a load balancer in front of it would: a phone then gets a page's two dozen
   * files over one connection instead of queueing them six at a time.
   */
  TLS_CERT: tlsCertificate,
  TLS_KEY: tlsKey,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Who may say where a request came from (X-Forwarded-For, -Proto): `true` is the one load
   * balancer in front (the last address it adds is the client); a number is that many proxies;
   * addresses and CIDR ranges trust those proxies. Never every hop: the first entries of
   * X-Forwarded-For are the client's to write, and the abuse limits count by address.
   */
  TRUST_PROXY: optionalString.transform((value, ctx): false | number | string => {
    const text = value?.toLowerCase();
    if (text === undefined || ['false', 'no', '0'].includes(text)) return false;
    if (['true', 'yes'].includes(text)) return 1;
    if (/^\d{1,2}$/.test(text)) return Number(text);
    try {
      parseAddressList(text);
      return text;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be true, false, a number of proxies, or their addresses or CIDR ranges' });
      return z.NEVER;
    }
  }),
  /**
   * Addresses and CIDR ranges the per-address abuse limits (sign-up, sign-in, codes, reset)
   * do not count, e.g. an office or a load-test runner; per-account limits still hold.
   */
  LIMIT_EXEMPT_ADDRESSES: optionalString.refine(
    (value) => {
      try {
        parseAddressList(value);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be IP addresses or CIDR ranges, comma-separated' },
  ),
  /** The work of the sign-in and sign-up challenge: the highest counter a solver may need (about 1 s a phone at 2,000). */
  CHALLENGE_MAX_COUNTER: z.coerce.number().int().min(2).max(1_000_000).default(2_000),
  /** Members' uploaded images (feedback screenshots). Default: DATA_DIR/uploads. */
  UPLOAD_DIR: optionalString,
  /** A console session ends after this long without a call, and after CONSOLE_SESSION_HOURS in all. */
  CONSOLE_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  CONSOLE_SESSION_HOURS: z.coerce.number().int().min(1).max(24 * 7).default(12),
  /** How long an operator's one-time set-up link works. */
  CONSOLE_SETUP_LINK_HOURS: z.coerce.number().int().min(1).max(24 * 14).default(72),
  /** Store the web-vitals reports the client sends; when false they are accepted and dropped. */
  VITALS_ENABLED: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default('true')
    .transform((value) => value === 'true' || value === '1' || value === 'yes'),
  /** Feedback a member may send per hour. */
  FEEDBACK_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  /** Images a member may upload per hour. */
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Where uploaded media, their HLS ladders, posters and subtitles live: a local folder or S3-compatible object storage. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** The local storage's folder. Default: DATA_DIR/storage. */
  STORAGE_DIR: optionalString,
  /** An S3-compatible endpoint (MinIO, R2, OSS ...); unset: AWS itself. */
  S3_ENDPOINT: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Bucket in the path (http://host/bucket/key) rather than the host name; most self-hosted stores need it. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default('false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes'),
  /** ffmpeg and ffprobe; default the binaries that come with the npm packages. */
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,
  /** The HLS ladder uploads are transcoded to: the short side of each rung in pixels, comma-separated. */
  MEDIA_LADDER: z
    .string()
    .trim()
    .default('360,540,720')
    .refine((list) => list.split(',').every((rung) => /^\d{3,4}$/.test(rung.trim()) && Number(rung) >= 144 && Number(rung) <= 2160), {
      message: 'must be short sides in pixels between 144 and 2160, comma-separated, e.g. 360,540,720',
    })
    .transform((list) => [...new Set(list.split(',').map((rung) => Number(rung.trim())))].sort((a, b) => a - b)),
  /** The largest video file an operator may upload. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(4 * 1024 * 1024 * 1024),
  /**
   * Where uploads still coming in keep their bytes (default DATA_DIR/upload-parts). Instances
   * that share this folder can each take the next chunk of an upload; otherwise a resumed upload
   * must reach the instance it started on. Unfinished uploads go after UPLOAD_PARTS_HOURS.
   */
  UPLOAD_PARTS_DIR: optionalString,
  UPLOAD_PARTS_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24),
  /**
   * Web Push's VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints them).
   * Unset: a pair is generated once and kept in DATA_DIR/vapid-keys.json. Instances behind one
   * address must share it: devices subscribed with one public key only take pushes signed by it.
   */
  VAPID_PUBLIC_KEY: optionalString.pipe(z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key in base64url (87 characters)').optional()),
  VAPID_PRIVATE_KEY: optionalString.pipe(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)').optional()),
  /** Who push services may contact about this server's pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .default('mailto:push@example.invalid'),
  /**
   * Accept push endpoints on loopback (http://127.0.0.1: a local stand-in of a push service,
   * for the tests). Off unless set, and refused in production: it lets any member make the
   * server post to its own loopback ports.
   */
  PUSH_ALLOW_LOOPBACK: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default('false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes'),
  /**
   * The push services subscriptions may name, as host suffixes, comma-separated (e.g.
   * fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,notify.windows.com);
   * empty: any public host. Endpoints are https to public addresses either way.
   */
  PUSH_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((list, ctx) => {
      const hosts = list
        .split(',')
        .map((host) => host.trim().toLowerCase().replace(/\.$/, ''))
        .filter((host) => host !== '');
      const bad = hosts.find((host) => !PUSH_HOST_NAME.test(host) || /^[\d.]+$/.test(host) || /(^|\.)localhost$/.test(host));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `"${bad}" is not a host name with a dot (such as fcm.googleapis.com); list host names, comma-separated` });
        return z.NEVER;
      }
      return [...new Set(hosts)];
    }),
  /** How often each instance asks the job queue for work. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** A running job whose server has not been heard from for this long is retried elsewhere. */
  JOBS_STALL_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /**
   * Where search and the explore feed are answered from: `memory`, an index each instance keeps
   * of the published catalogue (modules/discovery); `database`, a query per call, as before it
   * (the benchmark's "before").
   */
  DISCOVERY_INDEX: z.enum(['memory', 'database']).default('memory'),
  /**
   * How old that index may be when a call reads it: an older one first reads what changed in
   * the database. 0 reads the changes before every call (each write seen by the next read).
   */
  DISCOVERY_MAX_LAG_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
}).superRefine((env, ctx) => {
  if ((env.TLS_CERT === undefined) !== (env.TLS_KEY === undefined)) {
    const missing = env.TLS_CERT === undefined ? 'TLS_CERT' : 'TLS_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other of TLS_CERT and TLS_KEY' });
  } else if (env.TLS_CERT !== undefined && env.TLS_KEY !== undefined) {
    if (!new X509Certificate(env.TLS_CERT).checkPrivateKey(createPrivateKey(env.TLS_KEY))) {
      ctx.addIssue({ code: 'custom', path: ['TLS_KEY'], message: "is not the private key of TLS_CERT's certificate" });
    }
  }
  if (env.STORAGE === 's3' && env.S3_BUCKET === undefined) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE is s3' });
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other of S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY' });
  }
  if (env.PUSH_ALLOW_LOOPBACK && env.NODE_ENV === 'production') {
    ctx.addIssue({ code: 'custom', path: ['PUSH_ALLOW_LOOPBACK'], message: 'must not be on in production: it lets any member make the server post to its own loopback ports' });
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    const missing = env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY' });
  }
  const listed = new Set(env.PAYMENT_CHANNELS.split(',').map((name) => name.trim()));
  for (const channel of ['alipay', 'wechat'] as const) {
    if (!listed.has(channel)) continue;
    for (const name of LIVE_CHANNEL_SETTINGS[channel]) {
      if (env[name] === undefined) {
        ctx.addIssue({ code: 'custom', path: [name], message: `is required when PAYMENT_CHANNELS lists ${channel}` });
      }
    }
  }
});

export type Config = Omit<z.infer<typeof envSchema>, 'DATA_DIR' | 'MEDIA_DIR' | 'WEB_DIST_DIR' | 'CONSOLE_DIST_DIR' | 'UPLOAD_DIR' | 'STORAGE_DIR' | 'UPLOAD_PARTS_DIR'> & {
  UPLOAD_DIR: string;
  STORAGE_DIR: string;
  UPLOAD_PARTS_DIR: string;
  DATA_DIR: string;
  MEDIA_DIR: string;
  WEB_DIST_DIR: string;
  CONSOLE_DIST_DIR: string;
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
    UPLOAD_DIR: path.resolve(config.UPLOAD_DIR ?? path.join(config.DATA_DIR, 'uploads')),
    STORAGE_DIR: path.resolve(config.STORAGE_DIR ?? path.join(config.DATA_DIR, 'storage')),
    UPLOAD_PARTS_DIR: path.resolve(config.UPLOAD_PARTS_DIR ?? path.join(config.DATA_DIR, 'upload-parts')),
    MEDIA_DIR: path.resolve(config.MEDIA_DIR),
    WEB_DIST_DIR: path.resolve(config.WEB_DIST_DIR),
    CONSOLE_DIST_DIR: path.resolve(config.CONSOLE_DIST_DIR),
  };
}
