// Turns the gallery ring (buttons and arrow keys) and swaps groups, loading a group's images only
// when it is chosen (the first group's are in the page, Gallery.astro). The angle is set through a
// CSS custom property (the CSP allows no inline style).
import { IMAGES_PER_GROUP, frontImage, turn, turnForKey } from '../logic.ts';

interface GalleryImage {
  src: string;
  srcset: string;
  alt: string;
}

/** Binds the group buttons, Previous and Next, and the left/right arrow keys. */
export function mountGallery(root: HTMLElement): void {
  const ring = root.querySelector<HTMLElement>('[data-ring]')!;
  const status = root.querySelector<HTMLElement>('[data-status]')!;
  const panels = [...ring.querySelectorAll<HTMLElement>('.panel')];
  const groupButtons = [...root.querySelectorAll<HTMLButtonElement>('[data-group]')];
  const groupImages = JSON.parse(
    root.querySelector<HTMLElement>('[data-group-images]')?.dataset.groupImages ?? '{}',
  ) as Record<string, GalleryImage[]>;
  let angle = 0;
  let label = groupButtons[0]?.dataset.label ?? '';

  function show(): void {
    ring.style.setProperty('--angle', `${angle}deg`);
    const front = frontImage(angle);
    panels.forEach((panel, index) => panel.toggleAttribute('aria-current', index === front));
    status.textContent = `${label}: image ${front + 1} of ${IMAGES_PER_GROUP}`;
  }

  function rotate(direction: 'next' | 'previous'): void {
    angle = turn(angle, direction);
    show();
  }

  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-turn]')) {
    button.addEventListener('click', () => rotate(button.dataset.turn === 'next' ? 'next' : 'previous'));
  }

  /** Puts a group's images into the panels; one already there stays. */
  function load(button: HTMLButtonElement): void {
    const images = groupImages[button.dataset.group ?? ''] ?? [];
    panels.forEach((panel, index) => {
      const img = panel.querySelector('img')!;
      const image = images[index];
      if (!image || img.getAttribute('src') === image.src) return;
      img.srcset = image.srcset;
      img.src = image.src;
      img.alt = image.alt;
    });
  }

  for (const button of groupButtons) {
    button.addEventListener('click', () => {
      load(button);
      for (const other of groupButtons) other.setAttribute('aria-pressed', String(other === button));
      label = button.dataset.label ?? '';
      angle = 0;
      show();
    });
  }

  document.addEventListener('keydown', (event) => {
    const direction = turnForKey(event.key);
    const target = event.target as HTMLElement | null;
    // Arrow keys keep their meaning inside fields and menus, and with modifiers.
    if (!direction || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (target?.closest('input, textarea, select, [contenteditable], dialog[open], [role="menu"]')) return;
    event.preventDefault();
    rotate(direction);
  });
}
