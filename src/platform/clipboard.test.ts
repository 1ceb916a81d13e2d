import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard.ts';

describe('copyText', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers true when the clipboard took the text, false when the browser refused or has none', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new DOMException('denied'));
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyText('one')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('one');
    expect(await copyText('two')).toBe(false);
    vi.stubGlobal('navigator', {});
    expect(await copyText('three')).toBe(false);
  });
});
