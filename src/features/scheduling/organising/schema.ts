// An organiser's requests: a new poll, the console's list, a decision, a voter to take out, settings.
import * as v from 'valibot';
import { optionId, pollId, username } from '../poll/schema.ts';

/** Text of at most `max` characters, kept trimmed (the limits a person sees are newPollProblem's). */
const text = (field: string, max: number) =>
  v.optional(v.pipe(v.string(`${field} must be text.`), v.maxLength(max, `The ${field} is too long.`), v.trim()), '');

export const newPollRequest = v.object({
  title: text('title', 400),
  description: text('description', 4000),
  location: text('location', 800),
  zone: v.pipe(
    v.string('Please pick a time zone from the list.'),
    v.maxLength(64, 'Please pick a time zone from the list.'),
  ),
  days: v.pipe(
    v.array(
      v.object({
        date: v.pipe(v.string('A date must be text.'), v.maxLength(10, 'A date is YYYY-MM-DD.')),
        slots: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(5))), v.maxLength(100)), []),
      }),
      'Please pick at least one date.',
    ),
    v.maxLength(100, 'Please pick fewer dates.'),
  ),
  slotMinutes: v.optional(v.number('slotMinutes must be a number.'), 60),
});

export const pollRequest = v.object({ pollId });

/** A made poll as its organiser changed it, and how many answers they agreed may go with its removed options. */
export const editPollRequest = v.object({
  ...newPollRequest.entries,
  pollId,
  dropAnswers: v.optional(
    v.pipe(
      v.number('dropAnswers must be a number.'),
      v.integer('dropAnswers must be a whole number.'),
      v.minValue(0, 'dropAnswers must be a whole number.'),
    ),
    0,
  ),
});

export type EditPollRequest = v.InferOutput<typeof editPollRequest>;

/** The console's list: `before`, the cursor a previous page gave (`older`), for the next older page. */
export const pollsQuery = v.object({
  before: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,14}$/, 'before must be the cursor a previous page gave (older).'),
      v.transform(Number),
    ),
  ),
});

export const decideRequest = v.object({ pollId, optionId: optionId('optionId') });

/**
 * The voter to take out of a poll, named as the poll's answers name them: the one named `username`, or every one
 * who joined at or after `joinedSince` (ms).
 */
export const removeVoterRequest = v.pipe(
  v.object({
    pollId,
    username: v.optional(username),
    joinedSince: v.optional(
      v.pipe(
        v.number('joinedSince must be a time in ms.'),
        v.integer('joinedSince must be a time in ms.'),
        v.minValue(0, 'joinedSince must be a time in ms.'),
      ),
    ),
  }),
  v.check(
    (request) => (request.username === undefined) !== (request.joinedSince === undefined),
    'Give either username or joinedSince.',
  ),
);

export type RemoveVoterRequest = v.InferOutput<typeof removeVoterRequest>;

export type NewPollRequest = v.InferOutput<typeof newPollRequest>;

/** A poll's settings to change; a setting left out stays as it is. */
export const pollSettingsRequest = v.object({
  pollId,
  comments: v.optional(v.boolean('comments must be true or false.')),
  digest: v.optional(v.boolean('digest must be true or false.')),
  hideVoters: v.optional(v.boolean('hideVoters must be true or false.')),
  /** When votes close by themselves (ms), or null to take the deadline away. */
  deadline: v.optional(
    v.nullable(v.pipe(v.number('deadline must be a time in ms.'), v.integer('deadline must be a time in ms.'))),
  ),
});

export type PollSettingsRequest = v.InferOutput<typeof pollSettingsRequest>;

/** A voter as the poll's organiser sees them: how many answers, the address they left, how they were told. */
export interface OrganisedVoter {
  username: string;
  firstName?: string;
  answers: number;
  email?: string;
  /** How the decision's mail went, once the poll was finalised. */
  told?: { option: string; delivery: 'sending' | 'delivered' | 'undelivered' | 'not-sent'; note: string };
}
