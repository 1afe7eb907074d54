import { expect, test } from '../fixtures';
import { chooseSetupPassword, DESKTOP, newOperator, signIn, totpCode } from './console-support';

/*
 * A switch that holds for every operator: while it is on, anyone signing in elsewhere is sent to
 * set up two-factor sign-in first. So this spec runs on its own, after every other console spec
 * (its project in playwright.config.ts), never beside one.
 */

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 401/] });

test('with two-factor sign-in required for everyone, a new operator sets it up before anything else', async ({ page, request, browser }) => {
  const owner = await newOperator(request, 'owner');
  await chooseSetupPassword(page, owner.setupPath);
  await page.goto('/console/operators');
  await signIn(page, owner.username);
  const requireTotp = page.getByRole('switch');
  await expect(requireTotp).not.toBeChecked();
  await requireTotp.click();
  await expect(requireTotp).toBeChecked();

  const agent = await newOperator(request, 'support');
  const agentContext = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
  const agentPage = await agentContext.newPage();
  try {
    await chooseSetupPassword(agentPage, agent.setupPath);
    await agentPage.goto('/console/tokens');
    await signIn(agentPage, agent.username);
    await expect(agentPage).toHaveURL(/\/console\/two-factor$/);
    await expect(agentPage.getByText('The owner requires two-factor sign-in')).toBeVisible();
    // Nothing else opens until it is done.
    await agentPage.goto('/console/tokens');
    await expect(agentPage).toHaveURL(/\/console\/two-factor$/);
    const secret = (await agentPage.getByTestId('totp-secret').innerText()).trim();
    await agentPage.getByLabel('Code').fill(totpCode(secret));
    await agentPage.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(agentPage.getByTestId('operator')).toContainText(agent.username);
  } finally {
    await agentContext.close();
    // Later tests make operators without two-factor sign-in.
    await requireTotp.click();
    await expect(requireTotp).not.toBeChecked();
  }
});
