// Questions to start an empty conversation with: one click sends one. The first asks about the
// owner's work under the "Ask about my work" preset, which it chooses; the others keep the
// visitor's instruction. On the page's first load, so kept to a few strings.
import { MY_WORK_CHOICE } from '../logic.ts';
import { $systemChoice, sendQuestion } from '../store.ts';
import { loadMarkdown } from '../../../components/markdown/renderer.ts';

interface Starter {
  question: string;
  /** The instruction it is asked under, when it needs its own. */
  choice?: string;
}

export const STARTERS: readonly Starter[] = [
  { question: 'What has the owner of this site built?', choice: MY_WORK_CHOICE },
  { question: 'Explain JavaScript closures with a small example.' },
  { question: 'What makes a web page accessible?' },
  { question: 'Write a haiku about clean code.' },
];

export default function StarterPrompts() {
  return (
    <ul className="starters" aria-label="Questions to start with">
      {STARTERS.map(({ question, choice }) => (
        <li key={question}>
          <button
            type="button"
            className="button"
            onClick={() => {
              if (choice) $systemChoice.set(choice);
              void loadMarkdown();
              void sendQuestion(question);
            }}
          >
            {question}
          </button>
        </li>
      ))}
    </ul>
  );
}
