/**
 * The operator's command: `npm run admin -- <command>`. A thin client of a running server: the
 * console's own routes with an operator's API token (whose role and its operator's are checked
 * on every call), and the bootstrap token's calls that make operators. It never opens the
 * database (PGlite allows one process, and with PostgreSQL every instance must see the same
 * change).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  adminDramaImportBodySchema,
  adminDramaImportResponseSchema,
  type AdminDramaImportResult,
  API_BASE,
  apiErrorEnvelopeSchema,
  apiPaths,
  consoleCampaignResponseSchema,
  type ConsoleFeedback,
  consoleFeedbackListResponseSchema,
  consoleFeedbackResponseSchema,
  consoleOutboxListResponseSchema,
  consoleSettingsResponseSchema,
  createdApiTokenResponseSchema,
  createdOperatorResponseSchema,
  FEEDBACK_STATUSES,
  memberAdjustmentResultResponseSchema,
  memberDetailResponseSchema,
  memberSearchResponseSchema,
  type MemberSummary,
  normalizePhone,
  OPERATOR_ROLES,
  type OperatorRole,
  operatorResponseSchema,
  PHONE_PATTERN,
  type SystemSettings,
  systemSettingsSchema,
} from '@drama/contracts';
import type { z } from 'zod';
import { FolderImportError, prepareFolderImport } from '../modules/admin-content/folder-import.js';
import { REPO_ROOT } from '../platform/config.js';

const USAGE = `Usage: npm run admin -- [--url <address>] [--token <opk_...>] <command>

Operators (with the bootstrap token, or an owner's API token):
  operator create --username <u> --role <r>  add an operator (owner, content, support, finance);
                                             prints the one-time link where they choose a password
  operator reset-2fa <username>              turn off their two-factor sign-in (a lost phone)
  operator disable <username>                end their sessions and revoke their API tokens
  token create --operator <u> --role <r> --name <n>
                                             issue an API token for that operator (printed once)

Commands (with an operator's API token whose role may make the call):
  outbox [--target <email or phone>]        messages kept by the outbox channel, newest first
                                             (codes masked except for the owner, whose read of
                                             them is audited)
  user list [--query <text>]                 members, by id, name, phone or e-mail
  user disable <id> --reason <text>          refuse sign-in and end every token of a member
  user enable <id> --reason <text>           let a disabled member sign in again
  user vip <id> --days <n> --reason <text>   grant VIP days (from the later of now and expiry)
  redeem create --type vip_days|points --value <n> --count <n> [--expires <ISO date or +30d>]
                [--campaign <name>]          make a campaign of single-use redeem codes, printed
                                             one per line
  points grant <userId> --amount <n> --reason <text>
                                             grant points; a negative amount (--amount=-50)
                                             deducts; the reason is audited
  settings get [<key>]                       system settings (site name, legal texts, ...)
  settings set <key> <value>                 change one; --file <path> takes the text of a file
  feedback list [--status <status>]          members' feedback, newest first
  feedback show <id>                         one item with its screenshots and replies
  feedback reply <id> --message <text>       reply to it (or pipe the text on stdin)
  feedback close <id>                        close it
  import <file.json | folder>                import dramas: a JSON catalogue, or a folder of media
                                             copied into this machine's MEDIA_DIR (see import --help)

Options:
  --url <address>   the server (default http://127.0.0.1:$PORT, PORT default 3000)
  --token <opk_...> an operator's API token (default: ADMIN_API_TOKEN)
  --page <n>, --limit <n>   paging of outbox, user list and feedback list (default 1 and 20)
  --help            this text; after settings, feedback or import, that command's own

These are the console's own calls, with the same rules: a call must be allowed to the token's
role and to its operator's role now (a token of a role its operator no longer holds is dead).
Every change is written to the audit log under the token's operator. Roles: support for members,
outbox, feedback, VIP and points; content for import; finance for redeem codes; owner for all
and settings. An API token comes from the console's API tokens page (/console/), or from
\`token create\` with the bootstrap token: ADMIN_TOKEN, else the file DATA_DIR/admin-token the server
writes on its first start (DATA_DIR default: <repo>/data). The bootstrap token makes operators
and their tokens, nothing else.`;

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function usageError(message: string): CliError {
  return new CliError(`${message}\n\n${USAGE}`, 2);
}

/** `--token`, kept here by run() for the commands that read it. */
let tokenOption: string | undefined;

const TOKEN_HELP =
  "Make one on the console's API tokens page (/console/), or with the bootstrap token: npm run admin -- token create --operator <username> --role <role> --name <name>.";

