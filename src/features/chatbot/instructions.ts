// The system instructions the visitor picks from (SPEC section 4: the default is the spec's), each
// a sentence or two within MAX_SYSTEM_LENGTH; any other text is a custom instruction.

export const DEFAULT_SYSTEM_CHOICE = 'You are a helpful assistant.';

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
];
