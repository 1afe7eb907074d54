import { expect, type APIRequestContext } from '@playwright/test';
import {
  API_BASE,
  apiPaths,
  consoleCampaignResponseSchema,
  type MemberDetail,
  memberAdjustmentResultResponseSchema,
  memberDetailResponseSchema,
  type RedeemCodeType,
} from '@drama/contracts';
import { operatorHeaders } from './accounts';

/*
 * The operators' acts the end-to-end tests use as set-up, made as `npm run admin` makes them:
 * the console's own routes with an owner's API token.
 */

/** A fresh idempotency key: the console sends one per act, so that a retry applies it once. */
function actKey(): string {
  return `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Grants VIP days to a member; gives the member as the console then shows them. */
export async function grantVip(request: APIRequestContext, userId: number, days: number): Promise<MemberDetail> {
  const response = await request.post(`${API_BASE}${apiPaths.consoleMemberVip(userId)}`, {
    headers: await operatorHeaders(request),
    data: { direction: 'grant', days, reason: 'e2e', idempotencyKey: actKey() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return memberAdjustmentResultResponseSchema.parse(await response.json()).data.member;
}

/** Grants points to a member; gives their balance after. */
export async function grantPoints(request: APIRequestContext, userId: number, amount: number): Promise<number> {
  const response = await request.post(`${API_BASE}${apiPaths.consoleMemberPoints(userId)}`, {
    headers: await operatorHeaders(request),
    data: { direction: 'grant', amount, reason: 'e2e', idempotencyKey: actKey() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return memberAdjustmentResultResponseSchema.parse(await response.json()).data.member.points;
}

/** Disables a member: sign-in refused, every token ended. */
export async function disableMember(request: APIRequestContext, userId: number): Promise<void> {
  const response = await request.post(`${API_BASE}${apiPaths.consoleMemberDisable(userId)}`, {
    headers: await operatorHeaders(request),
    data: { reason: 'e2e' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  expect(memberDetailResponseSchema.parse(await response.json()).data.status).toBe(0);
}

/** Makes a campaign of redeem codes and reads its codes from its export (the first column after the header line). */
export async function makeCodes(request: APIRequestContext, spec: { type: RedeemCodeType; value: number; count: number }): Promise<string[]> {
  const headers = await operatorHeaders(request);
  const created = await request.post(`${API_BASE}${apiPaths.consoleCampaigns()}`, {
    headers,
    data: { name: `e2e ${actKey()}`, ...spec },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const campaign = consoleCampaignResponseSchema.parse(await created.json()).data;
  const exported = await request.get(`${API_BASE}${apiPaths.consoleCampaignCodes(campaign.id)}`, { headers });
  expect(exported.ok(), await exported.text()).toBe(true);
  return (await exported.text())
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(',')[0] ?? '')
    .filter((code) => code !== '');
}
