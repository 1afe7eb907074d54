import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { STORAGE_KEYS } from '@drama/contracts';
import type { Page } from '@playwright/test';
import { adminCli, createAccount, signInAs } from './accounts';
import { systemSettings } from './api';
import { expect, test } from './fixtures';

/** A real PNG made here: a small red square, so the server's content check sees an image. */
function makePng(size = 8): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0xe1, 0x1d, 0x48]))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a member sends feedback with a screenshot and reads the reply', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const account = await createAccount(request);
  await signInAs(page, account, { [STORAGE_KEYS.language]: 'en-US' });
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Feedback', exact: true }).click();
  await expect(page.getByTestId('feedback-page')).toBeVisible();

  await page.getByRole('radio', { name: 'Bug' }).click();
  await expect(page.getByRole('radio', { name: 'Bug' })).toHaveAttribute('aria-checked', 'true');
  const content = page.getByTestId('feedback-content');
  await content.fill('abc');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Please write at least 5 characters')).toBeVisible();

  const text = 'The subtitles of episode 3 appear two seconds late.';
  await content.fill(text);
  await expect(page.getByText(`${text.length}/1000`)).toBeVisible();
  await page.getByTestId('feedback-file-input').setInputFiles({ name: 'late.png', mimeType: 'image/png', buffer: makePng() });
  await expect(page.getByTestId('feedback-screenshot')).toHaveAttribute('data-status', 'done');
  // What is not an image is refused before any upload.
  await page.getByTestId('feedback-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('feedback-screenshot').nth(1)).toContainText('Not an image');
  await page.getByRole('button', { name: 'Remove screenshot' }).nth(1).click();
  await expect(page.getByTestId('feedback-screenshot')).toHaveCount(1);
  await page.getByLabel('Contact').fill('me@example.com');
  await page.getByRole('button', { name: 'Send feedback' }).click();

  await expect(page.getByText('Thanks! We received your feedback')).toBeVisible();
  await expect(page).toHaveURL(/\/feedback\/history$/);
  const row = page.getByTestId('feedback-row').first();
  await expect(row).toContainText(text);
  await expect(row).toContainText('Bug');
  await expect(row.getByTestId('feedback-status')).toHaveAttribute('data-status', 'pending');
  await expect(row.getByTestId('feedback-reply-count')).toHaveText('0 replies');
  const id = await row.getAttribute('data-id');
  expect(id).toMatch(/^\d+$/);

  await row.click();
  await expect(page.getByTestId('feedback-content-text')).toHaveText(text);
  await expect(page.getByTestId('feedback-detail-screenshot')).toHaveCount(1);
  await expect
    .poll(() => page.getByTestId('feedback-detail-screenshot').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(8);
  await expect(page.getByTestId('feedback-no-replies')).toBeVisible();

  const reply = 'Thanks for the report: fixed in the next release.';
  await adminCli(baseURL!, ['feedback', 'reply', id!, '--message', reply]);

  await page.reload();
  await expect(page.getByTestId('feedback-status')).toHaveAttribute('data-status', 'replied');
  const bubble = page.getByTestId('feedback-reply');
  await expect(bubble).toHaveAttribute('data-author', 'support');
  await expect(bubble).toContainText(reply);
  await page.goto('/feedback/history');
  await expect(page.getByTestId('feedback-row').first().getByTestId('feedback-reply-count')).toHaveText('1 reply');
});

test('legal pages show the settings text as headings and paragraphs, never as markup', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const settings = await systemSettings(request, 'zh-CN');
  await seedLanguage(page, 'zh-CN');
  await page.goto('/legal/privacy');
  const article = page.getByTestId('legal-text');
  await expect(article.locator('h2').first()).toHaveText('1. 我们收集的信息');
  await expect(article.locator('p').first()).toContainText(settings.siteName);
  await expect(article).toContainText(settings.contact);
  await expect(article).not.toContainText('{platformName}');

  const dir = mkdtempSync(path.join(tmpdir(), 'legal-'));
  const file = path.join(dir, 'agreement.txt');
  writeFileSync(file, ['一、总则', '<script>window.__x=1</script>', '请联系 {contact}。'].join('\n'));
  await adminCli(baseURL!, ['settings', 'set', '--key', 'userAgreement', '--file', file]);

  // The kept settings last a day: drop them as a fresh visitor would not have them.
  await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.systemSettings);
  await page.goto('/legal/agreement');
  await expect(article.locator('h2')).toHaveText('一、总则');
  await expect(article.locator('p').first()).toHaveText('<script>window.__x=1</script>');
  await expect(article.locator('p').nth(1)).toHaveText(`请联系 ${settings.contact}。`);
  await expect(article.locator('script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __x?: number }).__x)).toBeUndefined();
  await adminCli(baseURL!, ['settings', 'set', '--key', 'userAgreement', '--file', writeBack(dir, settings.userAgreement)]);
});

test('customer service shows the hours, whether it is open, and the contact', async ({ page, request }) => {
  const settings = await systemSettings(request);
  await seedLanguage(page, 'en-US');
  await page.goto('/support');
  await expect(page.getByTestId('support-hours')).toHaveText('Monday to Sunday, 9:00-22:00');
  await expect(page.getByTestId('support-open-state')).toHaveText(/Open now|Closed now/);
  await expect(page.getByTestId('support-contact')).toHaveText(settings.contact);
  await page.getByText('How do redeem codes work?').click();
  await expect(page.getByText(/codes are case-sensitive/)).toBeVisible();
  await page.getByTestId('support-feedback-link').click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Ffeedback/);
});

test('about shows the site from system settings and links to the legal pages', async ({ page, request }) => {
  const settings = await systemSettings(request);
  await seedLanguage(page, 'en-US');
  await page.goto('/about');
  await expect(page.getByTestId('about-name')).toHaveText(settings.siteName);
  await expect(page.getByTestId('about-description')).toHaveText(settings.siteDescription);
  await expect(page.getByTestId('about-icp')).toHaveText(settings.icp);
  await expect(page.getByTestId('about-copyright')).toHaveText(settings.copyright);
  await expect(page.getByTestId('about-version')).toHaveText(/^Version \d+\.\d+\.\d+/);
  await expect(page.getByTestId('about-logo')).toHaveAttribute('src', settings.siteLogo);
  await page.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByTestId('legal-text').locator('h2').first()).toBeVisible();
});

async function seedLanguage(page: Page, language: string) {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('__lang_seeded__')) {
        sessionStorage.setItem('__lang_seeded__', '1');
        localStorage.setItem(key, value);
      }
    },
    [STORAGE_KEYS.language, language] as const,
  );
}

function writeBack(dir: string, text: string): string {
  const file = path.join(dir, 'original.txt');
  writeFileSync(file, text);
  return file;
}
