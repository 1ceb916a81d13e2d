// Writing: /blog lists the owner's posts newest first, each post has its page (date, reading time,
// tags, code highlighted at build, the newer and older post, its own link-preview card), each tag a
// page, and the RSS feed and sitemap list every post. Drafts are never built.
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { tagPath } from '../../src/lib/tags.ts';
import { features, switchedOff, writtenPosts } from '../site-config.ts';
import { test } from './fixtures.ts';
import { expectNoAxeViolations } from './helpers.ts';

const SITE = 'https://example.netlify.app'; // astro.config.mjs default (SITE_URL unset in tests)
const posts = writtenPosts().filter((post) => !post.draft);
const drafts = writtenPosts().filter((post) => post.draft);

test.describe('the blog', () => {
  test.skip(!features.blog, switchedOff('blog'));

  test('lists the posts newest first, each with its date and reading time, linked to its page', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Follow the RSS feed' })).toHaveAttribute('href', '/rss.xml');
    const items = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) });
    if (posts.length === 0) await expect(page.getByText('No posts yet.')).toBeVisible();
    await expect(items.getByRole('heading', { level: 2 })).toHaveText(posts.slice(0, 10).map((post) => post.title));
    for (const [index, post] of posts.slice(0, 10).entries()) {
      const item = items.nth(index);
      await expect(item.locator('time')).toHaveAttribute('datetime', post.published.toISOString().slice(0, 10));
      await expect(item).toContainText(/\d+ min read/);
      await expect(item.getByRole('link', { name: post.title })).toHaveAttribute('href', `/blog/${post.id}`);
    }
    await expectNoAxeViolations(page);
  });

  for (const [index, post] of posts.entries()) {
    test(`"${post.title}" has its page: date, tags, the newer and older post, and its own card`, async ({
      page,
      request,
    }) => {
      await page.goto(`/blog/${post.id}`);
      const article = page.getByRole('article');
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(post.title);
      await expect(article.locator('time').first()).toHaveAttribute(
        'datetime',
        post.published.toISOString().slice(0, 10),
      );
      const tags = article.getByRole('list', { name: 'Tags' }).getByRole('link');
      await expect(tags).toHaveText(post.tags);
      for (const [at, tag] of post.tags.entries()) await expect(tags.nth(at)).toHaveAttribute('href', tagPath(tag));
      const more = page.getByRole('navigation', { name: 'More posts' });
      const older = posts[index + 1];
      const newer = posts[index - 1];
      if (older) await expect(more.getByRole('link', { name: `Older post ${older.title}` })).toBeVisible();
      if (newer) await expect(more.getByRole('link', { name: `Newer post ${newer.title}` })).toBeVisible();
      // Highlighted at build: the code's words carry classes, and nothing on the page a style attribute.
      if (post.hasCode) expect(await article.locator('pre span[class^="code-"]').count()).toBeGreaterThan(0);
      expect(await page.locator('[style]').count()).toBe(0);

      const card = `/blog/${post.id}/card.png`;
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${SITE}${card}`);
      const response = await request.get(card);
      expect(response.headers()['content-type']).toBe('image/png');
      expect(await sharp(await response.body()).metadata()).toMatchObject({ width: 1200, height: 630 });
      if (index === 0) await expectNoAxeViolations(page);
    });
  }

  test("a tag's page lists its posts, and a post's tag link leads there", async ({ page }) => {
    const post = posts.find((each) => each.tags.length > 0);
    if (!post) return expect(posts.flatMap((each) => each.tags)).toEqual([]);
    await page.goto(`/blog/${post.id}`);
    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: post.tags[0] }).click();
    await expect(page).toHaveURL(tagPath(post.tags[0]!));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tagged “${post.tags[0]}”`);
    const listed = page.getByRole('region', { name: 'Posts' }).getByRole('heading', { level: 3 });
    await expect(listed).toContainText([post.title]);
    await expectNoAxeViolations(page);
  });

  test('the RSS feed lists every post, and every page links to it', async ({ page, request }) => {
    const feed = await request.get('/rss.xml');
    expect(feed.ok()).toBe(true);
    const xml = await feed.text();
    expect(xml).toMatch(/^<\?xml/);
    const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((match) => match[1]);
    expect(links).toEqual(posts.map((post) => `${SITE}/blog/${post.id}`));
    for (const path of ['/', '/about', '/blog']) {
      await page.goto(path);
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
        'href',
        '/rss.xml',
      );
    }
  });

  test('search finds a post by its title', async ({ page }) => {
    const post = posts[0];
    if (!post) return expect(posts).toEqual([]);
    await page.goto(`/search?q=${encodeURIComponent(post.title)}`);
    await expect(page.locator('[data-search-results]').getByRole('link', { name: post.title })).toHaveAttribute(
      'href',
      `/blog/${post.id}`,
    );
  });

  test('the sitemap lists every post; no draft is built', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const post of posts) expect(sitemap).toContain(`<loc>${SITE}/blog/${post.id}</loc>`);
    for (const draft of drafts) {
      expect((await request.get(`/blog/${draft.id}`)).status()).toBe(404);
      expect(sitemap).not.toContain(`/blog/${draft.id}<`);
    }
  });
});
