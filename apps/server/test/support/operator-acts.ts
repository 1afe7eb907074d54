import { randomBytes } from 'node:crypto';
import {
  API_BASE,
  apiPaths,
  type ConsoleCampaign,
  consoleCampaignResponseSchema,
  type MemberAdjustmentResult,
  memberAdjustmentResultResponseSchema,
  type MemberDetail,
  type MemberPointsChange,
  type MemberVipChange,
  type RedeemCodeType,
} from '@drama/contracts';
import { expect } from 'vitest';
import { adminAuth } from './admin-auth.js';
import { okData } from './answers.js';
import type { TestApp } from './test-app.js';

/*
 * The operators' acts that tests use as set-up, made the way `npm run admin` makes them: the
 * console's own routes with an operator's API token (an owner's unless `auth` says otherwise).
 */

type Headers = Record<string, string>;

interface ActOptions {
  /** The caller's headers; an owner's API token when not given. */
  auth?: Headers;
  /** Why, for the audit log. */
  reason?: string;
}

/** A fresh idempotency key: the console sends one per act, so that a retry applies it once. */
export function actKey(): string {
  return `test-${randomBytes(9).toString('base64url')}`;
}

/** The body of a VIP grant as the console sends it. */
export function vipGrant(days: number, reason = 'test'): MemberVipChange {
  return { direction: 'grant', days, reason, idempotencyKey: actKey() };
}

/** The body of a points change as the console sends it: a negative amount deducts. */
export function pointsChange(amount: number, reason = 'test'): MemberPointsChange {
  return { direction: amount < 0 ? 'deduct' : 'grant', amount: Math.abs(amount), reason, idempotencyKey: actKey() };
}

async function send(t: TestApp, method: 'GET' | 'POST', url: string, headers: Headers, body?: unknown) {
  const response = await t.server.inject({
    method,
    url: `${API_BASE}${url}`,
    headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: response.statusCode, text: response.body, headers: response.headers };
}

async function post(t: TestApp, url: string, headers: Headers, body: unknown) {
  const answer = await send(t, 'POST', url, headers, body);
  return { status: answer.status, body: JSON.parse(answer.text) as unknown };
}

/** Grants VIP days to a member; gives the member as the console then shows them. */
export async function grantVip(t: TestApp, userId: number, days: number, options: ActOptions = {}): Promise<MemberDetail> {
  const auth = options.auth ?? (await adminAuth(t));
  const answer = await post(t, apiPaths.consoleMemberVip(userId), auth, vipGrant(days, options.reason));
  return okData(answer, memberAdjustmentResultResponseSchema).member;
}

/** Grants points to a member, or deducts them when `amount` is negative; the member's balance is `member.points`. */
export async function adjustPoints(t: TestApp, userId: number, amount: number, options: ActOptions = {}): Promise<MemberAdjustmentResult> {
  const auth = options.auth ?? (await adminAuth(t));
  const answer = await post(t, apiPaths.consoleMemberPoints(userId), auth, pointsChange(amount, options.reason));
  return okData(answer, memberAdjustmentResultResponseSchema);
}

/** Grants points to a member (a positive amount). */
export async function grantPoints(t: TestApp, userId: number, amount: number, options: ActOptions = {}): Promise<MemberAdjustmentResult> {
  if (amount <= 0) throw new Error(`a grant is of a positive amount, not ${amount}`);
  return adjustPoints(t, userId, amount, options);
}

/** The codes of a campaign's CSV export: a byte-order mark, a header line, then one code a line in the first column. */
export function codesOfCsv(csv: string): string[] {
  return csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(',')[0] ?? '')
    .filter((code) => code !== '');
}

/** A campaign's codes, read from its export as the console downloads it. */
export async function campaignCodes(t: TestApp, campaignId: number, auth?: Headers): Promise<string[]> {
  const answer = await send(t, 'GET', apiPaths.consoleCampaignCodes(campaignId), auth ?? (await adminAuth(t)));
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/csv/);
  return codesOfCsv(answer.text);
}

export interface CampaignSpec {
  type: RedeemCodeType;
  value: number;
  count: number;
  expiresAt?: string;
  name?: string;
}

/** Makes a campaign of redeem codes and reads its codes back from the export. */
export async function makeCampaign(
  t: TestApp,
  spec: CampaignSpec,
  options: Pick<ActOptions, 'auth'> = {},
): Promise<{ campaign: ConsoleCampaign; codes: string[] }> {
  const auth = options.auth ?? (await adminAuth(t));
  const body = { ...spec, name: spec.name ?? `Test codes ${randomBytes(3).toString('hex')}` };
  const campaign = okData(await post(t, apiPaths.consoleCampaigns(), auth, body), consoleCampaignResponseSchema);
  return { campaign, codes: await campaignCodes(t, campaign.id, auth) };
}

/** Just the codes of a new campaign. */
export async function makeCodes(t: TestApp, spec: CampaignSpec, options: Pick<ActOptions, 'auth'> = {}): Promise<string[]> {
  return (await makeCampaign(t, spec, options)).codes;
}
