import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API_BASE,
  apiPaths,
  dramaDetailResponseSchema,
  dramaListResponseSchema,
  feedbackResponseSchema,
  playInfoResponseSchema,
  redeemResponseSchema,
  sessionResponseSchema,
  systemSettingsResponseSchema,
} from '@drama/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/platform/config.js';

/**
 * The operator's command against a real server process: its own DATA_DIR, and a MEDIA_DIR
 * that holds only the media these tests name (linked from the repository's), so that a folder
 * import can copy into it freely.
 */
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const CLI = path.join(REPO_ROOT, 'apps/server/src/cli/admin.ts');
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
const REPO_MEDIA = process.env.MEDIA_DIR ?? path.join(REPO_ROOT, 'media');

const root = mkdtempSync(path.join(os.tmpdir(), 'drama-admin-cli-'));
const dataDir = path.join(root, 'data');
const mediaDir = path.join(root, 'media');
const work = path.join(root, 'work');

function linkMedia(folder: string, file: string): void {
  mkdirSync(path.join(mediaDir, folder), { recursive: true });
  // Copies, not links: the import refuses media that is a symbolic link.
  copyFileSync(path.join(REPO_MEDIA, folder, file), path.join(mediaDir, folder, file));
}

let server: ChildProcess | undefined;
let output = '';
let baseUrl = '';
/** The first owner's API token, issued with the bootstrap token as an operator starts. */
let apiToken = '';

beforeAll(async () => {
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(work, { recursive: true });
  mkdirSync(mediaDir, { recursive: true });
  // The seed reads clip durations from the manifest; it needs no media files.
  copyFileSync(path.join(REPO_MEDIA, 'manifest.json'), path.join(mediaDir, 'manifest.json'));
  linkMedia('covers', 'cold-palace-consort.jpg');
  linkMedia('clips', 'cold-palace-consort-ep01.mp4');
  linkMedia('clips', 'cold-palace-consort-ep02.mp4');

  server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, MEDIA_DIR: mediaDir },
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A fresh database is created, migrated and seeded first: slow on a busy machine.
  const deadline = Date.now() + 240_000;
  for (;;) {
    const match = /Ready: open http:\/\/localhost:(\d+)/.exec(output);
    if (match) {
      baseUrl = `http://127.0.0.1:${match[1]}`;
      break;
    }
    if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The first start made the owner; the bootstrap token in DATA_DIR issues their token.
  const issued = await cli(['--url', baseUrl, 'token', 'create', '--operator', 'owner', '--role', 'owner', '--name', 'operations'], { env: { ADMIN_API_TOKEN: '' } });
  if (issued.code !== 0) throw new Error(`token create failed: ${issued.stderr}`);
  apiToken = issued.stdout.trim();
}, 300_000);

