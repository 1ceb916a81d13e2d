// The home page's project showcase and the about page.
import { expect } from '@playwright/test';
import { owner, shop } from '../../src/content/site.config.ts';
import { SHOP_HOME } from '../../src/lib/features.ts';
import { test } from './fixtures.ts';
import { picturesIn, expectFittingCandidate, expectNoAxeViolations, watchForErrors } from './helpers.ts';

const INTERNAL_DEMOS = {
  'AI Chatbot': '/chatbot',
  [shop.name]: SHOP_HOME,
  'Word Game': '/word_game',
};

test.describe('project showcase', () => {
  test('shows 18 cards, each with a title, a sized modern-format thumbnail and a Description button', async ({
    page,
  }) => {
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'Projects' }).getByRole('article');
    await expect(cards).toHaveCount(18);
    for (const card of await cards.all()) {
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(/\S/);
      const image = card.getByRole('img');
      await expect(image).toHaveAttribute('alt', /^Illustration of /);
      await expect(image).toHaveAttribute('width', /^\d+$/);
      await expect(image).toHaveAttribute('height', /^\d+$/);
      await expect(image).toHaveAttribute('src', /\.webp$/);
      await expect(card.locator('source[type="image/avif"]')).toHaveCount(1);
      await expect(card.getByRole('button', { name: /^Description of / })).toBeVisible();
    }
    // Every thumbnail really loads (scrolled into view, since all but the first row are lazy).
    for (const image of await cards.getByRole('img').all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
  });

  // The first row is in the first viewport at every width: it loads with the page (the first card
  // eagerly and first, the rest of the row as soon as layout finds it in view), each thumbnail in
  // the size its column needs (the `sizes` attribute matches the grid); the rows below wait.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 800, height: 1000 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width}px the first row's thumbnails load with the page, each in the width its column needs, and the rest wait`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await page.waitForLoadState('load');
      const images = await picturesIn(page.getByRole('region', { name: 'Projects' }));
      const firstRow = images.filter((image) => image.top === images[0]!.top);
      expect(firstRow.length).toBe(viewport.width >= 944 ? 3 : viewport.width >= 632 ? 2 : 1);
      expect(images[0]!.loading).toBe('eager');
      for (const image of firstRow) {
        expect(image.complete).toBe(true);
        expectFittingCandidate(image);
      }
      const belowTheFold = images.filter((candidate) => candidate.top > viewport.height);
      expect(belowTheFold.length).toBeGreaterThan(10);
      for (const image of belowTheFold) expect(image.loading).toBe('lazy');
    });
  }

  // A browser that paints what it has parsed so far (Firefox, Safari) may show the grid with only its
  // first cards: their columns must already be the whole grid's, or the cards would narrow as the rest arrive.
  test('keeps its columns however many cards have arrived', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'Projects' }).getByRole('listitem');
    const second = () => cards.nth(1).evaluate((card) => card.getBoundingClientRect().toJSON() as DOMRect);
    const whole = await second();
    await cards.evaluateAll((items) => items.slice(2).forEach((item) => item.remove()));
    expect(await second()).toEqual(whole);
  });

  test('links live demos (internal ones in place, external ones in a new tab) and public code', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'Projects' }).getByRole('article');
    for (const [title, path] of Object.entries(INTERNAL_DEMOS)) {
      const demo = cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) }).getByRole('link', {
        name: /^Live Demo/,
      });
      await expect(demo).toHaveAttribute('href', path);
      await expect(demo).not.toHaveAttribute('target', /./);
    }
    const external = cards.getByRole('link', { name: /^Live Demo .*\(opens in a new tab\)$/ });
    expect(await external.count()).toBeGreaterThan(0);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    for (const link of await cards.getByRole('link', { name: /^Github/ }).all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\/github\.com\//);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    // A project without a demo or public code shows neither link.
    const drupal = cards.filter({ has: page.getByRole('heading', { name: 'Drupal Projects' }) });
    await expect(drupal.getByRole('link')).toHaveCount(0);
    await expect(cards.getByRole('link', { name: /^Live Demo/ })).toHaveCount(13);
    await expect(cards.getByRole('link', { name: /^Github/ })).toHaveCount(17);
  });

  test('a description opens in a modal that Close and Escape shut, returning focus to its button', async ({ page }) => {
    const errors = watchForErrors(page);
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Description of Word Game' });
    // The visible label is the spec's 'Description'; the rest is for screen readers.
    expect(await button.evaluate((element) => element.firstChild?.textContent?.trim())).toBe('Description');

    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Word Game' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/five-letter word-guessing game/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    // The page behind is inert: Tab never reaches it (focus stays in the dialog or leaves for the browser).
    const focusBehindDialog = () =>
      page.evaluate(() => {
        const focused = document.activeElement;
        return focused !== null && focused !== document.body && !focused.closest('dialog[open]');
      });
    for (const key of ['Tab', 'Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusBehindDialog()).toBe(false);
    }
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    // Another card's dialog shows its own project.
    await page.getByRole('button', { name: 'Description of Tetris' }).click();
    await expect(page.getByRole('dialog', { name: 'Tetris' })).toContainText('HTML canvas');
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});

test.describe('about page', () => {
  test('tells about the owner, the website and its real tech stack', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle(`About · ${owner.name}`);
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    for (const name of ['About me', 'About this website', 'Tech stack']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    const stack = page.getByRole('region', { name: 'Tech stack' });
    for (const tech of [
      'Astro',
      'React islands',
      'Netlify Functions',
      'Upstash Redis',
      'OpenAI',
      'Resend',
      'Playwright',
    ]) {
      await expect(stack.getByRole('term').filter({ hasText: tech })).toHaveCount(1);
    }
    await expect(page.getByRole('link', { name: 'Send me a message' })).toHaveAttribute('href', '/contact');
    await expectNoAxeViolations(page);

    // With the nav's résumé dialog open too.
    await page.getByRole('button', { name: 'Résumé' }).click();
    await expect(page.getByRole('dialog', { name: 'Résumé' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
