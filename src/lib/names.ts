// What a person's name may hold, for every name the site stores (accounts' first and last names,
// poll and scheduling voters): no control characters (C0, DEL, C1: NUL, tabs, new lines) and none
// of the invisible marks that reorder or split text (line and paragraph separators, bidirectional
// overrides and isolates), so a name can never forge a field, a line or another name's look.
const FORBIDDEN_IN_NAMES = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

export const CONTROL_CHARACTER_MESSAGE = 'Names cannot contain control characters.';

/** Tells whether `name` holds a character no name may hold. */
export function hasControlCharacter(name: string): boolean {
  return FORBIDDEN_IN_NAMES.test(name);
}
