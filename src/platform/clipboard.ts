// The one way the site puts text on the clipboard. The browser may refuse (no permission, the page
// not focused, an insecure page where the clipboard is absent): each caller then says what to do
// instead, in its own words and place (a toast, a status line).

/** Puts `text` on the clipboard; answers whether the browser let it. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
