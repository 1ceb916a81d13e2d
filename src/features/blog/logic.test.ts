import { describe, expect, it } from 'vitest';
import { builtPosts, neighbours, postPath, readingMinutes } from './logic.ts';
import { POST_FIELDS } from './schema.ts';

const post = (id: string, published: string, draft = false) => ({
  id,
  data: { title: id, description: id, published: new Date(published), tags: [], draft },
});

describe('the posts built', () => {
  const posts = [post('old', '2026-01-02'), post('draft', '2026-05-01', true), post('new', '2026-03-04')];

  it('are newest first, without drafts in production', () => {
    expect(builtPosts(posts, false).map(({ id }) => id)).toEqual(['new', 'old']);
  });

  it('include drafts where the dev server shows them', () => {
    expect(builtPosts(posts, true).map(({ id }) => id)).toEqual(['draft', 'new', 'old']);
  });

  it('know their neighbours: the newer one before, the older one after', () => {
    const built = builtPosts(posts, false);
    expect(neighbours(built, 'new')).toEqual({ newer: undefined, older: built[1] });
    expect(neighbours(built, 'old')).toEqual({ newer: built[0], older: undefined });
    expect(postPath('new')).toBe('/blog/new');
  });
});

describe('reading time', () => {
  it('counts words at 220 a minute, leaving code blocks out, and is at least a minute', () => {
    expect(readingMinutes('one two three')).toBe(1);
    expect(readingMinutes(Array(660).fill('word').join(' '))).toBe(3);
    expect(
      readingMinutes(`${Array(220).fill('word').join(' ')}\n\`\`\`ts\n${Array(2000).fill('x').join(' ')}\n\`\`\``),
    ).toBe(1);
  });
});

describe("a post's front matter", () => {
  const fields = { title: 'A post', description: 'About it', published: '2026-10-14' };

  it('takes the fields a post has, with tags and draft defaulted', () => {
    expect(POST_FIELDS.parse(fields)).toEqual({ ...fields, published: new Date('2026-10-14'), tags: [], draft: false });
  });

  it.each([
    [{ ...fields, published: 'someday' }, 'published'],
    [{ ...fields, title: ' ' }, 'title'],
    [{ ...fields, tags: 'redis' }, 'tags'],
    [{ ...fields, draft: 'yes' }, 'draft'],
    [{ ...fields, auther: 'me' }, ''],
  ])('refuses a bad field, naming it (%o)', (input, field) => {
    const result = POST_FIELDS.safeParse(input);
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path.join('.') || ('keys' in issue ? String(issue.keys) : '')).toBe(field || 'auther');
  });
});
