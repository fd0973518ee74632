import { expect, test, type Page } from '@playwright/test';
import { openPage } from './helpers';

// WCAG 2.4.11 (issue 25 §4): a control with keyboard focus is never hidden under the sticky
// header or the open mobile menu, whether Tab, Shift+Tab or an error put focus there.

const pages = ['/', '/is-my-quote-good', '/example-results', '/should-i-refinance', '/quote-start', '/check-my-rate',
  '/loan-information', '/privacy', '/refi-buddy/unsubscribe?token=x', '/login'];
const widths = [390, 1280];

/** Where the focused element is against the header: null when it is in the clear. */
async function obscured(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    const header = document.querySelector('header');
    if (!focused || focused === document.body || !header || header.contains(focused)) return null;
    // The skip link floats above the header by design.
    if (getComputedStyle(focused).position === 'fixed') return null;
    const box = focused.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return null;
    const headerBottom = header.getBoundingClientRect().bottom;
    if (box.top >= headerBottom - 0.5 && box.bottom <= window.innerHeight + 0.5) return null;
    const name = focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40) ?? '';
    return `<${focused.tagName.toLowerCase()}> "${name}" at ${Math.round(box.top)}–${Math.round(box.bottom)} px, header ends at ${Math.round(headerBottom)} px, window ${window.innerHeight} px`;
  });
}

/** Presses `key` until focus comes back round (or `max` times), collecting every stop that is covered. */
async function walk(page: Page, key: 'Tab' | 'Shift+Tab', max = 70): Promise<string[]> {
  const covered: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const where = await obscured(page);
    if (where) covered.push(`${key} #${i + 1}: ${where}`);
    if (await page.evaluate(() => document.activeElement === document.body)) break;
  }
  return covered;
}

for (const width of widths) {
  test(`at ${width} px, Tab and Shift+Tab never leave focus under the sticky header`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 844 });
    for (const path of pages) {
      await openPage(page, path);
      // Forwards from the top, then backwards from the very end of the page.
      const forwards = await walk(page, 'Tab');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.locator('footer').evaluate((footer) => {
        const links = footer.querySelectorAll<HTMLElement>('a, button');
        links[links.length - 1]?.focus();
      });
      const backwards = await walk(page, 'Shift+Tab');
      expect([...forwards, ...backwards], `focus under the header on ${path} at ${width} px`).toEqual([]);
    }
  });

  test(`at ${width} px, focus moved to a wrong field by an error is not under the header`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await openPage(page, '/check-my-rate');
    // Scrolled to the bottom, the form's first field is far above: the error brings it back clear of the header.
    const submit = page.getByRole('button', { name: 'Continue to Loan Information' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(submit).not.toBeFocused();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await obscured(page)).toBeNull();
  });
}

test('at 390 px, the open menu closes when focus leaves it, and covers nothing focused', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/example-results');
  // Scrolled down, the open menu would lie over the page under the header.
  await page.evaluate(() => window.scrollTo(0, 600));
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Refi Buddy', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(await obscured(page)).toBeNull();
  // Shift+Tab back into the header leaves the menu closed and the control in the clear.
  await page.keyboard.press('Shift+Tab');
  expect(await obscured(page)).toBeNull();
});
