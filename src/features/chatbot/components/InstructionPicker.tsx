// How the chatbot answers: a few preset instructions and the visitor's own (SPEC section 4: the
// system instruction's text input, default 'You are a helpful assistant.'). Choosing a preset
// fills the input; typing in it makes a custom instruction, kept while a preset is chosen.
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import Field, { Choice } from '../../../components/Field.tsx';
import { INSTRUCTION_PRESETS, MAX_SYSTEM_LENGTH } from '../logic.ts';
import { $customChoice, $systemChoice } from '../store.ts';

export default function InstructionPicker() {
  const systemChoice = useStore($systemChoice);
  const input = useRef<HTMLInputElement>(null);
  const custom = !INSTRUCTION_PRESETS.some((preset) => preset.text === systemChoice);
  return (
    <>
      <fieldset className="presets">
        <legend>Answer style</legend>
        {[...INSTRUCTION_PRESETS, { name: 'Custom', text: '' }].map(({ name, text }) => (
          <Choice
            key={name}
            label={name}
            type="radio"
            name="instruction"
            checked={text ? systemChoice === text : custom}
            onChange={() => {
              $systemChoice.set(text || $customChoice.get());
              if (!text) input.current?.focus();
            }}
          />
        ))}
      </fieldset>
      <Field
        ref={input}
        id="system-input"
        label="System instruction"
        type="text"
        maxLength={MAX_SYSTEM_LENGTH}
        value={systemChoice}
        onChange={(event) => {
          $systemChoice.set(event.target.value);
          $customChoice.set(event.target.value);
        }}
        hint='Pick a style, or tell the chatbot who to be and how to answer, for example "Answer like a pirate."'
      />
    </>
  );
}