// Closing the embedded database after a run of imports is slow while other test files share the
// two cores, hence the hook's time; a server that never exits still fails here.
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(root, { recursive: true, force: true });
}, 90_000);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin -- <args>` as an operator would: their API token in ADMIN_API_TOKEN, the bootstrap token read from DATA_DIR/admin-token. */
function cli(args: string[], options: { stdin?: string; env?: Record<string, string> } = {}): Promise<Run> {
  const { ADMIN_TOKEN: _unset, ADMIN_API_TOKEN: _unsetToken, ...inherited } = process.env;
  return new Promise((resolve) => {
    const child = execFile(
      TSX,
      [CLI, ...args],
      { cwd: REPO_ROOT, env: { ...inherited, DATA_DIR: dataDir, MEDIA_DIR: mediaDir, ADMIN_API_TOKEN: apiToken, ...options.env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
    child.stdin?.end(options.stdin ?? '');
  });
}

async function call(method: string, route: string, options: { token?: string; body?: unknown; locale?: string } = {}) {
  const response = await fetch(`${baseUrl}${API_BASE}${route}`, {
    method,
    headers: {
      'accept-language': options.locale ?? 'en-US',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** The settings as the default language (zh-CN) reads them: `settings set` writes that language's texts. */
async function settings() {
  return systemSettingsResponseSchema.parse((await call('GET', apiPaths.settings(), { locale: 'zh-CN' })).body).data;
}

describe('npm run admin: help and usage', () => {
  it('has help for each new command, and says that a folder import is local', { timeout: 300_000 }, async () => {
    const [all, settingsHelp, feedbackHelp, importHelp] = await Promise.all([
      cli(['--help']),
      cli(['settings', '--help']),
      cli(['feedback', 'reply', '--help']),
      cli(['import', '--help']),
    ]);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/settings set <key> <value>/);
    expect(all.stdout).toMatch(/feedback reply <id> --message <text>/);
    expect(all.stdout).toMatch(/import <file\.json \| folder>/);
    expect(settingsHelp.stdout).toMatch(/settings set <key> --file <path>/);
    expect(settingsHelp.stdout).toMatch(/userAgreement/);
    expect(feedbackHelp.stdout).toMatch(/read from stdin/);
    expect(importHelp.stdout).toMatch(/copied into MEDIA_DIR on this machine/);
    expect(importHelp.stdout).toMatch(/ffmpeg/);
  });

  it('refuses bad input with exit code 2 and says why', { timeout: 300_000 }, async () => {
    const runs = await Promise.all([
      cli(['--url', baseUrl, 'settings', 'set', 'siteTitle', 'x']),
      cli(['--url', baseUrl, 'settings', 'set', 'siteName']),
      cli(['--url', baseUrl, 'settings', 'set', 'followSystemTheme', 'maybe']),
      cli(['--url', baseUrl, 'settings', 'set', 'userAgreement', '--file', path.join(work, 'missing.txt')]),
      cli(['--url', baseUrl, 'feedback', 'list', '--status', 'open']),
      cli(['--url', baseUrl, 'feedback', 'reply', 'abc', '--message', 'hi']),
      cli(['--url', baseUrl, 'feedback', 'reply', '1']),
      cli(['--url', baseUrl, 'import', path.join(work, 'nothing-here')]),
    ]);
    const messages = [
      /Unknown setting "siteTitle"/,
      /needs a value, or --file/,
      /followSystemTheme takes true or false/,
      /Cannot read .*missing\.txt/,
      /--status must be one of pending, replied, closed/,
      /feedback id must be a positive whole number/,
      /The reply is empty|needs --message/,
      /No file or folder at/,
    ];
    runs.forEach((run, index) => {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(messages[index] ?? /./);
      expect(run.stdout).toBe('');
    });
  });
});

describe('npm run admin: operators and tokens', () => {
  it('makes an operator with a set-up link, issues their token; the console refuses the bootstrap token', { timeout: 300_000 }, async () => {
    const bootstrapOnly = { ADMIN_API_TOKEN: '' };
    const created = await cli(['--url', baseUrl, 'operator', 'create', '--username', 'editor-one', '--role', 'content'], { env: bootstrapOnly });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Operator editor-one \(content\) created/);
    expect(created.stdout).toMatch(/\/console\/setup\?token=[\w-]+/);

    const issued = await cli(['--url', baseUrl, 'token', 'create', '--operator', 'editor-one', '--role', 'content', '--name', 'imports'], { env: bootstrapOnly });
    expect(issued.code).toBe(0);
    const token = issued.stdout.trim();
    expect(token).toMatch(/^opk_/);
    const asContent = await cli(['--url', baseUrl, '--token', token, 'user', 'list']);
    expect(asContent.code).toBe(1);
    expect(asContent.stderr).toMatch(/OPERATOR_FORBIDDEN/);

    const [noToken, bootstrapCall, reset, disabled] = await Promise.all([
      cli(['--url', baseUrl, 'user', 'list'], { env: bootstrapOnly }),
      cli(['--url', baseUrl, 'user', 'list'], { env: { ADMIN_API_TOKEN: readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim() } }),
      cli(['--url', baseUrl, 'operator', 'reset-2fa', 'editor-one'], { env: bootstrapOnly }),
      cli(['--url', baseUrl, 'operator', 'disable', 'editor-one'], { env: bootstrapOnly }),
    ]);
    expect(noToken.code).toBe(1);
    expect(noToken.stderr).toMatch(/ADMIN_API_TOKEN/);
    expect(noToken.stderr).toMatch(/token create/);
    // The bootstrap token is no operator's: the console's routes do not know it.
    expect(bootstrapCall.code).toBe(1);
    expect(bootstrapCall.stderr).toMatch(/OPERATOR_UNAUTHENTICATED/);
    expect(bootstrapCall.stderr).toMatch(/an operator's API token/);
    expect(reset.code).toBe(0);
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toMatch(/editor-one disabled/);
    // Disabling revoked the operator's token.
    const refused = await call('GET', apiPaths.consoleBlockedTerms(), { token });
    expect(refused.status).toBe(401);
  });
});

describe('npm run admin: the outbox, members, points and redeem codes, on the console routes', () => {
  const bootstrapOnly = { ADMIN_API_TOKEN: '' };
  const password = 'secret-pass-1';
  /** One member for this block: sign-ups from one address are few before a challenge. */
  let member = { id: '', token: '' };

  async function signIn() {
    return call('POST', apiPaths.signIn(), { body: { account: 'cli_member', password } });
  }

  /** An operator of `role` and an API token of theirs, made with the bootstrap token as an operator starts. */
  async function operatorToken(username: string, role: string): Promise<string> {
    const created = await cli(['--url', baseUrl, 'operator', 'create', '--username', username, '--role', role], { env: bootstrapOnly });
    expect(created.code, created.stderr).toBe(0);
    const issued = await cli(['--url', baseUrl, 'token', 'create', '--operator', username, '--role', role, '--name', 'cli'], { env: bootstrapOnly });
    expect(issued.code, issued.stderr).toBe(0);
    return issued.stdout.trim();
  }

  beforeAll(async () => {
    const signUp = await call('POST', apiPaths.signUp(), { body: { username: 'cli_member', password } });
    const session = sessionResponseSchema.parse(signUp.body).data;
    member = { id: String(session.user.id), token: session.token };
  });

  it('shows the owner the codes sent, and support the same messages with the codes masked', { timeout: 300_000 }, async () => {
    const email = 'cli.outbox@example.com';
    const sent = await call('POST', apiPaths.authCodes(), { token: member.token, body: { channel: 'email', target: email, purpose: 'bind' } });
    expect(sent.status).toBe(200);
    const support = await operatorToken('support-desk', 'support');

    const [asOwner, asSupport] = await Promise.all([
      cli(['--url', baseUrl, 'outbox', '--target', ' CLI.Outbox@example.com ']),
      cli(['--url', baseUrl, '--token', support, 'outbox', '--target', email]),
    ]);
    expect(asOwner.code, asOwner.stderr).toBe(0);
    expect(asOwner.stdout).toMatch(/ID\s+SENT \(UTC\)\s+CHANNEL\s+TARGET\s+MESSAGE/);
    expect(asOwner.stdout).toContain(email);
    const code = /(?<!\d)(\d{6})(?!\d)/.exec(asOwner.stdout)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // The code the owner read is the one the member was sent: it binds the e-mail.
    const bound = await call('POST', apiPaths.bindEmail(), { token: member.token, body: { email, code } });
    expect(bound.status).toBe(200);

    expect(asSupport.code, asSupport.stderr).toBe(0);
    expect(asSupport.stdout).toContain(email);
    expect(asSupport.stdout).toContain('******');
    expect(asSupport.stdout).not.toContain(code);
  });

  it('lists, disables and enables a member (each with a reason), grants VIP days and points', { timeout: 300_000 }, async () => {
    const { id } = member;
    const list = await cli(['--url', baseUrl, 'user', 'list', '--query', 'cli_member']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/ID\s+USERNAME\s+EMAIL/);
    expect(list.stdout).toMatch(new RegExp(`${id}\\s+cli_member\\s`));

    const noReason = await cli(['--url', baseUrl, 'user', 'disable', id]);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toMatch(/--reason/);
    expect((await signIn()).status).toBe(200);

    const disabled = await cli(['--url', baseUrl, 'user', 'disable', id, '--reason', 'x']);
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toMatch(/cli_member\) disabled/);
    expect((await signIn()).body).toMatchObject({ code: 'ACCOUNT_DISABLED' });

    const enabled = await cli(['--url', baseUrl, 'user', 'enable', id, '--reason', 'appeal granted']);
    expect(enabled.code, enabled.stderr).toBe(0);
    expect(enabled.stdout).toMatch(/cli_member\) enabled/);
    member.token = sessionResponseSchema.parse((await signIn()).body).data.token;

    const vip = await cli(['--url', baseUrl, 'user', 'vip', id, '--days', '30', '--reason', 'outage']);
    expect(vip.code, vip.stderr).toBe(0);
    expect(vip.stdout).toMatch(new RegExp(`Granted 30 VIP days to user ${id} \\(cli_member\\)`));
    expect(vip.stdout).toMatch(/until \d{4}-/);

    const [granted, withNote] = await Promise.all([
      cli(['--url', baseUrl, 'points', 'grant', id, '--amount', '120', '--reason', 'launch']),
      cli(['--url', baseUrl, 'points', 'grant', id, '--amount', '5', '--note', 'gift', '--reason', 'x']),
    ]);
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toMatch(new RegExp(`Granted 120 points to user ${id}: balance 120`));
    expect(withNote.code).toBe(2);
    const [deducted, tooMuch] = await Promise.all([
      cli(['--url', baseUrl, 'points', 'grant', id, '--amount=-20', '--reason', 'double grant']),
      cli(['--url', baseUrl, 'points', 'grant', id, '--amount=-1000', '--reason', 'x']),
    ]);
    expect(deducted.code, deducted.stderr).toBe(0);
    expect(deducted.stdout).toMatch(new RegExp(`Deducted 20 points from user ${id}: balance 100`));
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toMatch(/INSUFFICIENT_POINTS/);

    // What the member now holds, as their own calls show it.
    const points = await call('GET', apiPaths.points(), { token: member.token });
    expect(points.body).toMatchObject({ data: { balance: 100 } });
    const me = await call('GET', apiPaths.me(), { token: member.token });
    expect(me.body).toMatchObject({ data: { vipLevel: 1 } });
  });

  it('makes a campaign of redeem codes, printed one per line, that members then redeem', { timeout: 300_000 }, async () => {
    const made = await cli(['--url', baseUrl, 'redeem', 'create', '--type', 'points', '--value', '25', '--count', '3', '--campaign', 'CLI spring']);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toMatch(/Campaign \d+ "CLI spring": 3 codes of 25 points each, never expiring/);
    const codes = made.stdout.trim().split('\n');
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);

    const { token } = sessionResponseSchema.parse((await signIn()).body).data;
    const before = (await call('GET', apiPaths.points(), { token })).body as { data: { balance: number } };
    const first = redeemResponseSchema.parse((await call('POST', apiPaths.redeem(), { token, body: { code: codes[0] } })).body).data;
    expect(first).toMatchObject({ type: 'points', value: 25, points: before.data.balance + 25 });
    const second = redeemResponseSchema.parse((await call('POST', apiPaths.redeem(), { token, body: { code: codes[1] } })).body).data;
    expect(second.points).toBe(before.data.balance + 50);
    const again = await call('POST', apiPaths.redeem(), { token, body: { code: codes[0] } });
    expect(again.body).toMatchObject({ code: 'REDEEM_CODE_USED' });

    // Codes are finance's: a support token may not make them.
    const support = await operatorToken('support-codes', 'support');
    const refused = await cli(['--url', baseUrl, '--token', support, 'redeem', 'create', '--type', 'points', '--value', '1', '--count', '1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/OPERATOR_FORBIDDEN/);
  });
});

describe('npm run admin: settings', () => {
  it('sets a setting, and a legal text from a file; the site shows them at once', { timeout: 300_000 }, async () => {
    await settings(); // warms the server's cache
    const set = await cli(['--url', baseUrl, 'settings', 'set', 'siteName', 'CLI Shorts']);
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/Set siteName: CLI Shorts/);
    expect((await settings()).siteName).toBe('CLI Shorts');

    const legal = 'Terms of use\n\n1. Who we are\n{platformName} is run by us. Write to {contact}.\n';
    const file = path.join(work, 'legal.txt');
    writeFileSync(file, legal);
    const fromFile = await cli(['--url', baseUrl, 'settings', 'set', '--file', file, '--key', 'userAgreement']);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(fromFile.stdout).toMatch(/Set userAgreement from .*legal\.txt/);
    expect((await settings()).userAgreement).toBe(legal);

    const theme = await cli(['--url', baseUrl, 'settings', 'set', 'followSystemTheme', 'false']);
    expect(theme.code, theme.stderr).toBe(0);
    expect((await settings()).followSystemTheme).toBe(false);

    const all = await cli(['--url', baseUrl, 'settings', 'get']);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/siteName\s+CLI Shorts/);
    expect(all.stdout).toMatch(/userAgreement\s+Terms of use/);
    const one = await cli(['--url', baseUrl, 'settings', 'get', 'userAgreement']);
    expect(one.stdout).toBe(`${legal}\n`);
  });
});

describe('npm run admin: feedback', () => {
  it('lists, shows, replies (from --message and from stdin) and closes; the member sees it', { timeout: 300_000 }, async () => {
    const signUp = await call('POST', apiPaths.signUp(), { body: { username: 'cli_feedback', password: 'secret-pass-1' } });
    const session = sessionResponseSchema.parse(signUp.body).data;
    const sent = await call('POST', apiPaths.feedback(), {
      token: session.token,
      body: { type: 'payment', content: 'Paid for a month, still no VIP.', contact: 'wechat: reader01' },
    });
    const feedback = feedbackResponseSchema.parse(sent.body).data;
    const id = String(feedback.id);

    const list = await cli(['--url', baseUrl, 'feedback', 'list', '--status', 'pending']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/ID\s+SENT \(UTC\)\s+STATUS\s+TYPE\s+USER/);
    expect(list.stdout).toMatch(new RegExp(`${id}\\s+\\S+ \\S+\\s+pending\\s+payment\\s+cli_feedback`));

    const show = await cli(['--url', baseUrl, 'feedback', 'show', id]);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain('Paid for a month, still no VIP.');
    expect(show.stdout).toContain('wechat: reader01');
    expect(show.stdout).toContain('No replies yet.');

    const reply = await cli(['--url', baseUrl, 'feedback', 'reply', id, '--message', 'Sorry! 30 VIP days are on your account.']);
    expect(reply.code, reply.stderr).toBe(0);
    expect(reply.stdout).toMatch(new RegExp(`Replied to feedback ${id} from cli_feedback \\(status replied, 1 reply\\)`));

    const piped = await cli(['--url', baseUrl, 'feedback', 'reply', id], { stdin: 'Anything else we can do?\n' });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(/2 replies/);

    const seen = feedbackResponseSchema.parse((await call('GET', apiPaths.feedbackItem(feedback.id), { token: session.token })).body).data;
    expect(seen.status).toBe('replied');
    expect(seen.replies.map((r) => [r.author, r.content])).toEqual([
      ['support', 'Sorry! 30 VIP days are on your account.'],
      ['support', 'Anything else we can do?'],
    ]);

    const close = await cli(['--url', baseUrl, 'feedback', 'close', id]);
    expect(close.code, close.stderr).toBe(0);
    expect(close.stdout).toMatch(new RegExp(`Closed feedback ${id}`));
    const closed = feedbackResponseSchema.parse((await call('GET', apiPaths.feedbackItem(feedback.id), { token: session.token })).body).data;
    expect(closed.status).toBe('closed');

    const late = await cli(['--url', baseUrl, 'feedback', 'reply', id, '--message', 'one more thing']);
    expect(late.code).toBe(1);
    expect(late.stderr).toMatch(/FEEDBACK_CLOSED/);
    const unknown = await cli(['--url', baseUrl, 'feedback', 'show', '999999']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/FEEDBACK_NOT_FOUND/);
  });
});

describe('npm run admin: import', () => {
  async function latest() {
    const answer = await call('GET', `${apiPaths.dramas()}?sort=latest&limit=50`);
    return dramaListResponseSchema.parse(answer.body).data.items;
  }

  it('imports a JSON catalogue using stored media, and again as an update', { timeout: 300_000 }, async () => {
    const catalogue = {
      tags: [{ slug: 'night-shift', name: { 'zh-CN': '夜班', 'zh-Hant': '夜班', 'en-US': 'Night Shift' } }],
      dramas: [
        {
          slug: 'the-night-nurse',
          title: { 'zh-CN': '夜班护士', 'zh-Hant': '夜班護士', 'en-US': 'The Night Nurse' },
          description: {
            'zh-CN': '急诊室的夜班从不平静。',
            'zh-Hant': '急診室的夜班從不平靜。',
            'en-US': 'The night shift in the ER is never quiet.',
          },
          category: 'urban',
          tags: ['night-shift'],
          coverPath: 'cold-palace-consort.jpg',
          episodes: [
            { sequence: 1, isFree: true, durationSeconds: 45, mediaKey: 'cold-palace-consort-ep01' },
            { sequence: 2, isFree: false, durationSeconds: 32, mediaKey: 'cold-palace-consort-ep02' },
          ],
        },
      ],
    };
    const file = path.join(work, 'catalogue.json');
    writeFileSync(file, JSON.stringify(catalogue, null, 2));

    const first = await cli(['--url', baseUrl, 'import', file]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Imported 1 drama: 1 created, 0 updated\./);
    expect(first.stdout).toMatch(/the-night-nurse\s+created\s+2\s+1/);
    const drama = (await latest()).find((item) => item.title === 'The Night Nurse');
    expect(drama).toMatchObject({ episodeCount: 2, freeEpisodeCount: 1, category: { slug: 'urban' } });

    const again = await cli(['--url', baseUrl, 'import', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/0 created, 1 updated/);
    expect((await latest()).filter((item) => item.title === 'The Night Nurse')).toHaveLength(1);

    const broken = path.join(work, 'broken.json');
    writeFileSync(broken, JSON.stringify({ dramas: [{ ...catalogue.dramas[0], slug: 'Bad Slug', episodes: [] }] }));
    const invalid = await cli(['--url', baseUrl, 'import', broken]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/dramas\.0\.slug/);
    expect(invalid.stderr).toMatch(/dramas\.0\.episodes/);
  });

  it('imports a folder of media: copies clips, cover and subtitles into MEDIA_DIR, then the drama plays', { timeout: 300_000 }, async () => {
    const folder = path.join(work, 'season-one');
    const drama = path.join(folder, 'harbour-doctor');
    mkdirSync(drama, { recursive: true });
    writeFileSync(
      path.join(drama, 'meta.json'),
      JSON.stringify({
        title: { 'zh-CN': '港口医生', 'zh-Hant': '港口醫生', 'en-US': 'The Harbour Doctor' },
        description: {
          'zh-CN': '小镇医生的秘密。',
          'zh-Hant': '小鎮醫生的秘密。',
          'en-US': 'A small-town doctor with a secret.',
        },
        category: 'urban',
        freeEpisodes: 1,
        episodes: [
          { sequence: 1, durationSeconds: 45 },
          { sequence: 2, durationSeconds: 32 },
        ],
      }),
    );
    copyFileSync(path.join(REPO_MEDIA, 'covers', 'cold-palace-consort.jpg'), path.join(drama, 'cover.jpg'));
    copyFileSync(path.join(REPO_MEDIA, 'clips', 'cold-palace-consort-ep01.mp4'), path.join(drama, '01.mp4'));
    copyFileSync(path.join(REPO_MEDIA, 'clips', 'cold-palace-consort-ep02.mp4'), path.join(drama, '02.mp4'));
    writeFileSync(path.join(drama, '01.en.srt'), '1\n00:00:00,300 --> 00:00:04,400\nWhere am I?\n');

    const run = await cli(['--url', baseUrl, 'import', folder, '--no-transcode']);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/Transcoding is off/);
    expect(run.stdout).toMatch(/episode 1: clips\/harbour-doctor-ep01\.mp4/);
    expect(run.stdout).toMatch(/cover: covers\/harbour-doctor\.jpg/);
    expect(run.stdout).toMatch(/Imported 1 drama: 1 created/);
    expect(existsSync(path.join(mediaDir, 'clips', 'harbour-doctor-ep02.mp4'))).toBe(true);
    expect(readFileSync(path.join(mediaDir, 'clips', 'harbour-doctor-ep01.en.vtt'), 'utf8')).toBe(
      'WEBVTT\n\n1\n00:00:00.300 --> 00:00:04.400\nWhere am I?\n',
    );

    const listed = (await latest()).find((item) => item.title === 'The Harbour Doctor');
    expect(listed).toMatchObject({ episodeCount: 2, freeEpisodeCount: 1, coverUrl: '/media/covers/harbour-doctor.jpg' });
    const detail = dramaDetailResponseSchema.parse((await call('GET', apiPaths.drama(listed?.id ?? 0))).body).data;
    const play = playInfoResponseSchema.parse((await call('GET', apiPaths.play(detail.episodes[0]?.id ?? 0))).body).data;
    // Every body is read: one left unread holds its connection open, and the server's shutdown
    // at the end waits for it.
    const video = await fetch(`${baseUrl}${play.playUrl}`, { headers: { range: 'bytes=0-15' } });
    expect(video.status).toBe(206);
    expect((await video.arrayBuffer()).byteLength).toBe(16);
    const subtitles = await fetch(`${baseUrl}${play.subtitles.find((track) => track.language === 'en')?.url ?? ''}`);
    expect(subtitles.status).toBe(200);
    expect(await subtitles.text()).toContain('Where am I?');
    const cover = await fetch(`${baseUrl}${listed?.coverUrl ?? ''}`);
    expect(cover.status).toBe(200);
    expect((await cover.arrayBuffer()).byteLength).toBe(statSync(path.join(mediaDir, 'covers', 'harbour-doctor.jpg')).size);
  });

  it('refuses a folder with a broken meta.json before copying anything', { timeout: 300_000 }, async () => {
    const folder = path.join(work, 'broken-season');
    const drama = path.join(folder, 'broken-drama');
    mkdirSync(drama, { recursive: true });
    writeFileSync(path.join(drama, 'meta.json'), JSON.stringify({ title: { 'en-US': 'Only English' }, freeEpisodes: 1 }));
    copyFileSync(path.join(REPO_MEDIA, 'clips', 'cold-palace-consort-ep01.mp4'), path.join(drama, '01.mp4'));
    writeFileSync(path.join(drama, 'cover.jpg'), 'x');
    const run = await cli(['--url', baseUrl, 'import', folder, '--no-transcode']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/meta\.json is not valid/);
    expect(run.stderr).toMatch(/title\.zh-CN/);
    expect(existsSync(path.join(mediaDir, 'clips', 'broken-drama-ep01.mp4'))).toBe(false);
  });
});
