// What every scheduling poll island renders: their poll's store (../store.ts), with its actions
// bound to the poll id.
import { useStore } from '@nanostores/react';
import { type FailureLogs, editVoterName, saveVoterName, schedulingPoll, toggleChoice } from '../store.ts';

/** Reads a poll's store, which loads the poll and keeps it current as the voter toggles choices. */
export function useSchedulingPoll(pollId: string, failures: FailureLogs) {
  const poll = useStore(schedulingPoll(pollId, failures));
  return {
    ...poll,
    /** Saves the typed name unless it is blank or another voter's. */
    save: (existingVoters: string[]) => saveVoterName(pollId, existingVoters),
    edit: (typed: string) => editVoterName(pollId, typed),
    toggle: (optionId: string) => toggleChoice(pollId, optionId),
  };
}
