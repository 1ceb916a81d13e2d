// Field.tsx's markup, rendered on the server as React renders it in an island: the one way the
// islands write a labelled control (docs/architecture.md, Islands).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Field, { Choice, type FieldProps } from './Field.tsx';

const render = (props: FieldProps) => renderToStaticMarkup(createElement(Field, props));

describe('Field (React)', () => {
  it('labels an input, describes it by its hint, and by its error while there is one', () => {
    expect(render({ id: 'email', label: 'Email', hint: 'We never share it.' })).toBe(
      '<div class="field"><label for="email">Email</label><input id="email" aria-describedby="email-hint"/>' +
        '<p id="email-hint" class="field-hint">We never share it.</p></div>',
    );
    const wrong = render({ id: 'email', label: 'Email', optional: true, error: 'Not an address.' });
    expect(wrong).toContain('<label for="email">Email<span class="optional"> (optional)</span></label>');
    expect(wrong).toContain('<input id="email" aria-describedby="email-error" aria-invalid="true"/>');
    expect(wrong).toContain('<p id="email-error" class="field-error">Not an address.</p>');
  });

  it('renders a select with its options, or a textarea, as Field.astro does with `as`', () => {
    const select = render({
      as: 'select',
      id: 'zone',
      label: 'Time zone',
      value: 'UTC',
      onChange: () => {},
      children: [createElement('option', { key: 'a' }, 'UTC'), createElement('option', { key: 'b' }, 'CET')],
    });
    expect(select).toContain('<select id="zone"><option selected="">UTC</option><option>CET</option></select>');
    const textarea = render({ as: 'textarea', id: 'text', label: 'Message', rows: 3, defaultValue: 'Hi' });
    expect(textarea).toContain('<textarea id="text" rows="3">Hi</textarea>');
  });

  it('hides the label for screen readers only, puts an action beside the control, and shows a preview in its place', () => {
    const html = render({
      id: 'name',
      label: 'Name',
      hideLabel: true,
      action: createElement('button', { type: 'submit' }, 'Save'),
    });
    expect(html).toContain('<label for="name" class="visually-hidden">Name</label>');
    expect(html).toContain('<div class="field-row"><input id="name"/><button type="submit">Save</button></div>');
    const preview = render({
      as: 'textarea',
      id: 'text',
      label: 'Message',
      preview: createElement('p', null, 'Shown'),
    });
    expect(preview).toContain('<p>Shown</p>');
    expect(preview).not.toContain('<textarea');
  });

  it('keeps a live field’s message line in place, empty or not, saying the error before the hint', () => {
    const empty = render({ id: 'name', label: 'Name', live: true });
    expect(empty).toContain('<input id="name" aria-describedby="name-status"/>');
    expect(empty).toContain('<p id="name-status" class="field-hint" role="status"></p>');
    expect(render({ id: 'name', label: 'Name', live: true, hint: 'Saved.' })).toContain(
      '<p id="name-status" class="field-hint" role="status">Saved.</p>',
    );
    const wrong = render({ id: 'name', label: 'Name', live: true, hint: 'Saved.', error: 'Taken.' });
    expect(wrong).toContain('aria-invalid="true"');
    expect(wrong).toContain('<p id="name-status" class="field-error" role="status">Taken.</p>');
  });

  it('puts a radio or checkbox in its label, the words after it', () => {
    const radio = renderToStaticMarkup(
      createElement(Choice, { label: 'Concise', type: 'radio', name: 'style', defaultChecked: true }),
    );
    expect(radio).toBe('<label><input type="radio" name="style" checked=""/> Concise</label>');
  });
});
