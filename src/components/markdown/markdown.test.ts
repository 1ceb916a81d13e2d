// The markdown renderer's output, rendered on the server as React renders it in the browser.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MENTIONS_YOU, readerMentions } from '../../lib/mentions.ts';
import Markdown, { safeUrl } from './Markdown.tsx';

const render = (text: string, headingLevel?: number, mentionOf?: string) =>
  renderToStaticMarkup(
    createElement(Markdown, {
      headingLevel,
      children: text,
      ...(mentionOf === undefined
        ? {}
        : {
            highlight: {
              parts: (part: string) => readerMentions(part, mentionOf),
              className: 'mention-you',
              said: MENTIONS_YOU,
            },
          }),
    }),
  );

describe('Markdown', () => {
  it('marks what the page highlights (mentions of the reader, in any letter case), never in code, linking nowhere', () => {
    const html = render(
      'Hi @Ada and @bob, see `@ada` and\n\n```\n@ada\n```\n\n**@ada** [x](https://e.com) me@ada.org',
      2,
      'ada',
    );
    const marked = '<mark class="mention-you">@Ada<span class="visually-hidden"> (mentions you)</span></mark>';
    expect(html).toContain(`<p>Hi ${marked} and @bob, see <code>@ada</code> and</p>`);
    expect(html).toContain(
      '<strong><mark class="mention-you">@ada<span class="visually-hidden"> (mentions you)</span></mark></strong>',
    );
    expect(html.match(/<mark/g)).toHaveLength(2);
    expect(html).not.toMatch(/<a[^>]*>@/);
    // Nobody signed in: nothing is marked.
    expect(render('Hi @ada')).not.toContain('<mark');
    expect(render('Hi @ada', 2, 'bob')).toBe('<div class="markdown"><p>Hi @ada</p></div>');
  });

  it('renders paragraphs, lists, emphasis, inline code, quotes and tables', () => {
    const html = render(
      'A **bold** and *soft* `x` word.\n\n- one\n- two\n\n1. first\n\n> quoted\n\n| a | b |\n| - | - |\n| 1 | 2 |',
    );
    expect(html).toContain('<p>A <strong>bold</strong> and <em>soft</em> <code>x</code> word.</p>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<ol>\n<li>first</li>\n</ol>');
    expect(html).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>');
    expect(html).toMatch(/<div class="table-scroll" tabindex="0"><table><thead><tr><th>a<\/th><th>b<\/th>/);
    expect(html).toContain('<td>1</td><td>2</td>');
  });

  it('keeps a line break as written', () => {
    expect(render('Roses are red,\nviolets are blue.')).toContain('<p>Roses are red,<br/>\nviolets are blue.</p>');
  });

  it('highlights fenced code in a known language, with its name and a Copy button', () => {
    const html = render('```js\nconst answer = 42; // yes\n```');
    expect(html).toContain(
      '<span>js</span><button type="button" class="code-copy" aria-label="Copy code">Copy</button>',
    );
    expect(html).toContain('<pre tabindex="0"><code class="language-js hljs">');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('<span class="hljs-number">42</span>');
    expect(html).toContain('<span class="hljs-comment">// yes</span>');
  });

  it('leaves code in an unknown or no language plain', () => {
    expect(render('```klingon\nqapla\n```')).toContain('<code class="language-klingon">qapla\n</code>');
    expect(render('```\n<b>x</b>\n```')).toContain('<span>code</span>');
    expect(render('```\n<b>x</b>\n```')).toContain('<code>&lt;b&gt;x&lt;/b&gt;\n</code>');
  });

  it('opens http, https and mailto links in a new tab, without the opener, referrer or endorsement', () => {
    for (const url of ['https://example.com/a?b=c', 'http://example.com/', 'mailto:someone@example.com']) {
      expect(render(`[site](${url})`)).toContain(
        `<a href="${url.replace('&', '&amp;')}" target="_blank" rel="noopener noreferrer nofollow">site<span class="visually-hidden"> (opens in a new tab)</span></a>`,
      );
    }
    expect(render('<https://example.com>')).toContain('href="https://example.com/"');
  });

  it('links a project card of the home page as a same-site link, in the same tab', () => {
    expect(render('See [the card](/#project-tea-shop).')).toContain('<a href="/#project-tea-shop">the card</a>');
    expect(safeUrl('/#project-word-game')).toBe('/#project-word-game');
  });

  it('makes no link of any other address: script, data, relative, protocol tricks', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java%0ascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '/account',
      '//evil.example/x',
      '/#project-x"onclick',
      '/#project-',
      '/account#project-x',
      '#project-x',
    ]) {
      const html = render(`[click](${url})`);
      expect(html, url).not.toContain('<a');
      expect(html, url).toContain('click');
    }
    expect(safeUrl('java\tscript:alert(1)')).toBeUndefined();
    expect(safeUrl('https://example.com')).toBe('https://example.com/');
  });

  it('shows raw HTML as text: no element, no handler, no script', () => {
    const html = render('<img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n<div onclick="x()">hi</div>');
    expect(html).not.toMatch(/<(img|script|div onclick)/);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain('&lt;script&gt;');
  });

  it('loads no image, showing its description instead', () => {
    const html = render('![a red barn](https://example.com/barn.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain('<span class="image-alt">a red barn</span>');
  });

  it('fits headings into the page outline from the level given, without gaps', () => {
    expect(render('# Top\n\n### Deep\n\n###### Deepest')).toBe(
      '<div class="markdown"><h2>Top</h2>\n<h3>Deep</h3>\n<h4>Deepest</h4></div>',
    );
    expect(render('### Only', 3)).toBe('<div class="markdown"><h3>Only</h3></div>');
    expect(render('# a\n## b\n### c\n#### d\n##### e\n###### f')).toContain('<h6>e</h6>\n<h6>f</h6>');
  });
});
