import type { CSSProperties } from 'react';

/*
 * A multiline box that grows with its text. MUI's autosizing box measures itself from script after every render,
 * which forces a layout of the whole page: opening a page with one (the coach's question box, a worksheet) paid
 * that layout inside React's commit, on a phone's CPU the longest task of the page. A browser that sizes a box
 * from CSS (`field-sizing: content`, Chromium 123 and later) does it while drawing the frame instead, with the
 * rest of the page's layout; any other browser keeps MUI's measuring.
 */
export const sizesItself = () =>
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

export type GrowingText = {
  /** For the TextField: `multiline`, with the rows MUI measures for where the browser cannot. */
  field: { multiline: true; minRows?: number; maxRows?: number };
  /** For its input (`slotProps.input`): a plain textarea where the browser sizes it, which measures nothing. */
  input: { inputComponent?: 'textarea' };
  /**
   * For the textarea itself (spread into `slotProps.htmlInput`): its size from CSS where the browser does that,
   * and no `type`, which MUI gives an input but a textarea does not take.
   */
  htmlInput: { type?: undefined; style?: CSSProperties };
};

/** A box of at least `minRows` lines that grows with its text up to `maxRows` (without end if not given). */
export function growingText({
  minRows = 1,
  maxRows,
}: { minRows?: number; maxRows?: number } = {}): GrowingText {
  if (!sizesItself()) return { field: { multiline: true, minRows, maxRows }, input: {}, htmlInput: {} };
  return {
    field: { multiline: true },
    input: { inputComponent: 'textarea' },
    htmlInput: {
      type: undefined,
      style: {
        fieldSizing: 'content',
        minHeight: `${minRows}lh`,
        ...(maxRows ? { maxHeight: `${maxRows}lh` } : {}),
      },
    },
  };
}
