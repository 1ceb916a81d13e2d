// Who the planner chases: the invitations that have not replied and the attending guests with no
// meal, each list copied to the clipboard one line per invitation or guest (pasted into an email
// or a spreadsheet column as it is), confirmed by a toast.
import { showToast } from '../../../components/toast.ts';
import { copyText } from '../../../platform/clipboard.ts';

async function copyLines(lines: string[], noun: string): Promise<void> {
  if (await copyText(lines.join('\n'))) {
    const count = `${lines.length} ${noun}${lines.length === 1 ? '' : 's'}`;
    showToast({
      title: 'Copied',
      text: `${count} on your clipboard, one per line.`,
      variant: 'success',
      duration: 3000,
    });
  } else {
    showToast({ title: 'Not copied', text: 'Select the names and copy them instead.', variant: 'failure' });
  }
}

interface NameListProps {
  id: string;
  title: string;
  lines: string[];
  /** What one line is, for the toast: 'invitation' or 'guest'. */
  noun: string;
  empty: string;
}

function NameList({ id, title, lines, noun, empty }: NameListProps) {
  return (
    <section className="card wedding-list" aria-labelledby={id}>
      <div className="wedding-list-head">
        <h3 id={id}>
          {title} ({lines.length})
        </h3>
        {lines.length > 0 && (
          <button
            type="button"
            className="button"
            aria-label={`Copy names: ${title}`}
            onClick={() => void copyLines(lines, noun)}
          >
            Copy names
          </button>
        )}
      </div>
      {lines.length > 0 ? (
        <ul>
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="wedding-note">{empty}</p>
      )}
    </section>
  );
}

/** The two lists by name, side by side where there is room. */
export default function FollowUps({ notReplied, noMeal }: { notReplied: string[]; noMeal: string[] }) {
  return (
    <section className="wedding-follow-ups" aria-labelledby="wedding-follow-ups-title">
      <h2 id="wedding-follow-ups-title" className="visually-hidden">
        Follow-ups
      </h2>
      <NameList
        id="wedding-not-replied"
        title="Not replied yet"
        lines={notReplied}
        noun="invitation"
        empty="Every invitation has replied."
      />
      <NameList
        id="wedding-no-meal"
        title="No meal chosen"
        lines={noMeal}
        noun="guest"
        empty="Everyone attending has chosen a meal."
      />
    </section>
  );
}
