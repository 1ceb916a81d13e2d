// Challenge a friend: a word of the answer list and the challenger's name make a link whose address
// does not show the word (challenge.ts), to copy or share. Loaded when first opened.
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useState } from 'react';
import Dialog, { FormActions } from '../../../components/Dialog.tsx';
import Field from '../../../components/Field.tsx';
import LinkShare from '../../../components/LinkShare.tsx';
import { $username } from '../../../platform/session.ts';
import { CHALLENGER_MAX, NOT_AN_ANSWER, challengeHash } from '../challenge.ts';
import { loadAnswers } from '../dictionary.ts';
import { WORD_LENGTH } from '../logic.ts';
import { NO_DICTIONARY } from '../store.ts';

export default function ChallengeDialog({ onClose }: { onClose(): void }) {
  const [word, setWord] = useState('');
  const username = useStore($username);
  const [from, setFrom] = useState(username);
  const [error, setError] = useState('');
  const [link, setLink] = useState('');

  async function make(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = word.trim().toUpperCase();
    const answers = await loadAnswers().catch(() => undefined);
    if (!answers) return setError(NO_DICTIONARY);
    if (!answers.includes(chosen)) return setError(NOT_AN_ANSWER);
    setLink(`${location.pathname}${challengeHash({ word: chosen, from })}`);
  }

  return (
    <Dialog
      id="challenge"
      title="Challenge a friend"
      onClose={onClose}
      onSubmit={(event) => void make(event)}
      actions={<FormActions cancel="Close" onCancel={onClose} submit="Make the link" />}
    >
      <p>Pick a word for a friend to guess. The link does not show it, and their game counts in no statistics.</p>
      <Field
        id="challenge-word"
        label="Word"
        data-autofocus
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={WORD_LENGTH}
        value={word}
        error={error}
        onChange={(event) => {
          setWord(event.target.value);
          setError('');
          setLink('');
        }}
      />
      <Field
        id="challenge-from"
        label="Your name"
        hint="Your friend sees whose challenge it is."
        maxLength={CHALLENGER_MAX}
        value={from}
        onChange={(event) => {
          setFrom(event.target.value);
          setLink('');
        }}
      />
      {link && (
        <LinkShare
          id="challenge"
          label="Challenge link"
          path={link}
          title="a word-game challenge"
          copied="Link copied: send it to your friend."
        />
      )}
    </Dialog>
  );
}
