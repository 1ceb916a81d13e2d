import { apiRequest } from '../../platform/api-client.ts';
import type { CreateVoteStatus, VoteRecord } from './schema.ts';

/** Reads a question's votes, one record per selected option. */
export async function fetchVotes(question: number): Promise<VoteRecord[]> {
  return (await apiRequest<{ allVotes: VoteRecord[] }>('poll/get-all-votes', { method: 'POST', body: { question } }))
    .allVotes;
}

/** Votes for the selected options (indices as strings). */
export async function createVote(name: string, question: number, vote: string[]): Promise<CreateVoteStatus> {
  return (
    await apiRequest<{ status: CreateVoteStatus }>('poll/create-vote', {
      method: 'POST',
      body: { name, question, vote },
    })
  ).status;
}
