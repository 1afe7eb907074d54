import type { APIRequestContext } from '@playwright/test';
import { API_BASE, apiPaths, userProfileResponseSchema } from '@drama/contracts';
import { adminCli, createAccount, signInAs, type TestAccount } from './accounts';
import { expect, test } from './fixtures';
import { makeCodes } from './operator-acts';

const TIME_ZONE = 'Asia/Shanghai';

test.use({ locale: 'en-US', timezoneId: TIME_ZONE, allowedConsoleErrors: [/status of 4\d\d/] });

async function me(request: APIRequestContext, account: TestAccount) {
  const response = await request.get(`${API_BASE}${apiPaths.me()}`, { headers: { Authorization: `Bearer ${account.token}` } });
  return userProfileResponseSchema.parse(await response.json()).data;
}

/** How the profile's VIP card writes a date in English. */
function englishDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(iso));
}

/** The same code with every letter in the other case. */
function swapCase(code: string): string {
  return [...code].map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase())).join('');
}

test('a VIP code from the operator command makes the member VIP, once', async ({ page, request, baseURL }) => {
  // The operator's command starts a TypeScript process of its own: slow on a busy machine.
  test.slow();
  const printed = await adminCli(baseURL ?? '', ['redeem', 'create', '--type', 'vip_days', '--value', '30', '--count', '1']);
  const codes = printed.split('\n').map((line) => line.trim()).filter(Boolean);
  expect(codes).toHaveLength(1);
  const code = codes[0] ?? '';
  expect(swapCase(code)).not.toBe(code);

  const account = await createAccount(request);
  await signInAs(page, account);
  await page.goto('/profile');
  await expect(page.getByTestId('vip-card')).toHaveAttribute('data-vip', 'inactive');
  await page.getByRole('link', { name: 'Redeem', exact: true }).click();
  await expect(page).toHaveURL('/redeem');

  const input = page.getByLabel('Redeem code');
  await expect(input).toHaveAttribute('autocapitalize', 'off');
  await expect(input).toHaveAttribute('autocorrect', 'off');
  await expect(input).toHaveAttribute('spellcheck', 'false');
  const submit = page.getByRole('button', { name: 'Redeem', exact: true });

  await submit.click();
  await expect(page.getByTestId('redeem-error')).toHaveText('Please enter a redeem code');

  // Letter case matters: the same letters in the other case are no code at all.
  await input.fill(swapCase(code));
  await submit.click();
  await expect(page.getByTestId('redeem-error')).toHaveText('Invalid redeem code');
  await expect(page.getByTestId('redeem-result')).toHaveCount(0);

  // Pasted with spaces around it, as codes often are.
  await input.fill(`  ${code} `);
  await submit.click();
  const result = page.getByTestId('redeem-result');
  await expect(result.getByTestId('redeem-result-value')).toHaveText('VIP +30 days');
  await expect(input).toHaveValue('');
  const expiry = (await me(request, account)).vipExpireTime ?? '';
  expect(Math.abs(new Date(expiry).getTime() - (Date.now() + 30 * 86_400_000))).toBeLessThan(5 * 60_000);
  await expect(result.getByTestId('redeem-result-detail')).toHaveText(`VIP valid until ${englishDate(expiry)}`);

  await input.fill(code);
  await submit.click();
  await expect(page.getByTestId('redeem-error')).toHaveText('This code has already been used');

  await page.goto('/profile');
  await expect(page.getByTestId('vip-card')).toHaveAttribute('data-vip', 'active');
  await expect(page.getByTestId('vip-status')).toHaveText(`Valid until ${englishDate(expiry)}`);

  await page.goto('/redeem');
  await page.getByRole('link', { name: 'Redemption history' }).last().click();
  await expect(page).toHaveURL('/redeem/records');
  const rows = page.getByTestId('redeem-record');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('redeem-record-code')).toHaveText(code);
  await expect(rows.first().getByTestId('redeem-record-value')).toHaveText('+30 days');
  await expect(rows.first()).toContainText('VIP days');
});

test('a points code adds to the balance and to both histories', async ({ page, request }) => {
  const [code = ''] = await makeCodes(request, { type: 'points', value: 500, count: 1 });
  const account = await createAccount(request);
  await signInAs(page, account);
  await page.goto('/redeem/records');
  await expect(page.getByText('No redemptions yet')).toBeVisible();

  await page.goto('/redeem');
  await page.getByLabel('Redeem code').fill(code);
  await page.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(page.getByTestId('redeem-result-value')).toHaveText('+500 points');
  await expect(page.getByTestId('redeem-result-detail')).toHaveText('Balance: 500 points');

  await page.goto('/redeem/records');
  await expect(page.getByTestId('redeem-record-value')).toHaveText('+500 points');
  await page.goto('/points/records?type=redeem_code');
  const row = page.getByTestId('records-list').getByTestId('points-record');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('record-amount')).toHaveText('+500');
  await page.goto('/profile');
  await expect(page.getByTestId('points-balance')).toHaveText('500');
  expect((await me(request, account)).vipLevel).toBe(0);
});

test('after too many wrong codes the page says how long to wait', async ({ page, request }) => {
  const account = await createAccount(request);
  let status = 0;
  for (let attempt = 0; attempt < 20 && status !== 429; attempt += 1) {
    const response = await request.post(`${API_BASE}${apiPaths.redeem()}`, {
      headers: { Authorization: `Bearer ${account.token}` },
      data: { code: `wrong-code-${attempt}` },
    });
    status = response.status();
  }
  expect(status).toBe(429);

  await signInAs(page, account);
  await page.goto('/redeem');
  await page.getByLabel('Redeem code').fill('Another-Guess');
  await page.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(page.getByTestId('redeem-error')).toHaveText(/^Please wait \d+ minutes? before trying again$/);
  await expect(page.getByRole('button', { name: 'Redeem', exact: true })).toBeDisabled();
});
