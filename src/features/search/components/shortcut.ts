// The `/` key opens search from any page (the nav's Search link says so with aria-keyshortcuts),
// unless the visitor is typing; on the search page it puts the focus in the box.

function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

export function wireSearchShortcut(): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (typingIn(event.target) || document.querySelector('dialog[open]')) return;
    event.preventDefault();
    const box = document.querySelector<HTMLInputElement>('#search-query');
    if (box) box.focus();
    else location.assign('/search');
  });
}
