/**
 * The card grids' layout (the home page's projects, the shop's pickles), from which come each
 * card picture's `sizes`: columns at least `columnRem` wide, 1.5rem apart, as many as fit in main's
 * content box (the viewport less 1rem padding each side, at most 70rem: global.css), never more
 * than there are cards: `repeat(auto-fit, minmax(min(100%, <columnRem>rem), 1fr))`.
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
  /**
   * Whether the cards fill the widest row, so the grid may use auto-fill: the same layout, but one
   * that does not hang on how many cards are parsed (with auto-fit a slow phone paints the first two
   * of eighteen two to a row, then narrows them when the third arrives: a layout shift).
   */
  fillsEveryRow: boolean;
}

/** The viewport width, in CSS pixels, from which `columns` columns fit. */
function viewportFor(columns: number, columnRem: number): number {
  return (columns * columnRem + (columns - 1) * GAP_REM + PADDING_REM) * REM_PX;
}

/**
 * Derives the pictures' `sizes`, the two-column width and the track repetition of a grid of
 * `cards` cards in `columnRem`-wide columns.
 */
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
