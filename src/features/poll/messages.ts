// The poll's refusals that the page shows as they are, shared by the browser and the function (a
// module of its own, so the page does not load the schemas to show them).

/** The refusal of a blank name, shown on the page before anything is sent. */
export const BLANK_NAME = 'Please enter your name to vote.';

/** The refusal of an anonymous vote under an account's name (register tells as much: "already taken"). */
export const ACCOUNT_NAME = 'That name belongs to an account. Please log in to vote under it, or choose another name.';

/** The refusal of an empty ballot (issue 37), shown at the options before anything is sent. */
export const NO_OPTION = 'Pick at least one option.';

/** What a closed question says, on the page and when it refuses a vote. */
export const POLL_CLOSED = 'This poll is closed.';
