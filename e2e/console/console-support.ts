import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createdOperatorResponseSchema, type OperatorRole } from '@drama/contracts';
import { generateSync } from 'otplib';
import { adminHeaders } from '../accounts';

/** The console is desktop-first: a 1280x800 screen with a mouse. */
export const DESKTOP = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 } as const;

export const PASSWORD = 'correct-horse-battery';

/** A new operator made with the bootstrap admin token; the set-up link's address within the site. */
export async function newOperator(request: APIRequestContext, role: OperatorRole): Promise<{ username: string; setupPath: string }> {
  const username = `e2e-${role}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const response = await request.post('/api/v1/admin/operators', { headers: adminHeaders(), data: { username, role } });
  expect(response.status()).toBe(200);
  const { data } = createdOperatorResponseSchema.parse(await response.json());
  const url = new URL(data.setupUrl);
  return { username, setupPath: url.pathname + url.search };
}

/** Opens a set-up link and chooses the password. */
export async function chooseSetupPassword(page: Page, setupPath: string): Promise<void> {
  await page.goto(setupPath);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save and continue to sign in' }).click();
  await expect(page.getByText('Your password is set')).toBeVisible();
}

export async function signIn(page: Page, username: string, code?: () => string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (code) {
    await page.getByLabel('Code').fill(code());
    await page.getByRole('button', { name: 'Verify' }).click();
  }
}

/**
 * A code of the authenticator for `secret`. A code is good once: `stepsAhead` takes the next
 * time step's (the server accepts one step either side), for a second code within 30 seconds.
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}
