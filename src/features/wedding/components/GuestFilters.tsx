// The search and filters above the guest table, how many invitations they show (a live region),
// and what to do with them: clear them, or export just those.
import { type ChangeEvent, useRef } from 'react';
import Field from '../../../components/Field.tsx';
import { type Answer, type GuestFilter, NO_FILTER } from '../logic.ts';

const ANSWERS: [Answer, string][] = [
  ['Accepted', 'Accepted'],
  ['Declined', 'Declined'],
  ['N/A', 'No answer'],
];

interface GuestFiltersProps {
  filter: GuestFilter;
  /** The meal filter's choices (mealChoices). */
  meals: string[];
  filtering: boolean;
  shown: number;
  total: number;
  onChange(filter: GuestFilter): void;
  onExportShown(): void;
}

export default function GuestFilters({
  filter,
  meals,
  filtering,
  shown,
  total,
  onChange,
  onExportShown,
}: GuestFiltersProps) {
  const search = useRef<HTMLInputElement>(null);
  const update =
    (key: keyof GuestFilter) =>
    ({ target }: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      onChange({ ...filter, [key]: target.value });
  const select = (key: Exclude<keyof GuestFilter, 'name'>, label: string, options: [string, string][]) => (
    <Field as="select" id={`guest-filter-${key}`} label={label} value={filter[key]} onChange={update(key)}>
      <option value="">Any</option>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </Field>
  );

  return (
    <div className="wedding-filters" role="search" aria-label="Guest list">
      <div className="wedding-filter-fields">
        <Field
          id="guest-filter-name"
          label="Search by name"
          ref={search}
          type="search"
          value={filter.name}
          onChange={update('name')}
          autoComplete="off"
        />
        {select('rsvp', 'RSVP submitted', [
          ['Yes', 'Yes'],
          ['No', 'No'],
        ])}
        {select('wedding', 'Attending wedding', ANSWERS)}
        {select('rehearsal', 'Attending rehearsal', ANSWERS)}
        {select(
          'meal',
          'Meal choice',
          meals.map((meal) => [meal, meal]),
        )}
      </div>
      <p className="wedding-note">An invitation shows when one of its guests matches the name and every answer.</p>
      <div className="wedding-filter-status">
        <p role="status">
          Showing {shown} of {total} invitations
        </p>
        {filtering && (
          <>
            <button type="button" className="button" onClick={onExportShown}>
              Export shown ({shown})
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                onChange(NO_FILTER);
                search.current?.focus();
              }}
            >
              Clear filters
            </button>
          </>
        )}
      </div>
    </div>
  );
}
