import { displayName } from '../logic.ts';
import type { Voter } from '../schema.ts';

/** The voters of one option as badges, or 'No votes'. */
export default function VoterBadges({ voters }: { voters: Voter[] }) {
  if (voters.length === 0) return <span className="sched-none">No votes</span>;
  return (
    <ul className="sched-badges">
      {voters.map((voter, index) => (
        // Two voters may share a name (an account and an earlier, deleted one of the name).
        <li key={`${index}:${voter.username}`} className="sched-badge">
          {displayName(voter)}
        </li>
      ))}
    </ul>
  );
}
