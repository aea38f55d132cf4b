import { useCallback, useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { RefObject, TextareaHTMLAttributes } from 'react';
import { sizesItself } from './growing-text';
import { FieldOutline } from './field-outline';
import './plain-text-area.css';

export type PlainTextAreaProps = {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Small is the phone's: less padding around the text. */
  size?: 'small' | 'medium';
  /** The box is at least this many lines high, and grows with its text up to `maxRows` (without end if not given). */
  minRows?: number;
  maxRows?: number;
  /** The textarea, for whoever moves the focus to it. */
  inputRef?: RefObject<HTMLTextAreaElement | null>;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'className' | 'rows' | 'style'>;

/**
 * MUI's outlined, multiline TextField as plain elements, for a first screen (decision 058): the TextField is six
 * styled components (the form control, the label, the input's box, the textarea, the outline and its legend)
 * whose styles are serialized in the commit that draws it. The same markup and look, the label floating onto the
 * outline while the box has focus or text; the growing of `components/growing-text.ts`.
 */
export function PlainTextArea({
  label,
  value,
  onValueChange,
  size = 'medium',
  minRows = 1,
  maxRows,
  disabled,
  inputRef,
  id: idOverride,
  ...textarea
}: PlainTextAreaProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const ref = inputRef ?? ownRef;
  const growsItself = sizesItself();

  const classes = ['outlined-field', 'plain-text-area'];
  if (size === 'small') classes.push('outlined-field--small');
  if (value !== '') classes.push('outlined-field--floated');
  if (disabled) classes.push('plain-text-area--disabled');
  return (
    <div className={classes.join(' ')}>
      <label className="outlined-field__label" htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <div className="outlined-field__box plain-text-area__box">
        <textarea
          {...textarea}
          ref={ref}
          id={id}
          className="outlined-field__input plain-text-area__input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          disabled={disabled}
          style={
            growsItself
              ? {
                  fieldSizing: 'content',
                  minHeight: `${minRows}lh`,
                  ...(maxRows ? { maxHeight: `${maxRows}lh` } : {}),
                }
              : undefined
          }
        />
        {growsItself ? null : (
          <MeasuredGrowth
            inputRef={ref}
            value={value}
            minRows={minRows}
            maxRows={maxRows}
            placeholder={textarea.placeholder}
          />
        )}
        <FieldOutline label={label} />
      </div>
    </div>
  );
}

/**
 * Where the browser cannot size a box from CSS (no `field-sizing`), its height is measured after each change and
 * when its width changes, as MUI's autosizing box does: a hidden copy of the box at the same width is given the
 * text (or, empty, the placeholder) and its scroll height read. At least `minRows` lines, at most `maxRows`,
 * scrolling beyond. Not the box itself: collapsed to measure, a box scrolled down kept its old scroll height.
 */
function useMeasuredGrowth(
  ref: RefObject<HTMLTextAreaElement | null>,
  shadowRef: RefObject<HTMLTextAreaElement | null>,
  value: string,
  { minRows, maxRows, placeholder }: { minRows: number; maxRows?: number; placeholder?: string },
) {
  const measure = useCallback(() => {
    const box = ref.current;
    const shadow = shadowRef.current;
    if (!box || !shadow) return;
    shadow.style.width = getComputedStyle(box).width;
    shadow.value = 'x';
    const line = shadow.scrollHeight;
    shadow.value = box.value || placeholder || 'x';
    const content = shadow.scrollHeight;
    const most = maxRows ? maxRows * line : Infinity;
    box.style.height = `${Math.min(Math.max(content, minRows * line), most)}px`;
    box.style.overflow = content > most ? '' : 'hidden';
  }, [ref, shadowRef, minRows, maxRows, placeholder]);

  useLayoutEffect(() => {
    measure();
  }, [measure, value]);

  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    let width = box.clientWidth;
    const observer = new ResizeObserver(() => {
      if (box.clientWidth === width) return;
      width = box.clientWidth;
      measure();
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [measure, ref]);
}

/** The measuring copy, rendered only where the box cannot size itself. */
function MeasuredGrowth({
  inputRef,
  value,
  ...sizing
}: {
  inputRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  minRows: number;
  maxRows?: number;
  placeholder?: string;
}) {
  const shadowRef = useRef<HTMLTextAreaElement | null>(null);
  useMeasuredGrowth(inputRef, shadowRef, value, sizing);
  return (
    <textarea
      ref={shadowRef}
      aria-hidden="true"
      className="outlined-field__input plain-text-area__input plain-text-area__measure"
      readOnly
      tabIndex={-1}
    />
  );
}
