import { describe, expect, it } from 'vitest';
import { hasControlCharacter } from './names.ts';

describe('names', () => {
  it.each([
    ['NUL', 'Ada\u0000Bob'],
    ['a new line', 'Ada\nBob'],
    ['a tab', 'Ada\tBob'],
    ['DEL', 'Ada\u007f'],
    ['a C1 control', 'Ada\u0085'],
    ['a line separator', 'Ada\u2028Bob'],
    ['a right-to-left override', '\u202Eadmin'],
    ['a bidirectional isolate', 'Ada\u2066'],
  ])('refuse %s', (_, name) => {
    expect(hasControlCharacter(name)).toBe(true);
  });

  it.each(['Ada', 'Zoë O’Brien', 'José-María', '山田 太郎', 'Ada 👩‍💻'])('accept %s', (name) => {
    expect(hasControlCharacter(name)).toBe(false);
  });
});
