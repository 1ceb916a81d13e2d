// The site config's check: the owner's config passes, and each kind of mistake is named by its field.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as siteConfig from './site.config.ts';
import { siteConfigProblems } from './site-config.schema.ts';

const pictureExists = (file: string) => existsSync(new URL(`projects/thumbnails/${file}`, import.meta.url));
const config = { ...siteConfig };
const problemsWith = (change: (copy: typeof config) => void) => {
  const copy = structuredClone(config);
  change(copy);
  return siteConfigProblems(copy, pictureExists);
};

describe('the site config check', () => {
  it('finds nothing wrong with the config as it is', () => {
    expect(siteConfigProblems(config, pictureExists)).toEqual([]);
  });

  it('names a missing or empty name', () => {
    expect(problemsWith((copy) => delete (copy.owner as { name?: string }).name)).toEqual(['owner.name: is missing']);
    expect(problemsWith((copy) => (copy.owner.name = '  '))).toEqual(['owner.name: must not be empty']);
  });

  it('names a bad address', () => {
    for (const url of ['github.com/me', 'http://linkedin.com/in/me', 'mailto:me', 'javascript:alert(1)']) {
      expect(problemsWith((copy) => (copy.owner.links = [{ label: 'Me', url }]))).toEqual([
        'owner.links[0].url: must be a full https address, like https://example.com/me, or mailto:me@example.com',
      ]);
    }
    const link = (label: string, url: string) => ({ label, url });
    const three = [
      link('Site', 'https://me.example'),
      link('Mastodon', 'https://social.example/@me'),
      link('Mail', 'mailto:me@example.com'),
    ];
    expect(problemsWith((copy) => (copy.owner.links = three))).toEqual([]);
    expect(problemsWith((copy) => (copy.owner.links = [...three, link('More', 'https://more.example')]))).toEqual([
      'owner.links: takes at most 3: the nav has room for three',
    ]);
    expect(problemsWith((copy) => (copy.owner.email = 'me at home'))).toEqual([
      'owner.email: must be an email address, like me@example.com',
    ]);
    expect(problemsWith((copy) => (copy.projects[0]!.demo = 'www.example.com'))).toEqual([
      'projects[0].demo: must be a page of this site (like /chatbot) or a full https address',
    ]);
  });

  it('names an unknown feature and lists the known ones', () => {
    expect(problemsWith((copy) => Object.assign(copy.features, { newsletter: true }))).toEqual([
      'features.newsletter: is not a field of features (the features are shop, wordGame, chatbot, forum, poll, scheduling, wedding, blog)',
    ]);
    expect(problemsWith((copy) => Object.assign(copy.features, { shop: 'no' }))).toEqual([
      'features.shop: must be true or false',
    ]);
  });

  it('takes the poll closed or not, and nothing else there', () => {
    expect(problemsWith((copy) => Object.assign(copy.poll, { closed: true }))).toEqual([]);
    expect(problemsWith((copy) => Object.assign(copy.poll, { closed: false }))).toEqual([]);
    expect(problemsWith((copy) => Object.assign(copy.poll, { closed: 'yes' }))).toEqual([
      'poll.closed: must be true or false',
    ]);
  });

  it('names a thumbnail that is not there and two projects with one id', () => {
    expect(problemsWith((copy) => (copy.projects[1]!.thumbnail = 'missing.png'))).toEqual([
      'projects[1].thumbnail: there is no missing.png in src/content/projects/thumbnails/',
    ]);
    expect(problemsWith((copy) => (copy.projects[1]!.id = copy.projects[0]!.id))).toEqual([
      'projects: two projects share an id',
    ]);
  });
});
