/**
 * The operator's command: `npm run admin -- <command>`. A thin client of the admin calls of
 * a running server; it never opens the database (PGlite allows one process, and with
 * PostgreSQL every instance must see the same change).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type AdminUser,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  API_BASE,
  apiPaths,
  errorEnvelopeSchema,
  outboxListResponseSchema,
} from '@drama/contracts';
import type { z } from 'zod';
import { REPO_ROOT } from '../platform/config.js';

const USAGE = `Usage: npm run admin -- [--url <address>] <command>

Commands:
  outbox [--target <email or phone>]        messages kept by the outbox channel, newest first
  user list [--query <text>]                 users, by part of username, email or phone, or id
  user disable <id>                          refuse sign-in and end every token of a user
  user enable <id>                           let a disabled user sign in again
  user vip <id> --days <n>                   grant VIP days (from the later of now and expiry)

Options:
  --url <address>   the server (default http://127.0.0.1:$PORT, PORT default 3000)
  --page <n>, --limit <n>   paging of outbox and user list (default 1 and 20)
  --help            this text

The admin token is ADMIN_TOKEN, else the file DATA_DIR/admin-token that the server writes on
its first start (DATA_DIR default: <repo>/data).`;

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

function readToken(): string {
  const fromEnv = process.env.ADMIN_TOKEN?.trim();
  if (fromEnv) return fromEnv;
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || path.join(REPO_ROOT, 'data'));
  const file = path.join(dataDir, 'admin-token');
  try {
    const token = readFileSync(file, 'utf8').trim();
    if (token) return token;
  } catch {
    // reported below
  }
  throw new CliError(`No admin token: set ADMIN_TOKEN, or start the server once so that it writes ${file}.`);
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
    method: 'GET' | 'POST',
    route: string,
    schema: T,
    options: { query?: Record<string, string | number | undefined>; body?: unknown } = {},
  ): Promise<z.infer<T>> {
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
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const failure = errorEnvelopeSchema.safeParse(payload);
      if (!failure.success) throw new CliError(`The server answered ${response.status} ${response.statusText}.`);
      const hint =
        failure.data.code === 'ADMIN_TOKEN_INVALID'
          ? ' Check ADMIN_TOKEN, or DATA_DIR/admin-token of the server you are talking to.'
          : '';
      const details = failure.data.details === undefined ? '' : ` ${JSON.stringify(failure.data.details)}`;
      throw new CliError(`${failure.data.code}: ${failure.data.message}.${details}${hint}`);
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new CliError(`Unexpected answer from ${url.pathname}: ${parsed.error.message}`);
    return parsed.data;
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

function vip(user: AdminUser): string {
  if (user.vipLevel <= 0 || !user.vipExpireTime) return '-';
  const active = new Date(user.vipExpireTime) > new Date();
  return `${active ? 'until' : 'ended'} ${when(user.vipExpireTime)}`;
}

function userRows(users: AdminUser[]): string {
  return table(
    ['ID', 'USERNAME', 'EMAIL', 'PHONE', 'STATUS', 'VIP', 'POINTS', 'LAST SIGN-IN'],
    users.map((user) => [
      String(user.id),
      user.username,
      user.email ?? '-',
      user.phone ?? '-',
      user.status === 1 ? (user.lockedUntil ? 'locked' : 'active') : 'disabled',
      vip(user),
      String(user.points),
      when(user.lastSignInAt),
    ]),
  );
}

function pageLine(data: { page: number; limit: number; total: number }, shown: number): string {
  if (data.total === 0) return '';
  const from = (data.page - 1) * data.limit + 1;
  return `\n${from}-${from + shown - 1} of ${data.total}`;
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
    if (values.help) return USAGE;
    throw usageError('Name a command.');
  }

  const port = process.env.PORT?.trim() || '3000';
  const baseUrl = values.url ?? `http://127.0.0.1:${port}`;
  try {
    new URL(baseUrl);
  } catch {
    throw usageError(`--url must be an address such as http://127.0.0.1:3000, not "${baseUrl}".`);
  }
  const paging = { page: positiveInt(values.page, '--page'), limit: positiveInt(values.limit, '--limit') };
  const [command, sub, idText, ...extra] = positionals;

  if (command === 'outbox') {
    if (positionals.length > 1) throw usageError(`Unexpected "${positionals[1]}".`);
    const client = new AdminClient(baseUrl, readToken());
    const { data } = await client.call('GET', apiPaths.adminOutbox(), outboxListResponseSchema, {
      query: { target: values.target, ...paging },
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

  if (command !== 'user') throw usageError(`Unknown command "${command}".`);
  if (sub === 'list') {
    if (positionals.length > 2) throw usageError(`Unexpected "${positionals[2]}".`);
    const client = new AdminClient(baseUrl, readToken());
    const { data } = await client.call('GET', apiPaths.adminUsers(), adminUserListResponseSchema, {
      query: { query: values.query, ...paging },
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
  const client = new AdminClient(baseUrl, readToken());
  if (sub === 'vip') {
    const days = positiveInt(values.days, '--days');
    if (days === undefined) throw usageError('user vip needs --days <n>.');
    const { data } = await client.call('POST', apiPaths.adminUserVip(id), adminUserResponseSchema, { body: { days } });
    return `Granted ${days} VIP days to user ${data.id} (${data.username}).\n\n${userRows([data])}`;
  }
  const route = sub === 'disable' ? apiPaths.adminUserDisable(id) : apiPaths.adminUserEnable(id);
  const { data } = await client.call('POST', route, adminUserResponseSchema);
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
