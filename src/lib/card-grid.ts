/**
 * The card grids (the home page's projects, the shop's pickles) are laid out alike: columns at
 * least `columnRem` wide with 1.5rem between them, as many as fit in main's content box, never more
 * than there are cards:
 *
 *   grid-template-columns: repeat(auto-fit, minmax(min(100%, <columnRem>rem), 1fr));
 *   gap: calc(var(--space) * 1.5);
 *
 * or, when the cards fill even the widest row (fillsEveryRow), with auto-fill: the same layout,
 * but one that does not hang on how many cards the browser has parsed. A slow phone paints what it
 * has so far, and with auto-fit the first two of eighteen cards would be painted two to a row, then
 * narrowed when the third arrives (a layout shift).
 *
 * main's content box is the viewport less 1rem of padding each side, at most 70rem (global.css).
 * From that layout come the width each card's picture is shown at, for its `sizes` attribute, and
 * the viewport width from which a second card shares the first row.
 */
const REM_PX = 16;
const GAP_REM = 1.5;
const PADDING_REM = 2;
const MAX_CONTENT_REM = 70;

export interface CardGrid {
  /** The `sizes` attribute of a card's picture: its column's width at every viewport width. */
  sizes: string;
  /** The viewport width, in CSS pixels, from which the grid shows two cards a row. */
  twoColumnsFrom: number;
  /** Whether the cards fill the widest row, so the grid may keep its empty tracks (auto-fill) while cards arrive. */
  fillsEveryRow: boolean;
}

/** The viewport width, in CSS pixels, from which `columns` columns fit. */
function viewportFor(columns: number, columnRem: number): number {
  return (columns * columnRem + (columns - 1) * GAP_REM + PADDING_REM) * REM_PX;
}

/** Derives the pictures' `sizes`, the two-column width and the track repetition of a grid of `cards` cards in `columnRem`-wide columns. */
export function cardGrid(columnRem: number, cards: number): CardGrid {
  const fit = Math.floor((MAX_CONTENT_REM + GAP_REM) / (columnRem + GAP_REM));
  const most = Math.max(1, Math.min(cards, fit));
  const widest = Math.ceil(((MAX_CONTENT_REM - (most - 1) * GAP_REM) / most) * REM_PX);
  const widths = [`(min-width: ${(MAX_CONTENT_REM + PADDING_REM) * REM_PX}px) ${widest}px`];
  for (let columns = most; columns > 1; columns--) {
    const gutters = (columns - 1) * GAP_REM + PADDING_REM;
    widths.push(`(min-width: ${viewportFor(columns, columnRem)}px) calc((100vw - ${gutters}rem) / ${columns})`);
  }
  widths.push(`calc(100vw - ${PADDING_REM}rem)`);
  return { sizes: widths.join(', '), twoColumnsFrom: viewportFor(2, columnRem), fillsEveryRow: cards >= fit };
}
