// Search in every engine: `/` opens it from any page with the focus in its box; typing shows the
// matching pages (Pagefind, loaded then and not before), which the keyboard reaches and follows.
import { projects } from '../site-config.ts';
import { expect, test } from './fixtures.ts';
import { byCss, byRole, inside } from './in-page.ts';

const project = projects[0]!;

test('`/` opens search; a project is found by its title, and followed from the keyboard', async ({ site }) => {
  await site.goto('/about');
  // Nothing of the search's is loaded on a page without it.
  const pagefindLoaded = () =>
    site.run(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/pagefind/')));
  expect(await pagefindLoaded()).toBe(false);
  await site.leave(() => site.type('/'));
  expect(await site.run(() => location.pathname)).toBe('/search');
  const box = byRole('textbox', 'Search posts, projects and the about page');
  await expect.poll(() => site.read(box, (element) => element === document.activeElement)).toBe(true);
  expect(await pagefindLoaded()).toBe(false);

  await site.type(project.title);
  const status = byCss('[data-search-status]');
  await site.expectText(status, /\d+ pages? found for/);
  const result = inside(byCss('[data-search-results]'), byRole('link', project.title));
  await site.expectVisible(result);
  expect(await site.read(result, (link) => link.getAttribute('href'))).toBe(`/projects/${project.id}`);
  expect(await site.run(() => new URLSearchParams(location.search).get('q'))).toBe(project.title);
  expect(await site.axeViolations()).toEqual([]);

  // The results follow the box in the tab order; Enter follows the first.
  const first = await site.read(byCss('[data-search-results] a'), (link) => link.getAttribute('href'));
  await site.press('Tab');
  expect(await site.run(() => document.activeElement?.getAttribute('href'))).toBe(first);
  await site.leave(() => site.press('Enter'));
  expect(await site.run(() => location.pathname)).toBe(first);
  expect(await site.errors()).toEqual([]);
});

test('a search nothing matches says so', async ({ site }) => {
  await site.goto('/search?q=xyzzyplugh');
  await site.expectText(byCss('[data-search-status]'), 'Nothing found for “xyzzyplugh”.');
  expect(await site.errors()).toEqual([]);
});
