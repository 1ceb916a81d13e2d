// Code the flows run inside the page, the same in every engine: the drivers send each function's
// source to the page (driver.ts), so each must use nothing from outside its own body.

/** The roles the flows look for, as the elements that have them implicitly. */
export type Role = keyof typeof ROLE_SELECTORS;
/** The elements that have each role, implicitly or by an attribute; sent to findElement with each query. */
export const ROLE_SELECTORS = {
  alert: '[role=alert]',
  article: 'article, [role=article]',
  button: 'button, input[type=button], input[type=submit], [role=button]',
  cell: 'td, [role=cell], [role=gridcell]',
  checkbox: 'input[type=checkbox], [role=checkbox]',
  columnheader: 'th[scope=col], thead th, [role=columnheader]',
  combobox: 'select, [role=combobox]',
  dialog: 'dialog, [role=dialog], [role=alertdialog]',
  form: 'form[aria-label], form[aria-labelledby], [role=form]',
  group: 'fieldset, details, [role=group]',
  heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
  img: 'img, [role=img]',
  link: 'a[href], [role=link]',
  list: 'ul, ol, [role=list]',
  listitem: 'li, [role=listitem]',
  log: '[role=log]',
  main: 'main, [role=main]',
  navigation: 'nav, [role=navigation]',
  radio: 'input[type=radio], [role=radio]',
  region: 'section[aria-label], section[aria-labelledby], [role=region]',
  row: 'tr, [role=row]',
  rowheader: 'th[scope=row], [role=rowheader]',
  spinbutton: 'input[type=number], [role=spinbutton]',
  status: 'output, [role=status]',
  table: 'table, [role=table], [role=grid]',
  textbox:
    'input:not([type]), input[type=text], input[type=email], input[type=password], input[type=search], textarea, [role=textbox]',
};

/** An accessible name to match: the whole name, or a pattern (sent as its source and flags). */
export type NameMatch = string | { pattern: string; flags: string };

/** One step of a query: an element by its role and accessible name, or by a CSS selector and its text. */
export type Step = { role: Role; name?: NameMatch } | { css: string; text?: NameMatch };

/** Finds, step by step, an element inside the one the step before found: the first that shows. */
export interface Query {
  steps: Step[];
}

/** The query for an element by its role and accessible name (a RegExp matches part of it). */
export function byRole(role: Role, name?: string | RegExp): Query {
  return { steps: [{ role, ...(name === undefined ? {} : { name: nameMatch(name) }) }] };
}

/** The query for an element by a CSS selector, and optionally its text. */
export function byCss(css: string, text?: string | RegExp): Query {
  return { steps: [{ css, ...(text === undefined ? {} : { text: nameMatch(text) }) }] };
}

/** `inner` looked for inside what `outer` finds. */
export function inside(outer: Query, inner: Query): Query {
  return { steps: [...outer.steps, ...inner.steps] };
}

function nameMatch(name: string | RegExp): NameMatch {
  return typeof name === 'string' ? name : { pattern: name.source, flags: name.flags };
}

/** Finds the element `query` describes, or null, with `roles` the ROLE_SELECTORS. Runs in the page. */
export function findElement(query: Query, roles: Record<string, string>): Element | null {
  const normalise = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  // Text as a name is computed: what is hidden (the hidden attribute, aria-hidden, display: none) is left out.
  const textOf = (element: Element): string => {
    const parts: string[] = [];
    const walk = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
      if (!(node instanceof Element)) return;
      if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return;
      if (getComputedStyle(node).display === 'none') return;
      node.childNodes.forEach(walk);
    };
    element.childNodes.forEach(walk);
    return normalise(parts.join(''));
  };
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) {
      return normalise(
        labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id))
          .map((labelling) => (labelling ? textOf(labelling) : ''))
          .join(' '),
      );
    }
    const label = element.getAttribute('aria-label');
    if (label) return normalise(label);
    if (
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
    ) {
      const fromLabel = element.labels?.[0];
      if (fromLabel) return textOf(fromLabel);
      return normalise(element.getAttribute('placeholder') ?? element.getAttribute('title'));
    }
    if (element instanceof HTMLImageElement) return normalise(element.alt);
    if (element instanceof HTMLTableElement && element.caption) return textOf(element.caption);
    const legend = element instanceof HTMLFieldSetElement ? element.querySelector(':scope > legend') : null;
    if (legend) return textOf(legend);
    return textOf(element);
  };
  const matches = (value: string, match: NameMatch | undefined) =>
    match === undefined ||
    (typeof match === 'string' ? value === match : new RegExp(match.pattern, match.flags).test(value));
  const shows = (element: Element) =>
    element instanceof HTMLDialogElement
      ? element.open
      : element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';

  let found: Element | null = null;
  for (const step of query.steps) {
    const scope: ParentNode = found ?? document;
    const candidates = [...scope.querySelectorAll('css' in step ? step.css : roles[step.role]!)].filter((element) => {
      if ('role' in step) {
        const explicit = element.getAttribute('role');
        // An explicit role replaces the element's own: a button with role=tab is a tab.
        if (explicit && explicit !== step.role && !(step.role === 'dialog' && explicit === 'alertdialog')) return false;
        return matches(nameOf(element), step.name);
      }
      return matches(textOf(element), step.text);
    });
    found = candidates.find(shows) ?? null;
    if (!found) return null;
  }
  return found;
}

/** The errors the page reported (tests/engines/proxy.ts's collector). Runs in the page. */
export function pageErrors(): string[] {
  return JSON.parse(document.documentElement.dataset.engineErrors ?? '["the error collector did not run"]') as string[];
}