/** An operator's API token: every change it makes is audited under that operator. */
function readToken(): string {
  const token = tokenOption?.trim() || process.env.ADMIN_API_TOKEN?.trim();
  if (token) return token;
  throw new CliError(`No admin token: pass --token <opk_...> or set ADMIN_API_TOKEN to an operator's API token. ${TOKEN_HELP}`);
}

/** The bootstrap token (ADMIN_TOKEN, else DATA_DIR/admin-token), or an owner's API token given with --token. */
function readBootstrapToken(): string {
  if (tokenOption?.trim()) return tokenOption.trim();
  const fromEnv = process.env.ADMIN_TOKEN?.trim();
  if (fromEnv) return fromEnv;
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || path.join(REPO_ROOT, 'data'));
  const file = path.join(dataDir, 'admin-token');
  try {
    const token = readFileSync(file, 'utf8').trim();
    if (token) return token;
  } catch {
    // an owner's API token serves as well
  }
  const apiToken = process.env.ADMIN_API_TOKEN?.trim();
  if (apiToken) return apiToken;
  throw new CliError(`No bootstrap token: set ADMIN_TOKEN, or run this where the server keeps ${file}, or pass an owner's API token with --token.`);
}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw usageError(`${name} must be a positive whole number, not "${value}".`);
  return Number(value);
}

class AdminClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async call<T extends z.ZodType>(
    method: 'GET' | 'POST' | 'PATCH',
    route: string,
    schema: T,
    options: { query?: Record<string, string | number | undefined>; body?: unknown } = {},
  ): Promise<z.infer<T>> {
    const { url, response } = await this.send(method, route, options);
    const payload: unknown = await response.json().catch(() => null);
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new CliError(`Unexpected answer from ${url.pathname}: ${parsed.error.message}`);
    return parsed.data;
  }

  /** A call whose answer is a file (a CSV export). */
  async text(route: string): Promise<string> {
    const { response } = await this.send('GET', route, {});
    return response.text();
  }

  private async send(
    method: 'GET' | 'POST' | 'PATCH',
    route: string,
    options: { query?: Record<string, string | number | undefined>; body?: unknown },
  ): Promise<{ url: URL; response: Response }> {
    const url = new URL(`${API_BASE}${route}`, this.baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: options.body === undefined ? null : JSON.stringify(options.body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new CliError(`Cannot reach the server at ${this.baseUrl} (${reason}). Is it running? Start it with npm start, or pass --url.`);
    }
    if (!response.ok) {
      const payload: unknown = await response.json().catch(() => null);
      const failure = apiErrorEnvelopeSchema.safeParse(payload);
      if (!failure.success) throw new CliError(`The server answered ${response.status} ${response.statusText}.`);
      const hint =
        failure.data.code === 'ADMIN_TOKEN_INVALID' || failure.data.code === 'OPERATOR_UNAUTHENTICATED'
          ? ` Check --token or ADMIN_API_TOKEN (an operator's API token, not revoked, of a role its operator still holds), or for operator and token commands ADMIN_TOKEN or DATA_DIR/admin-token of the server you are talking to.`
          : failure.data.code === 'BOOTSTRAP_TOKEN_LIMITED'
            ? ` ${TOKEN_HELP}`
            : failure.data.code === 'OPERATOR_FORBIDDEN'
              ? " This token's role may not make this call; use a token of a role that may."
              : '';
      const details = failure.data.details === undefined ? '' : ` ${JSON.stringify(failure.data.details)}`;
      throw new CliError(`${failure.data.code}: ${failure.data.message}.${details}${hint}`);
    }
    return { url, response };
  }
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, index) => Math.max(header.length, ...rows.map((row) => (row[index] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => (index === cells.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

function when(iso: string | null): string {
  return iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '-';
}

function vip(user: MemberSummary): string {
  if (user.vipLevel <= 0 || !user.vipExpireTime) return '-';
  return `${user.vipActive ? 'until' : 'ended'} ${when(user.vipExpireTime)}`;
}

function userRows(users: MemberSummary[]): string {
  return table(
    ['ID', 'USERNAME', 'EMAIL', 'PHONE', 'STATUS', 'VIP', 'POINTS', 'LAST SIGN-IN'],
    users.map((user) => [
      String(user.id),
      user.username,
      user.email ?? '-',
      user.phone ?? '-',
      user.status === 1 ? 'active' : 'disabled',
      vip(user),
      String(user.points),
      when(user.lastSignInAt ?? null),
    ]),
  );
}

/** Sent with each grant, so that the server applies it once even if the call is retried. */
function idempotencyKey(): string {
  return `cli-${randomBytes(12).toString('base64url')}`;
}

function pageLine(data: { page: number; limit: number; total: number }, shown: number): string {
  if (data.total === 0) return '';
  const from = (data.page - 1) * data.limit + 1;
  return `\n${from}-${from + shown - 1} of ${data.total}`;
}

const EXPIRES_IN = /^\+(\d{1,5})([dh])$/;

/** `--expires`: an ISO date or time (a date alone is midnight UTC), or `+30d` / `+12h` from now. */
function parseExpires(text: string, now = new Date()): string {
  const relative = EXPIRES_IN.exec(text);
  if (relative) {
    const amount = Number(relative[1]);
    if (amount < 1) throw usageError(`--expires must be in the future, not "${text}".`);
    return new Date(now.getTime() + amount * (relative[2] === 'd' ? 86_400_000 : 3_600_000)).toISOString();
  }
  const date = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) ? new Date(text) : null;
  if (!date || Number.isNaN(date.getTime())) {
    throw usageError(`--expires must be an ISO date or time (2030-01-31, 2030-01-31T12:00:00+08:00) or +<n>d / +<n>h, not "${text}".`);
  }
  return date.toISOString();
}

async function redeemCommand(
  baseUrl: string,
  args: string[],
  values: { type?: string | undefined; value?: string | undefined; count?: string | undefined; expires?: string | undefined; campaign?: string | undefined },
): Promise<string> {
  const [sub, ...extra] = args;
  if (sub !== 'create') throw usageError(sub ? `Unknown redeem command "${sub}".` : 'Name a redeem command: create.');
  if (extra.length > 0) throw usageError(`Unexpected "${extra[0]}".`);
  const type = values.type;
  if (type !== 'vip_days' && type !== 'points') throw usageError('redeem create needs --type vip_days or --type points.');
  const value = positiveInt(values.value, '--value');
  if (value === undefined) throw usageError('redeem create needs --value <n> (VIP days or points per code).');
  const count = positiveInt(values.count, '--count');
  if (count === undefined) throw usageError('redeem create needs --count <n> (how many codes).');
  const expiresAt = values.expires === undefined ? undefined : parseExpires(values.expires);
  const name = values.campaign?.trim() || `Codes of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const client = new AdminClient(baseUrl, readToken());
  const { data } = await client.call('POST', apiPaths.consoleCampaigns(), consoleCampaignResponseSchema, {
    body: { name, type, value, count, ...(expiresAt ? { expiresAt } : {}) },
  });
  // The campaign's export, as the console downloads it (and audits): the code is its first column.
  const csv = await client.text(apiPaths.consoleCampaignCodes(data.id));
  const codes = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(',')[0]?.trim() ?? '')
    .filter((code) => code !== '');
  // The codes alone go to stdout, so that they can be piped into a file; the summary to stderr.
  const what = data.type === 'vip_days' ? `${data.value} VIP days` : `${data.value} points`;
  const until = data.expiresAt ? `, valid until ${when(data.expiresAt)}` : ', never expiring';
  process.stderr.write(`Campaign ${data.id} "${data.name ?? name}": ${codes.length} codes of ${what} each${until}.\n`);
  return codes.join('\n');
}

async function pointsCommand(
  baseUrl: string,
  args: string[],
  values: { amount?: string | undefined; reason?: string | undefined },
): Promise<string> {
  const [sub, idText, ...extra] = args;
  if (sub !== 'grant') throw usageError(sub ? `Unknown points command "${sub}".` : 'Name a points command: grant.');
  if (idText === undefined) throw usageError('points grant needs a user id.');
  if (extra.length > 0) throw usageError(`Unexpected "${extra[0]}".`);
  const id = positiveInt(idText, 'The user id') ?? 0;
  if (values.amount === undefined || !/^-?\d+$/.test(values.amount) || Number(values.amount) === 0) {
    throw usageError('points grant needs --amount <n>, a whole number other than 0 (--amount=-50 deducts).');
  }
  const amount = Number(values.amount);
  const reason = values.reason?.trim();
  if (!reason) throw usageError('points grant needs --reason <text> (why, kept in the audit log).');
  const client = new AdminClient(baseUrl, readToken());
  const { data } = await client.call('POST', apiPaths.consoleMemberPoints(id), memberAdjustmentResultResponseSchema, {
    body: { direction: amount > 0 ? 'grant' : 'deduct', amount: Math.abs(amount), reason, idempotencyKey: idempotencyKey() },
  });
  const change = amount > 0 ? `Granted ${amount} points to` : `Deducted ${-amount} points from`;
  return `${change} user ${id}: balance ${data.member.points} (adjustment ${data.adjustment.id}).`;
}

const SETTINGS_HELP = `Usage: npm run admin -- settings <get|set> ...

  settings get                        every system setting (long texts shortened)
  settings get <key>                  one setting, in full
  settings set <key> <value>          change one setting
  settings set <key> --file <path>    change one setting to the text of a file (legal texts)
  settings set --key <key> --file <path>

Keys: ${Object.keys(systemSettingsSchema.shape).join(', ')}.
followSystemTheme takes true or false. The site shows a change at once.`;

const FEEDBACK_HELP = `Usage: npm run admin -- feedback <list|show|reply|close> ...

  feedback list [--status pending|replied|closed] [--page <n>] [--limit <n>]
                                      members' feedback, newest first
  feedback show <id>                  one item in full: content, contact, screenshots, replies
  feedback reply <id> --message <text>
                                      reply (the member sees it; the item becomes replied);
                                      without --message the text is read from stdin
  feedback close <id>                 close the item (no more replies)`;

const IMPORT_HELP = `Usage: npm run admin -- import <file.json | folder> [--media-dir <path>] [--no-transcode]

  import catalogue.json     the body of POST /api/v1/console/dramas/import: { categories?, tags?,
                            dramas: [{ slug, title, description, category, tags, coverPath,
                            episodes: [{ sequence, isFree, durationSeconds, mediaKey }] }] },
                            whose media is already under the server's MEDIA_DIR, as
                            regular files (a symbolic link there is refused)
  import <folder>           a folder of media: <folder>/<drama-slug>/meta.json, cover.jpg,
                            01.mp4, 02.mp4 ..., and optional 01.zh.vtt / 01.en.srt subtitles
                            (zh, zh-Hant, en); <folder>/catalogue.json may define new
                            categories and tags. meta.json: { title, description (each with
                            zh-CN, zh-Hant, en-US), freeEpisodes, category?, tags?, featured?,
                            completed?, status?, slug?, episodes?: [{ sequence, isFree?,
                            durationSeconds? }] }

A folder is copied into MEDIA_DIR on this machine (--media-dir, else MEDIA_DIR, else
<repo>/media), so run it where the server runs, or against storage the server shares. With
ffmpeg and ffprobe on PATH it also cuts HLS renditions, reads durations and takes a cover from
episode 1 when there is none; without them MP4 files are copied as given (--no-transcode does
the same on purpose). Dramas are matched by slug: new ones are created, existing ones updated.

Nothing in the folder is taken on trust: symbolic links are refused, and every video, cover
and subtitle file must hold what its name says (MP4, QuickTime or Matroska; JPEG, PNG or WebP;
WebVTT or SubRip). All of it is checked before the first file is copied.`;

/** Help of the commands that have their own; the others share the general text. */
const COMMAND_HELP: Record<string, string> = {
  settings: SETTINGS_HELP,
  feedback: FEEDBACK_HELP,
  import: IMPORT_HELP,
};

function commandUsageError(message: string, help: string): CliError {
  return new CliError(`${message}\n\n${help}`, 2);
}

/** One line of at most `max` characters, saying how long the whole text is when cut. */
function preview(value: unknown, max = 60): string {
  const text = String(value).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text === '' ? '(empty)' : text;
  return `${text.slice(0, max - 1)}… (${String(value).length} characters)`;
}

type SettingKey = keyof SystemSettings;
const SETTING_KEYS = Object.keys(systemSettingsSchema.shape) as SettingKey[];

function settingKey(value: string | undefined): SettingKey {
  if (value === undefined) throw commandUsageError('Name a setting.', SETTINGS_HELP);
  const key = SETTING_KEYS.find((candidate) => candidate === value);
  if (!key) throw commandUsageError(`Unknown setting "${value}".`, SETTINGS_HELP);
  return key;
}

async function settingsCommand(
  baseUrl: string,
  args: string[],
  values: { key?: string | undefined; file?: string | undefined },
): Promise<string> {
  const [sub, ...rest] = args;
  if (sub === 'get') {
    if (rest.length > 1 || values.file !== undefined) throw commandUsageError(`Unexpected "${rest[1] ?? '--file'}".`, SETTINGS_HELP);
    const key = rest[0] === undefined && values.key === undefined ? undefined : settingKey(rest[0] ?? values.key);
    const client = new AdminClient(baseUrl, readToken());
    const { data } = await client.call('GET', apiPaths.consoleSettings(), consoleSettingsResponseSchema);
    if (key) return String(data[key]);
    return table(
      ['KEY', 'VALUE'],
      SETTING_KEYS.map((name) => [name, preview(data[name])]),
    );
  }
  if (sub !== 'set') {
    throw commandUsageError(sub ? `Unknown settings command "${sub}".` : 'Name a settings command: get or set.', SETTINGS_HELP);
  }
  const key = settingKey(values.key ?? rest[0]);
  const given = values.key === undefined ? rest.slice(1) : rest;
  if (given.length > 1) throw commandUsageError(`Unexpected "${given[1]}".`, SETTINGS_HELP);
  const [inline] = given;
  if (inline !== undefined && values.file !== undefined) {
    throw commandUsageError('Give the value or --file, not both.', SETTINGS_HELP);
  }
  let text: string;
  if (values.file !== undefined) {
    try {
      text = readFileSync(values.file, 'utf8');
    } catch (error) {
      throw new CliError(`Cannot read ${values.file}: ${(error as Error).message}`, 2);
    }
  } else if (inline !== undefined) {
    text = inline;
  } else {
    throw commandUsageError(`settings set ${key} needs a value, or --file <path>.`, SETTINGS_HELP);
  }
  let value: string | boolean = text;
  if (key === 'followSystemTheme') {
    const flag = text.trim().toLowerCase();
    if (!['true', 'false', 'yes', 'no', '1', '0'].includes(flag)) {
      throw commandUsageError(`followSystemTheme takes true or false, not "${text.trim()}".`, SETTINGS_HELP);
    }
    value = flag === 'true' || flag === 'yes' || flag === '1';
  }
  const client = new AdminClient(baseUrl, readToken());
  const { data } = await client.call('PATCH', apiPaths.consoleSettings(), consoleSettingsResponseSchema, {
    body: { [key]: value },
  });
  const source = values.file === undefined ? '' : ` from ${values.file}`;
  return `Set ${key}${source}: ${preview(data[key])}`;
}

function feedbackRows(items: ConsoleFeedback[]): string {
  return table(
    ['ID', 'SENT (UTC)', 'STATUS', 'TYPE', 'USER', 'REPLIES', 'CONTENT'],
    items.map((item) => [
      String(item.id),
      when(item.createdAt),
      item.status,
      item.type,
      `${item.member.username} (${item.member.id})`,
      String(item.replies.length),
      preview(item.content, 50),
    ]),
  );
}

function feedbackDetail(item: ConsoleFeedback, baseUrl: string): string {
  const lines = [
    `Feedback ${item.id}: ${item.type}, ${item.status}`,
    `From:    ${item.member.username} (user ${item.member.id})${item.contact ? `, contact ${item.contact}` : ''}`,
    `Sent:    ${when(item.createdAt)}    Updated: ${when(item.updatedAt)}`,
    '',
    item.content,
  ];
  if (item.screenshots.length > 0) {
    lines.push('', 'Screenshots:', ...item.screenshots.map((shot) => `  ${new URL(shot.url, baseUrl).toString()}`));
  }
  lines.push('', item.replies.length === 0 ? 'No replies yet.' : 'Replies:');
  for (const reply of item.replies) lines.push(`  [${when(reply.createdAt)}] ${reply.author}: ${reply.content}`);
  return lines.join('\n');
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

async function feedbackCommand(
  baseUrl: string,
  args: string[],
  values: {
    status?: string | undefined;
    message?: string | undefined;
    page?: string | undefined;
    limit?: string | undefined;
  },
): Promise<string> {
  const [sub, idText, ...extra] = args;
  if (sub === 'list') {
    if (idText !== undefined) throw commandUsageError(`Unexpected "${idText}".`, FEEDBACK_HELP);
    const status = FEEDBACK_STATUSES.find((candidate) => candidate === values.status);
    if (values.status !== undefined && !status) {
      throw commandUsageError(`--status must be one of ${FEEDBACK_STATUSES.join(', ')}, not "${values.status}".`, FEEDBACK_HELP);
    }
    const client = new AdminClient(baseUrl, readToken());
    const { data } = await client.call('GET', apiPaths.consoleFeedback(), consoleFeedbackListResponseSchema, {
      query: { status, page: positiveInt(values.page, '--page'), limit: positiveInt(values.limit, '--limit') },
    });
    if (data.items.length === 0) return status ? `No ${status} feedback.` : 'No feedback yet.';
    return feedbackRows(data.items) + pageLine(data, data.items.length);
  }
  if (sub !== 'show' && sub !== 'reply' && sub !== 'close') {
    throw commandUsageError(
      sub ? `Unknown feedback command "${sub}".` : 'Name a feedback command: list, show, reply or close.',
      FEEDBACK_HELP,
    );
  }
  if (idText === undefined) throw commandUsageError(`feedback ${sub} needs a feedback id.`, FEEDBACK_HELP);
  if (extra.length > 0) throw commandUsageError(`Unexpected "${extra[0]}".`, FEEDBACK_HELP);
  const id = positiveInt(idText, 'The feedback id') ?? 0;
  if (sub === 'show') {
    const client = new AdminClient(baseUrl, readToken());
    const { data } = await client.call('GET', apiPaths.consoleFeedbackItem(id), consoleFeedbackResponseSchema);
    return feedbackDetail(data, baseUrl);
  }
  if (sub === 'close') {
    const client = new AdminClient(baseUrl, readToken());
    const { data } = await client.call('POST', apiPaths.consoleFeedbackClose(id), consoleFeedbackResponseSchema);
    return `Closed feedback ${data.id} from ${data.member.username}; it takes no more replies.`;
  }
  let message = values.message;
  if (message === undefined) {
    if (process.stdin.isTTY) {
      throw commandUsageError('feedback reply needs --message <text>, or the text on stdin.', FEEDBACK_HELP);
    }
    message = await readStdin();
  }
  message = message.trim();
  if (message === '') throw commandUsageError('The reply is empty.', FEEDBACK_HELP);
  const client = new AdminClient(baseUrl, readToken());
  const { data } = await client.call('POST', apiPaths.consoleFeedbackReply(id), consoleFeedbackResponseSchema, {
    body: { content: message },
  });
  return `Replied to feedback ${data.id} from ${data.member.username} (status ${data.status}, ${data.replies.length} ${
    data.replies.length === 1 ? 'reply' : 'replies'
  }).`;
}

function describeIssues(source: string, error: z.ZodError): string {
  const lines = error.issues.slice(0, 20).map((issue) => `  - ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  const more = error.issues.length > 20 ? `\n  ... and ${error.issues.length - 20} more` : '';
  return `${source} is not a valid import:\n${lines.join('\n')}${more}`;
}

function importSummary(result: AdminDramaImportResult): string {
  const head = `Imported ${result.dramas.length} ${result.dramas.length === 1 ? 'drama' : 'dramas'}: ${result.created} created, ${result.updated} updated.`;
  const rows = table(
    ['ID', 'SLUG', 'ACTION', 'EPISODES', 'FREE'],
    result.dramas.map((drama) => [
      String(drama.id),
      drama.slug,
      drama.action,
      String(drama.episodeCount),
      String(drama.freeEpisodeCount),
    ]),
  );
  return `${head}\n\n${rows}`;
}

async function importCommand(
  baseUrl: string,
  args: string[],
  values: { 'media-dir'?: string | undefined; 'no-transcode'?: boolean | undefined },
): Promise<string> {
  const [source, ...extra] = args;
  if (source === undefined) throw commandUsageError('import needs a JSON file or a folder.', IMPORT_HELP);
  if (extra.length > 0) throw commandUsageError(`Unexpected "${extra[0]}".`, IMPORT_HELP);
  let info;
  try {
    info = statSync(source);
  } catch {
    throw commandUsageError(`No file or folder at ${source}.`, IMPORT_HELP);
  }
  const token = readToken();
  let body: unknown;
  if (info.isDirectory()) {
    const mediaDir = path.resolve(values['media-dir'] ?? (process.env.MEDIA_DIR?.trim() || path.join(REPO_ROOT, 'media')));
    process.stdout.write(`Copying media from ${source} into ${mediaDir}\n`);
    try {
      body = await prepareFolderImport(source, {
        mediaDir,
        transcode: !values['no-transcode'],
        log: (line) => process.stdout.write(`${line}\n`),
      });
    } catch (error) {
      if (error instanceof FolderImportError) throw new CliError(error.message, 2);
      throw error;
    }
  } else {
    if (values['no-transcode'] || values['media-dir'] !== undefined) {
      throw commandUsageError('--media-dir and --no-transcode apply to a folder import only.', IMPORT_HELP);
    }
    try {
      body = JSON.parse(readFileSync(source, 'utf8')) as unknown;
    } catch (error) {
      throw new CliError(`${source} is not a JSON file: ${(error as Error).message}`, 2);
    }
    const checked = adminDramaImportBodySchema.safeParse(body);
    if (!checked.success) throw new CliError(describeIssues(source, checked.error), 2);
  }
  const client = new AdminClient(baseUrl, token);
  try {
    const { data } = await client.call('POST', apiPaths.consoleDramaImport(), adminDramaImportResponseSchema, { body });
    return importSummary(data);
  } catch (error) {
    if (error instanceof CliError && /under MEDIA_DIR/.test(error.message)) {
      error.message += '\nThe server looks for media under its own MEDIA_DIR: import on the machine it runs on, with the same MEDIA_DIR (or --media-dir).';
    }
    throw error;
  }
}

function roleOption(value: string | undefined, command: string): OperatorRole {
  const role = OPERATOR_ROLES.find((candidate) => candidate === value);
  if (!role) throw usageError(`${command} needs --role ${OPERATOR_ROLES.join('|')}${value === undefined ? '' : `, not "${value}"`}.`);
  return role;
}

function operatorPath(username: string, action: string): string {
  return `/admin/operators/${encodeURIComponent(username)}/${action}`;
}

async function operatorCommand(
  baseUrl: string,
  args: string[],
  values: { username?: string | undefined; role?: string | undefined },
): Promise<string> {
  const [sub, username, ...extra] = args;
  if (extra.length > 0) throw usageError(`Unexpected "${extra[0]}".`);
  const client = () => new AdminClient(baseUrl, readBootstrapToken());
  if (sub === 'create') {
    if (username !== undefined) throw usageError(`Unexpected "${username}": name the operator with --username.`);
    if (!values.username?.trim()) throw usageError('operator create needs --username <name>.');
    const role = roleOption(values.role, 'operator create');
    const { data } = await client().call('POST', '/admin/operators', createdOperatorResponseSchema, {
      body: { username: values.username.trim(), role },
    });
    return `Operator ${data.operator.username} (${data.operator.role}) created. Hand them this one-time link to choose a password (valid until ${when(data.expiresAt)}):\n${data.setupUrl}`;
  }
  if (sub !== 'reset-2fa' && sub !== 'disable') {
    throw usageError(sub ? `Unknown operator command "${sub}".` : 'Name an operator command: create, reset-2fa or disable.');
  }
  if (username === undefined) throw usageError(`operator ${sub} needs a username.`);
  const { data } = await client().call('POST', operatorPath(username, sub), operatorResponseSchema);
  return sub === 'disable'
    ? `Operator ${data.username} disabled: their sessions ended and their API tokens are revoked.`
    : `Two-factor sign-in of ${data.username} is off; they sign in with their password and may set it up again.`;
}

async function tokenCommand(
  baseUrl: string,
  args: string[],
  values: { operator?: string | undefined; role?: string | undefined; name?: string | undefined },
): Promise<string> {
  const [sub, ...extra] = args;
  if (sub !== 'create') throw usageError(sub ? `Unknown token command "${sub}".` : 'Name a token command: create.');
  if (extra.length > 0) throw usageError(`Unexpected "${extra[0]}".`);
  if (!values.operator?.trim()) throw usageError('token create needs --operator <username>.');
  const role = roleOption(values.role, 'token create');
  if (!values.name?.trim()) throw usageError('token create needs --name <text> (where the token is used).');
  const client = new AdminClient(baseUrl, readBootstrapToken());
  const { data } = await client.call('POST', operatorPath(values.operator.trim(), 'tokens'), createdApiTokenResponseSchema, {
    body: { name: values.name.trim(), role },
  });
  // The token alone goes to stdout, so that it can be kept in a variable; the summary to stderr.
  process.stderr.write(`API token "${data.record.name}" of ${data.record.operatorUsername} (${data.record.role}); it is shown this once. Use it as --token or ADMIN_API_TOKEN.\n`);
  return data.token;
}

async function run(argv: string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        target: { type: 'string' },
        query: { type: 'string' },
        days: { type: 'string' },
        type: { type: 'string' },
        value: { type: 'string' },
        count: { type: 'string' },
        expires: { type: 'string' },
        amount: { type: 'string' },
        reason: { type: 'string' },
        campaign: { type: 'string' },
        token: { type: 'string' },
        username: { type: 'string' },
        role: { type: 'string' },
        operator: { type: 'string' },
        name: { type: 'string' },
        status: { type: 'string' },
        message: { type: 'string' },
        key: { type: 'string' },
        file: { type: 'string' },
        'media-dir': { type: 'string' },
        'no-transcode': { type: 'boolean' },
        page: { type: 'string' },
        limit: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    if (values.help) return COMMAND_HELP[positionals[0] ?? ''] ?? USAGE;
    throw usageError('Name a command.');
  }

  const port = process.env.PORT?.trim() || '3000';
  const baseUrl = values.url ?? `http://127.0.0.1:${port}`;
  try {
    new URL(baseUrl);
  } catch {
    throw usageError(`--url must be an address such as http://127.0.0.1:3000, not "${baseUrl}".`);
  }
  tokenOption = values.token;
  const paging = { page: positiveInt(values.page, '--page'), limit: positiveInt(values.limit, '--limit') };
  const [command, sub, idText, ...extra] = positionals;

  if (command === 'outbox') {
    if (positionals.length > 1) throw usageError(`Unexpected "${positionals[1]}".`);
    // Destinations are kept as the API takes them: phones without +86, e-mails in lower case.
    const compact = values.target?.trim().replace(/[\s-]/g, '');
    const target = !compact ? undefined : PHONE_PATTERN.test(compact) ? normalizePhone(compact) : compact.toLowerCase();
    const client = new AdminClient(baseUrl, readToken());
    const { data } = await client.call('GET', apiPaths.consoleOutbox(), consoleOutboxListResponseSchema, {
      query: { q: target, ...paging },
    });
    if (data.items.length === 0) return values.target ? `No messages to ${values.target}.` : 'The outbox is empty.';
    return (
      table(
        ['ID', 'SENT (UTC)', 'CHANNEL', 'TARGET', 'MESSAGE'],
        data.items.map((message) => [
          String(message.id),
          when(message.createdAt),
          message.channel,
          message.target,
          `${message.subject}: ${message.body}`,
        ]),
      ) + pageLine(data, data.items.length)
    );
  }

  if (command === 'operator') return operatorCommand(baseUrl, positionals.slice(1), values);
  if (command === 'token') return tokenCommand(baseUrl, positionals.slice(1), values);
  if (command === 'redeem') return redeemCommand(baseUrl, positionals.slice(1), values);
  if (command === 'points') return pointsCommand(baseUrl, positionals.slice(1), values);
  if (command === 'settings') return settingsCommand(baseUrl, positionals.slice(1), values);
  if (command === 'feedback') return feedbackCommand(baseUrl, positionals.slice(1), values);
  if (command === 'import') return importCommand(baseUrl, positionals.slice(1), values);
  if (command !== 'user') throw usageError(`Unknown command "${command}".`);
  if (sub === 'list') {
    if (positionals.length > 2) throw usageError(`Unexpected "${positionals[2]}".`);
    const client = new AdminClient(baseUrl, readToken());
    const { data } = await client.call('GET', apiPaths.consoleMembers(), memberSearchResponseSchema, {
      query: { query: values.query?.trim() || undefined, ...paging },
    });
    if (data.items.length === 0) return values.query ? `No users match "${values.query}".` : 'No users yet.';
    return userRows(data.items) + pageLine(data, data.items.length);
  }
  if (sub !== 'disable' && sub !== 'enable' && sub !== 'vip') {
    throw usageError(sub ? `Unknown user command "${sub}".` : 'Name a user command: list, disable, enable or vip.');
  }
  if (idText === undefined) throw usageError(`user ${sub} needs a user id.`);
  if (extra.length > 0) throw usageError(`Unexpected "${extra[0]}".`);
  const id = positiveInt(idText, 'The user id') ?? 0;
  const reason = values.reason?.trim();
  if (!reason) throw usageError(`user ${sub} needs --reason <text> (why, kept in the audit log).`);
  const client = new AdminClient(baseUrl, readToken());
  if (sub === 'vip') {
    const days = positiveInt(values.days, '--days');
    if (days === undefined) throw usageError('user vip needs --days <n>.');
    const { data } = await client.call('POST', apiPaths.consoleMemberVip(id), memberAdjustmentResultResponseSchema, {
      body: { direction: 'grant', days, reason, idempotencyKey: idempotencyKey() },
    });
    return `Granted ${days} VIP days to user ${data.member.id} (${data.member.username}).\n\n${userRows([data.member])}`;
  }
  const route = sub === 'disable' ? apiPaths.consoleMemberDisable(id) : apiPaths.consoleMemberEnable(id);
  const { data } = await client.call('POST', route, memberDetailResponseSchema, { body: { reason } });
  return `User ${data.id} (${data.username}) ${sub}d.\n\n${userRows([data])}`;
}

run(process.argv.slice(2)).then(
  (output) => {
    process.stdout.write(`${output}\n`);
  },
  (error: unknown) => {
    if (error instanceof CliError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = error.exitCode;
      return;
    }
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
