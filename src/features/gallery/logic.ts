// The 3D gallery's rules (SPEC sections 2, 3, 4 and 9): six groups of eight images on a ring,
// turned 45 degrees at a time; Next and the right arrow decrease the angle, Previous and the left
// arrow increase it.

export const GALLERY_GROUPS = [
  'Farm',
  'Finished_Products',
  'Harvest',
  'Preparation',
  'The_Crops',
  'The_Process',
] as const;
export type GalleryGroup = (typeof GALLERY_GROUPS)[number];

export const IMAGES_PER_GROUP = 8;
export const STEP_DEGREES = 360 / IMAGES_PER_GROUP; // 45

/** Names a group for people: 'Finished_Products' → 'Finished Products'. */
export function groupLabel(group: GalleryGroup): string {
  return group.replaceAll('_', ' ');
}

/** Returns the ring's angle after one turn: Next decreases it by 45 degrees, Previous increases it. */
export function turn(angle: number, direction: 'next' | 'previous'): number {
  return direction === 'next' ? angle - STEP_DEGREES : angle + STEP_DEGREES;
}

/** Returns which image (0 to 7) faces the viewer at `angle` (image i sits at i × 45 degrees). */
export function frontImage(angle: number): number {
  const steps = Math.round(-angle / STEP_DEGREES);
  return ((steps % IMAGES_PER_GROUP) + IMAGES_PER_GROUP) % IMAGES_PER_GROUP;
}

/** Maps a key to a turn: ArrowRight is Next, ArrowLeft is Previous; other keys do nothing. */
export function turnForKey(key: string): 'next' | 'previous' | undefined {
  if (key === 'ArrowRight') return 'next';
  if (key === 'ArrowLeft') return 'previous';
  return undefined;
}
