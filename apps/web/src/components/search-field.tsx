import { useId, useRef } from 'react';
import type { InputHTMLAttributes } from 'react';
import { iconPaths } from './icon-paths';
import { PlainIcon } from './plain-icon';
import { FieldOutline } from './field-outline';
import './plain.css';
import './search-field.css';

type SearchFieldProps = {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** What "Clear search" does; by default it empties the field. */
  onClear?: () => void;
  /** A search icon before the text; the label then always sits on the outline, as MUI's does. */
  searchIcon?: boolean;
  /** Small is the sidebar's: less padding, a smaller icon and clear button. */
  size?: 'small' | 'medium';
  /** The input's own attributes (a length limit, the keyboard's Enter label). */
  htmlInput?: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'id'>;
};

/**
 * A search box with one "Clear search" button of our own, shown while there is text; clearing leaves the focus
 * in the box. Browsers draw their own clear button in search inputs (Chromium and Safari do, Firefox does not);
 * it is hidden so there is never two. Escape in a box with text clears it as the button does, in every browser,
 * and is marked as used (`preventDefault`): a container that checks the mark stays open (the AI workspace's
 * drawer; MUI's Dialog does not check it). Escape in an empty box is left to what the box sits in.
 *
 * MUI's outlined TextField with its adornments, as plain elements (decision 059): the AI workspace's sidebar
 * draws it, and as a TextField it brought MUI's form controls, select and inputs (about 9 KB brotli) onto that
 * screen's first load. The same markup and look: the label floating onto the outline while the input has focus
 * or text, or always when the search icon stands where it would be.
 */
export function SearchField({
  label,
  value,
  onValueChange,
  onClear,
  searchIcon,
  size = 'medium',
  htmlInput,
}: SearchFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const classes = ['outlined-field', 'search-field'];
  if (size === 'small') classes.push('outlined-field--small');
  if (searchIcon || value !== '') classes.push('outlined-field--floated');
  const clear = () => {
    if (onClear) onClear();
    else onValueChange('');
    // The clear button goes with the text: the focus stays in the box, ready for the next search.
    input.current?.focus();
  };
  const boxClasses = ['outlined-field__box'];
  if (searchIcon) boxClasses.push('search-field__box--start');
  if (value) boxClasses.push('search-field__box--end');
  return (
    <div className={classes.join(' ')}>
      <label className="outlined-field__label" htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <div className={boxClasses.join(' ')}>
        {searchIcon ? (
          <div className="search-field__adornment search-field__adornment--start">
            {/* MUI's zero-width space, which gives the row a text baseline (notranslate: Google Translate breaks it). */}
            <span className="notranslate" aria-hidden="true">
              {'\u200b'}
            </span>
            <PlainIcon d={iconPaths.search} className="search-field__icon" />
          </div>
        ) : null}
        <input
          {...htmlInput}
          ref={input}
          id={id}
          type="search"
          className="outlined-field__input search-field__input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          onKeyDown={(event) => {
            htmlInput?.onKeyDown?.(event);
            if (event.key !== 'Escape' || value === '' || event.defaultPrevented) return;
            // An Escape that ends an input method's composition is the input method's.
            if (event.nativeEvent.isComposing) return;
            // Chromium's own Escape would empty the box without the page's clearing (onClear): ours does both.
            event.preventDefault();
            clear();
          }}
        />
        {value ? (
          <div className="search-field__adornment search-field__adornment--end">
            <button
              type="button"
              className={`plain-button plain-icon-button search-field__clear${size === 'small' ? ' plain-icon-button--small' : ''}`}
              aria-label="Clear search"
              onClick={clear}
            >
              <PlainIcon d={iconPaths.close} className="search-field__icon" />
            </button>
          </div>
        ) : null}
        <FieldOutline label={label} />
      </div>
    </div>
  );
}
