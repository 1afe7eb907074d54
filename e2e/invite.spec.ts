import { API_BASE, apiPaths, taskListResponseSchema } from '@drama/contracts';
import { createAccount, uniqueUsername } from './accounts';
import { expectPlaying } from './player-support';
import { expect, test } from './fixtures';

test.use({ locale: 'en-US' });

async function inviteTask(request: Parameters<typeof createAccount>[0], token: string) {
  const response = await request.get(`${API_BASE}${apiPaths.tasks()}`, { headers: { authorization: `Bearer ${token}` } });
  const list = taskListResponseSchema.parse(await response.json()).data;
  return { code: list.inviteCode, task: list.items.find((task) => task.type === 'inviteFriends') };
}

test("a friend's invite link fills in the code at sign-up, and the inviter is credited once the friend watches", async ({
  page,
  request,
}) => {
  const inviter = await createAccount(request);
  const { code, task } = await inviteTask(request, inviter.token);
  expect(task?.status).toBe('not_started');

  await page.goto(`/auth/sign-up?invite=${code}`);
  await expect(page.getByLabel(/^Invite code/)).toHaveValue(code);
  await page.getByLabel('Username').fill(uniqueUsername());
  await page.getByLabel('Password', { exact: true }).fill('Drama-2024!');
  await page.getByLabel('Confirm password').fill('Drama-2024!');
  await page.getByTestId('agreement').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');

  // Signed up, not yet watched: nothing for the inviter.
  expect((await inviteTask(request, inviter.token)).task?.progress).toBe(0);

  await page.goto('/player/1');
  const first = await page.waitForURL(/\/player\/1\?episode=(\d+)$/).then(() => Number(new URL(page.url()).searchParams.get('episode')));
  await expectPlaying(page, first);
  await expect.poll(async () => (await inviteTask(request, inviter.token)).task?.status).toBe('completed');
});
