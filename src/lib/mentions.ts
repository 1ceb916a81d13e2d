// Mentions of members in a text: '@' and a name a username may be (src/features/auth/schema.ts
// USERNAME_PATTERN; a test holds them equal), found the same way in plain text and in markdown
// (src/components/markdown), so the reader sees their name highlighted wherever it is written.

/** The name in a mention: a username as register allows it. */
export const MENTIONABLE = /^[A-Za-z0-9_.-]{3,32}$/;
const MENTION = /@([A-Za-z0-9_.-]+)/g;

/** A piece of a text: as written, or a mention of a member by name (`@name`). */
export type TextPart = { text: string; mention?: undefined } | { text: string; mention: string };

/**
 * Splits a text into what is written and its mentions: '@' and a name a username may be, not
 * inside a word or an address (me@example.com), a full stop after the name ending the sentence.
 */
export function mentionParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let shown = 0;
  for (const match of text.matchAll(MENTION)) {
    const start = match.index;
    if (start > 0 && /[\w.+@-]/.test(text[start - 1]!)) continue;
    const name = match[1]!.replace(/\.+$/, '');
    if (!MENTIONABLE.test(name)) continue;
    if (start > shown) parts.push({ text: text.slice(shown, start) });
    parts.push({ text: `@${name}`, mention: name });
    shown = start + 1 + name.length;
  }
  if (shown < text.length || parts.length === 0) parts.push({ text: text.slice(shown) });
  return parts;
}

/** Whether a mention names the reader (usernames are the same in any letter case); nobody is named when signed out. */
export function mentionsReader(mention: string, username: string): boolean {
  return username !== '' && mention.toLowerCase() === username.toLowerCase();
}

/** What a screen reader hears after a mention of the reader, which the page also highlights. */
export const MENTIONS_YOU = ' (mentions you)';

/** The text's parts, the mentions of the reader marked (none when signed out). */
export function readerMentions(text: string, username: string): { text: string; marked?: boolean }[] {
  return mentionParts(text).map((part) =>
    part.mention && mentionsReader(part.mention, username) ? { text: part.text, marked: true } : { text: part.text },
  );
}
