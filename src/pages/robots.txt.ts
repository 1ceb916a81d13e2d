// robots.txt: everything public may be crawled; the API is not for crawlers. Private pages say
// `noindex` themselves (crawlers must be allowed to fetch them to see it).
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) =>
  new Response(
    ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${new URL('/sitemap.xml', site)}`, ''].join('\n'),
    {
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    },
  );
