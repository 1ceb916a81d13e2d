// The HTML files of a finished build, for the integrations that read or rewrite them.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every .html file under `root` (dist/), as paths. */
export function builtPages(root: string): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}
