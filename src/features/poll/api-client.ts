import { apiRequest } from '../../platform/api-client.ts';
import type { CreateVoteStatus, PollState } from './schema.ts';

/** Reads a question's votes, one record per selected option, whether it is closed and when it closes by itself. */
export async function fetchPoll(question: number): Promise<PollState> {
  const { allVotes, closed, endsAt } = await apiRequest<PollState>('poll/get-all-votes', {
    method: 'POST',
    body: { question },
  });
  return { allVotes, closed, endsAt };
}

/** Votes for the selected options (indices as strings), with a bot pass when not signed in. */
export async function createVote(
  name: string,
  question: number,
  vote: string[],
  botPass?: string,
): Promise<CreateVoteStatus> {
  return (
    await apiRequest<{ status: CreateVoteStatus }>('poll/create-vote', {
      method: 'POST',
      body: { name, question, vote },
      botPass,
    })
  ).status;
}

/** Closes the question (the owner's), or reopens it; answers whether it is now closed. */
export async function setPollClosed(question: number, closed: boolean): Promise<boolean> {
  return (await apiRequest<{ closed: boolean }>('poll/set-closed', { method: 'POST', body: { question, closed } }))
    .closed;
}

/**
 * Sets the time (ms) the question closes by itself (the owner's), or takes it away with null; answers the time now set.
 */
export async function setPollEnd(question: number, endsAt: number | null): Promise<number | null> {
  return (await apiRequest<{ endsAt: number | null }>('poll/set-end', { method: 'POST', body: { question, endsAt } }))
    .endsAt;
}
