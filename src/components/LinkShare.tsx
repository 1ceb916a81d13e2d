// Share a link (a poll's, a word-game challenge's): the address to copy (a button, and the address
// itself in a field to select where the browser refuses the clipboard), and the device's share sheet
// where the browser has one. What happened is said in the field's announced line.
import { useState } from 'react';
import Field from './Field.tsx';
import { copyText } from '../platform/clipboard.ts';

interface LinkShareProps {
  id: string;
  label: string;
  /** The link, from the site's root ('/scheduling_polls/p/…') or whole. */
  path: string;
  /** What the link is to, for screen readers and the share sheet ("Board games night"). */
  title: string;
  /** Said once the link is copied. */
  copied: string;
}

export default function LinkShare({ id, label, path, title, copied }: LinkShareProps) {
  const url = new URL(path, location.origin).href;
  const [said, setSaid] = useState('');
  const canShare = typeof navigator.share === 'function';

  async function copy(): Promise<void> {
    setSaid(
      (await copyText(url)) ? copied : 'This browser did not allow copying: select the link and copy it instead.',
    );
  }

  async function share(): Promise<void> {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is no failure; anything else falls back to the clipboard.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  }

  return (
    <Field
      id={`${id}-link`}
      label={label}
      readOnly
      value={url}
      onFocus={(event) => event.currentTarget.select()}
      live
      hint={said}
      action={
        <>
          <button type="button" className="button" onClick={() => void copy()}>
            Copy link<span className="visually-hidden"> to {title}</span>
          </button>
          {canShare && (
            <button type="button" className="button" onClick={() => void share()}>
              Share<span className="visually-hidden"> {title}</span>
            </button>
          )}
        </>
      }
    />
  );
}
