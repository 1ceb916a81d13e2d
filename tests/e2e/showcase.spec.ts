// The home page's project showcase and the about page.
import { existsSync } from 'node:fs';
import { expect } from '@playwright/test';
import { owner, projects, served } from '../site-config.ts';
import { aboutFile } from '../../src/integrations/content-files.ts';
import { test } from './fixtures.ts';
import { tagPath, tagSlug } from '../../src/lib/tags.ts';
import { picturesIn, expectFittingCandidate, expectNoAxeViolations, watchForErrors } from './helpers.ts';

/** The Live Demo a project's card should show: an https one always, one on this site while its feature is on. */
const shownDemo = ({ demo }: (typeof projects)[number]) =>
  demo && (demo.startsWith('https://') || served([demo]).length > 0) ? demo : undefined;

test.describe('project showcase', () => {
  test(`shows the config's ${projects.length} projects as cards, in order, each with its title, a sized modern-format thumbnail and a Description button`, async ({
    page,
  }) => {
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'Projects' }).getByRole('article');
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(projects.map((project) => project.title));
    for (const [index, card] of (await cards.all()).entries()) {
      const image = card.getByRole('img');
      await expect(image).toHaveAttribute('alt', projects[index]!.thumbnailAlt);
      await expect(image).toHaveAttribute('width', /^\d+$/);
      await expect(image).toHaveAttribute('height', /^\d+$/);
      await expect(image).toHaveAttribute('src', /\.webp$/);
      // The first card's picture is the page's largest paint on a phone: it alone comes in AVIF too.
      await expect(card.locator('source[type="image/avif"]')).toHaveCount(index === 0 ? 1 : 0);
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
      expect(images).toHaveLength(projects.length);
      const firstRow = images.filter((image) => image.top === images[0]!.top);
      const columns = viewport.width >= 944 ? 3 : viewport.width >= 632 ? 2 : 1;
      expect(firstRow.length).toBe(Math.min(columns, projects.length));
      expect(images[0]!.loading).toBe('eager');
      for (const image of firstRow) {
        expect(image.complete).toBe(true);
        expectFittingCandidate(image);
      }
      // Every card after the first is lazy, so those below the fold (however many the config's
      // projects make at this width) wait for the visitor to scroll.
      expect(images.slice(1).map((image) => image.loading)).toEqual(images.slice(1).map(() => 'lazy'));
      const belowTheFold = images.filter((candidate) => candidate.top > viewport.height);
      for (const image of belowTheFold) expect(image.loading).toBe('lazy');
    });
  }

  // A browser that paints what it has parsed so far (Firefox, Safari) may show the grid with only its
  // first cards: their columns must already be the whole grid's, or the cards would narrow as the rest arrive.
  test('keeps its columns however many cards have arrived', async ({ page }) => {
    test.skip(projects.length < 3, 'fewer than three projects: no card arrives after the first two');
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'Projects' }).getByRole('listitem');
    const second = () => cards.nth(1).evaluate((card) => card.getBoundingClientRect().toJSON() as DOMRect);
    const whole = await second();
    await cards.evaluateAll((items) => items.slice(2).forEach((item) => item.remove()));
    expect(await second()).toEqual(whole);
  });

  test('each project has its page: title, stack, picture, links, and its write-up or description', async ({ page }) => {
    for (const project of projects) {
      await page.goto(`/projects/${project.id}`);
      const article = page.getByRole('article');
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(project.title);
      const stack = article.getByRole('list', { name: 'Stack' }).getByRole('link');
      await expect(stack).toHaveText(project.tags ?? []);
      await expect(article.getByRole('img', { name: project.thumbnailAlt })).toBeVisible();
      if (project.code)
        await expect(article.getByRole('link', { name: /^Github/ })).toHaveAttribute('href', project.code);
      const shown = shownDemo(project);
      await expect(article.getByRole('link', { name: /^Live Demo/ })).toHaveCount(shown ? 1 : 0);
      const writeUp = `src/content/projects/${project.id}.md`;
      if (!existsSync(writeUp)) await expect(article).toContainText(project.description);
      else await expect(article.getByRole('heading', { level: 2 }).first()).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test("the tag filter works without a script: a tag's link lists its projects, All goes back", async ({ browser }) => {
    const tag = projects.flatMap((project) => project.tags ?? [])[0];
    if (!tag) return expect(projects.flatMap((project) => project.tags ?? [])).toEqual([]);
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto('/');
    const filter = page.getByRole('navigation', { name: 'Projects by tag' });
    await expect(filter.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    const tagged = projects.filter((project) => (project.tags ?? []).some((each) => tagSlug(each) === tagSlug(tag)));
    await filter.getByRole('link', { name: `${tag} (${tagged.length})`, exact: true }).click();
    await expect(page).toHaveURL(tagPath(tag));
    const cards = page.getByRole('region', { name: 'Projects' }).getByRole('article');
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(tagged.map((project) => project.title));
    await expect(filter.locator('[aria-current="page"]')).toHaveText(`${tag} (${tagged.length})`);
    await filter.getByRole('link', { name: 'All' }).click();
    await expect(page).toHaveURL(/\/#projects-title$/);
    await page.close();
  });

  test('links live demos (internal ones in place, external ones in a new tab) and public code', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'Projects' }).getByRole('article');
    for (const project of projects) {
      const card = cards.filter({ has: page.getByRole('heading', { name: project.title, exact: true }) });
      await expect(card, project.title).toHaveCount(1);
      const demo = card.getByRole('link', { name: /^Live Demo/ });
      const code = card.getByRole('link', { name: /^Github/ });
      const shown = shownDemo(project);
      if (shown?.startsWith('https://')) {
        await expect(demo).toHaveAttribute('href', shown);
        await expect(demo).toHaveAccessibleName(`Live Demo of ${project.title} (opens in a new tab)`);
        await expect(demo).toHaveAttribute('target', '_blank');
        await expect(demo).toHaveAttribute('rel', 'noopener noreferrer');
      } else if (shown) {
        await expect(demo).toHaveAttribute('href', shown);
        await expect(demo).not.toHaveAttribute('target', /./);
      } else {
        // No demo, or one on this site whose feature is switched off.
        await expect(demo, project.title).toHaveCount(0);
      }
      if (project.code) {
        await expect(code).toHaveAttribute('href', project.code);
        await expect(code).toHaveAttribute('target', '_blank');
      } else {
        await expect(code, project.title).toHaveCount(0);
      }
      // The title links to the project's page; a project without a demo or public code shows neither
      // link, and nothing else links.
      await expect(card.getByRole('link', { name: project.title, exact: true })).toHaveAttribute(
        'href',
        `/projects/${project.id}`,
      );
      await expect(card.getByRole('link')).toHaveCount(1 + (shown ? 1 : 0) + (project.code ? 1 : 0));
    }
    await expect(cards.getByRole('link', { name: /^Live Demo/ })).toHaveCount(projects.filter(shownDemo).length);
    await expect(cards.getByRole('link', { name: /^Github/ })).toHaveCount(
      projects.filter((project) => project.code).length,
    );
  });

  test('a description opens in a modal that Close and Escape shut, returning focus to its button', async ({ page }) => {
    const errors = watchForErrors(page);
    const [project, another] = projects;
    await page.goto('/');
    const button = page.getByRole('button', { name: `Description of ${project!.title}`, exact: true });
    // The visible label is the spec's 'Description'; the rest is for screen readers.
    expect(await button.evaluate((element) => element.firstChild?.textContent?.trim())).toBe('Description');

    await button.click();
    const dialog = page.getByRole('dialog', { name: project!.title, exact: true });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(project!.description)).toBeVisible();
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
    if (another) {
      await page.getByRole('button', { name: `Description of ${another.title}`, exact: true }).click();
      const its = page.getByRole('dialog', { name: another.title, exact: true });
      await expect(its).toContainText(another.description);
      await expect(its).not.toContainText(project!.description);
      await page.keyboard.press('Escape');
      await expect(its).toBeHidden();
    }
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});

test.describe('about page', () => {
  test('tells about the owner and the rest of what the owner wrote for it', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle(`About · ${owner.name}`);
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    // The owner's own paragraphs, in their order.
    await expect(page.getByRole('region', { name: 'About me' }).getByRole('paragraph')).toHaveText(owner.about);
    // Then their Markdown (src/content/about.md), where they wrote one: each section under its heading.
    const markdown = aboutFile();
    for (const [, heading] of markdown.matchAll(/^## (.+)$/gm)) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    for (const [, strong] of markdown.matchAll(/\*\*([^*]+)\*\*/g)) {
      await expect(page.locator('article strong').filter({ hasText: strong! })).toHaveCount(1);
    }
    await expect(page.getByRole('link', { name: 'Send me a message' })).toHaveAttribute('href', '/contact');
    await expectNoAxeViolations(page);

    // With the nav's résumé dialog open too.
    await page.getByRole('button', { name: 'Résumé' }).click();
    await expect(page.getByRole('dialog', { name: 'Résumé' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
