import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from '@base-ui/react/field';
import styles from './text-field.module.css';

export type FieldFrameProps = {
  /** The visible label (every input has one, WCAG 2.2). */
  label: ReactNode;
  /** A line under the control saying what goes in it; read with the control. */
  description?: ReactNode;
  /**
   * What is wrong with the value, on the field itself (the API's per-field message): drawn under the control,
   * marks it invalid and is read with it.
   */
  error?: ReactNode;
  disabled?: boolean;
  className?: string;
};

type TextFieldProps = FieldFrameProps & {
  ref?: Ref<HTMLInputElement>;
  /** Something drawn at the control's end (a unit, a button that shows a password). */
  end?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'disabled' | 'children'>;

/**
 * One line of text, on Base UI's Field: the label, the description and the error are tied to the input for
 * assistive technology by the library, not by hand. Takes the input's own attributes (name, value, onChange,
 * onBlur, ref), so a form library registers it as it would a native input.
 */
export function TextField({
  label,
  description,
  error,
  disabled,
  className,
  end,
  ref,
  ...input
}: TextFieldProps) {
  const invalid = Boolean(error);
  return (
    <Field.Root invalid={invalid} disabled={disabled} className={[styles.field, className ?? ''].join(' ')}>
      <Field.Label className={styles.label}>{label}</Field.Label>
      <div className={styles.box}>
        <Field.Control ref={ref} className={styles.control} {...input} />
        {end ? <div className={styles.end}>{end}</div> : null}
      </div>
      {description ? (
        <Field.Description className={styles.description}>{description}</Field.Description>
      ) : null}
      <Field.Error match={invalid} className={styles.error}>
        {error}
      </Field.Error>
    </Field.Root>
  );
}
