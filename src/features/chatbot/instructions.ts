// The system instructions the visitor picks from (SPEC section 4: the default is the spec's), each
// a sentence or two within MAX_SYSTEM_LENGTH; any other text is a custom instruction. One preset,
// "Ask about my work", is the server's: the page names it (the request's `preset`) and the server
// gives the model the owner's material in its place (my-work.ts), a prompt far past
// MAX_SYSTEM_LENGTH that no visitor can make up.

export const DEFAULT_SYSTEM_CHOICE = 'You are a helpful assistant.';

/** The presets whose instruction the server writes, by the name a request gives them. */
export const SERVER_PRESETS = ['my-work'] as const;
export type ServerPreset = (typeof SERVER_PRESETS)[number];

/** What the picker's field shows while "Ask about my work" is chosen (the server's prompt goes in its place). */
export const MY_WORK_CHOICE =
  "Answer questions about the site owner's work from their own material: projects, about and résumé.";

/**
 * The system fields of a request for the chosen instruction: the text, and the server's preset
 * when the choice is one (the text then only says what it is).
 */
export function systemFields(choice: string): { userSystemChoice: string; preset?: ServerPreset } {
  return choice === MY_WORK_CHOICE ? { userSystemChoice: choice, preset: 'my-work' } : { userSystemChoice: choice };
}

export interface InstructionPreset {
  /** What the picker shows. */
  name: string;
  /** The system instruction the model is given. */
  text: string;
}

export const INSTRUCTION_PRESETS: readonly InstructionPreset[] = [
  { name: 'Helpful assistant', text: DEFAULT_SYSTEM_CHOICE },
  {
    name: 'Concise',
    text: 'You are a helpful assistant. Answer in as few words as will do: no preamble, no repetition.',
  },
  {
    name: "Explain like I'm new to programming",
    text: 'You are a patient teacher. Explain as to someone new to programming: plain words, each technical term defined, and a small example.',
  },
  {
    name: 'Code reviewer',
    text: 'You are a senior code reviewer. Name bugs, security problems and unclear code first, most serious first, then show the corrected code.',
  },
  { name: 'Ask about my work', text: MY_WORK_CHOICE },
];
