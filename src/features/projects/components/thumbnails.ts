// The projects' pictures in src/content/projects/thumbnails/, by file name (the config's check made
// sure each one named is there).
import type { ImageMetadata } from 'astro';

const thumbnails = import.meta.glob<ImageMetadata>('../../../content/projects/thumbnails/*', {
  eager: true,
  import: 'default',
});

export function thumbnailOf(file: string): ImageMetadata {
  const found = Object.entries(thumbnails).find(([path]) => path.endsWith(`/${file}`))?.[1];
  if (!found) throw new Error(`projects: there is no ${file} in src/content/projects/thumbnails/`);
  return found;
}
