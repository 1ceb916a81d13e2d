// The state both scheduling poll islands share: who votes (the member, or a saved anonymous
// name), the poll's options, this voter's choices, everyone's votes, and toggling a choice.
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../auth/api-client.ts';
import { $user } from '../../auth/store.ts';
import type { VoteChange } from '../api-client.ts';
import { NAME_TAKEN, type Voter, anonymousVoter, nameTaken, voterKey, votersByOption } from '../polls.ts';
import type { ChoiceResponse } from '../schema.ts';
import { claimSecretFor, rememberClaim, saveName, savedName } from '../voter-storage.ts';

export interface PollApi<Option> {
  fetchOptions(pollId: string): Promise<Option[]>;
  fetchChoices(pollId: string, username: string): Promise<string[]>;
  fetchVotes(pollId: string): Promise<{ option: string; user: Voter }[]>;
  change(change: 'add' | 'remove', optionId: string, body: VoteChange): Promise<ChoiceResponse>;
  /** What each failed fetch logs (SPEC section 8). */
  failures: { options: string; choices: string; votes: string };
}

const BLANK_NAME = 'Please enter your name.';

/** The anonymous name form's state, and the voter name votes go under ('' while none). */
function useVoter(pollId: string) {
  const user = useStore($user);
  const [typed, setTyped] = useState(() => savedName(pollId));
  const [saved, setSaved] = useState(() => savedName(pollId).trim() !== '');
  const [error, setError] = useState('');
  const voter = user.username || (saved ? anonymousVoter(typed) : '');

  return {
    member: user.username ? user : undefined,
    voter,
    name: { typed, saved, error },
    /** Saves the typed name unless it is blank or another voter's (a name this browser claimed is its own). */
    save(existingVoters: string[]) {
      const candidate = anonymousVoter(typed);
      if (!typed.trim()) return setError(BLANK_NAME);
      if (!claimSecretFor(pollId, voterKey(candidate)) && nameTaken(typed, existingVoters)) return setError(NAME_TAKEN);
      saveName(pollId, typed.trim());
      setSaved(true);
      setError('');
    },
    edit(value: string) {
      setTyped(value);
      setSaved(false);
      setError('');
    },
    /** The server said the name belongs to someone else. */
    refuse() {
      setSaved(false);
      setError(NAME_TAKEN);
    },
  };
}

/** Loads a poll and keeps it current as the voter toggles choices. */
export function useSchedulingPoll<Option>(pollId: string, api: PollApi<Option>) {
  const who = useVoter(pollId);
  const { voter } = who;
  const [options, setOptions] = useState<Option[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [votes, setVotes] = useState<{ option: string; user: Voter }[] | null>(null);

  const loadVotes = useCallback(async () => {
    try {
      setVotes(await api.fetchVotes(pollId));
    } catch (error) {
      console.error('An error has occurred', api.failures.votes, error);
      setVotes((known) => known ?? []);
    }
  }, [api, pollId]);

  useEffect(() => {
    api
      .fetchOptions(pollId)
      .then(setOptions)
      .catch((error: unknown) => {
        console.error('An error has occurred', api.failures.options, error);
        setOptions([]);
      });
    void loadVotes();
  }, [api, pollId, loadVotes]);

  // The voter's choices load before voting opens, so a click never races them.
  const [choicesFor, setChoicesFor] = useState('');

  useEffect(() => {
    setSelected(new Set());
    setChoicesFor('');
    if (!voter) return;
    let current = true;
    api
      .fetchChoices(pollId, voter)
      .then((ids) => {
        if (!current) return;
        setSelected(new Set(ids));
        setChoicesFor(voter);
      })
      .catch((error: unknown) => console.error('An error has occurred', api.failures.choices, error));
    return () => {
      current = false;
    };
  }, [api, pollId, voter]);

  // Changes go out one at a time, so a quick second click carries the secret the first one claimed.
  const queue = useRef(Promise.resolve());

  function toggle(optionId: string): Promise<void> {
    if (!voter || choicesFor !== voter) return Promise.resolve();
    const change = selected.has(optionId) ? 'remove' : 'add';
    const update = (add: boolean) =>
      setSelected((now) => {
        const next = new Set(now);
        if (add) next.add(optionId);
        else next.delete(optionId);
        return next;
      });
    update(change === 'add');
    const send = async () => {
      const key = voterKey(voter);
      try {
        const answer = await api.change(change, optionId, {
          pollId,
          username: voter,
          claimSecret: who.member ? undefined : claimSecretFor(pollId, key),
        });
        if (answer.claimSecret) rememberClaim(pollId, key, answer.claimSecret);
      } catch (error) {
        update(change !== 'add');
        if (error instanceof ApiError && error.status === 409) who.refuse();
        else console.error('An error has occurred', error);
      }
      await loadVotes();
    };
    queue.current = queue.current.then(send);
    return queue.current;
  }

  return {
    ...who,
    canVote: voter !== '' && choicesFor === voter,
    /** Null until the options and the votes have both arrived, so the page renders once. */
    options: votes === null ? null : options,
    selected,
    /** Who chose each option, by option id. */
    voters: votersByOption(
      votes ?? [],
      (vote) => vote.option,
      (vote) => vote.user,
    ),
    toggle,
    voterNames: [...new Set((votes ?? []).map((v) => v.user.username))],
  };
}
