import type { ReactNode } from 'react';
import './outlined-field.css';

/**
 * The outline of an outlined field (outlined-field.css): a fieldset over the field's box whose legend, a copy of
 * the label hidden from screen readers, cuts the notch the floated label sits in.
 */
export function FieldOutline({ label, className }: { label: ReactNode; className?: string }) {
  return (
    <fieldset
      aria-hidden="true"
      className={className ? `outlined-field__outline ${className}` : 'outlined-field__outline'}
    >
      <legend>
        <span>{label}</span>
      </legend>
    </fieldset>
  );
}
