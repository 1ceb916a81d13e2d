// A project's write-up (src/content/projects/<id>.md) is its Markdown body alone: the site config
// names the project, its links, picture and stack (src/content/site.config.ts).
import { z } from 'astro/zod';

export const PROJECT_PAGE_FIELDS = z.strictObject({});
