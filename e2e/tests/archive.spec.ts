import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN, expectAccessible, signInFrom } from './helpers';

// Issue 27 §3 (docs/records.md): the server keeps each version of the public
// pages it serves and of the site file; a broker lists them in the admin area
// and downloads one as text.
test('a broker opens the page archive and downloads the site file as kept', async ({ page }) => {
  await signInFrom(page, '/admin/archive', E2E_ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Page archive' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Page archive' })).toHaveAttribute('aria-current', 'page');
  const table = page.getByRole('table', { name: 'Archived versions, newest first' });
  await expect(table.getByRole('row').filter({ has: page.getByRole('cell', { name: '/', exact: true }) }).first()).toBeVisible();
  const siteFile = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Site file', exact: true }) }).first();
  await expect(siteFile).toContainText('bytes');
  await expectAccessible(page, 'the page archive');

  const download = page.waitForEvent('download');
  await siteFile.getByRole('button', { name: /^Download Site file of / }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^site-file-\d{4}-\d{2}-\d{2}-[0-9a-f]{12}\.txt$/);
  expect(await readFile(await file.path(), 'utf8')).toContain('"brokerageName"');
});
