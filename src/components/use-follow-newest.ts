import { type RefObject, useEffect } from 'react';

/** How near its bottom a list may be scrolled and still count as showing the newest. */
const NEAR_BOTTOM_PX = 48;

/**
 * Keeps a scrolling list whose newest entry is at the bottom (the chatbot's conversation, the
 * forum's messages) at its bottom while the reader is there, as what is in it changes size: an
 * answer streaming in, markdown drawn in place of its plain text, a reply box opening. Chromium and
 * Firefox hold the view still on their own (scroll anchoring); WebKit does not, and there a late
 * render above would move the message being read, and a tap on its way, down the list. Not while
 * the reader has scrolled up to read: `following` says whether the list follows its newest entry
 * now, kept by the reader's scrolling (and set by the caller when a question sent should be followed).
 */
export function useFollowNewest(list: RefObject<HTMLElement | null>, following: RefObject<boolean>): void {
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const pin = () => {
      if (following.current) element.scrollTop = element.scrollHeight;
    };
    const onScroll = () => {
      following.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    };
    const resized = new ResizeObserver(pin);
    const watchEntries = () => {
      resized.disconnect();
      for (const entry of element.children) resized.observe(entry);
    };
    const changed = new MutationObserver(watchEntries);
    watchEntries();
    changed.observe(element, { childList: true });
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      changed.disconnect();
      resized.disconnect();
    };
  }, [list, following]);
}
