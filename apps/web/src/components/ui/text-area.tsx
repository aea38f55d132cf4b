import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field } from '@base-ui/react/field';
import type { FieldFrameProps } from './text-field';
import styles from './text-area.module.css';

type TextAreaProps = FieldFrameProps & {
  ref?: Ref<HTMLTextAreaElement>;
  /** Lines shown before it scrolls; it grows with its text between `rows` and this (CSS field-sizing). */
  maxRows?: number;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'disabled' | 'children'>;

/** Several lines of text on Base UI's Field, with the text field's label, description and error. */
export function TextArea({
  label,
  description,
  error,
  disabled,
  className,
  ref,
  rows = 3,
  maxRows = 12,
  style,
  ...textarea
}: TextAreaProps) {
  const invalid = Boolean(error);
  return (
    <Field.Root invalid={invalid} disabled={disabled} className={[styles.field, className ?? ''].join(' ')}>
      <Field.Label className={styles.label}>{label}</Field.Label>
      <Field.Control
        render={
          <textarea
            ref={ref}
            rows={rows}
            {...textarea}
            style={{ ...style, maxHeight: `calc(${maxRows} * 1.5em + 2 * var(--space-1))` }}
          />
        }
        className={styles.control}
      />
      {description ? (
        <Field.Description className={styles.description}>{description}</Field.Description>
      ) : null}
      <Field.Error match={invalid} className={styles.error}>
        {error}
      </Field.Error>
    </Field.Root>
  );
}
