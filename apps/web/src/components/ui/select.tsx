import type { ReactNode } from 'react';
import { Field } from '@base-ui/react/field';
import { Select as BaseSelect } from '@base-ui/react/select';
import { Check, ChevronsUpDown } from 'lucide-react';
import type { FieldFrameProps } from './text-field';
import styles from './select.module.css';

export type SelectOption<T extends string> = { value: T; label: string; disabled?: boolean };

type SelectProps<T extends string> = FieldFrameProps & {
  options: SelectOption<T>[];
  value?: T | null;
  defaultValue?: T | null;
  onValueChange?: (value: T) => void;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  name?: string;
  required?: boolean;
};

/**
 * One choice out of a list, in a popup: Enter, Space or the arrows open it, the arrows and typing move, Enter
 * chooses, Escape closes; focus returns to the trigger. The label, description and error are the text field's.
 */
export function Select<T extends string>({
  label,
  description,
  error,
  disabled,
  className,
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  name,
  required,
}: SelectProps<T>) {
  const invalid = Boolean(error);
  return (
    <Field.Root
      invalid={invalid}
      disabled={disabled}
      name={name}
      className={[styles.field, className ?? ''].join(' ')}
    >
      <Field.Label className={styles.label} nativeLabel={false} render={<div />}>
        {label}
      </Field.Label>
      <BaseSelect.Root
        items={options}
        value={value}
        defaultValue={defaultValue}
        required={required}
        onValueChange={onValueChange ? (next) => next !== null && onValueChange(next as T) : undefined}
      >
        <BaseSelect.Trigger className={styles.trigger}>
          <BaseSelect.Value className={styles.value} placeholder={placeholder} />
          <BaseSelect.Icon className={styles.icon}>
            <ChevronsUpDown aria-hidden="true" />
          </BaseSelect.Icon>
        </BaseSelect.Trigger>
        <BaseSelect.Portal>
          <BaseSelect.Positioner className={styles.positioner} sideOffset={4} alignItemWithTrigger={false}>
            <BaseSelect.Popup className={styles.popup}>
              <BaseSelect.List className={styles.list}>
                {options.map((option) => (
                  <BaseSelect.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    className={styles.item}
                  >
                    <BaseSelect.ItemIndicator className={styles.itemIndicator}>
                      <Check aria-hidden="true" />
                    </BaseSelect.ItemIndicator>
                    <BaseSelect.ItemText>{option.label}</BaseSelect.ItemText>
                  </BaseSelect.Item>
                ))}
              </BaseSelect.List>
            </BaseSelect.Popup>
          </BaseSelect.Positioner>
        </BaseSelect.Portal>
      </BaseSelect.Root>
      {description ? (
        <Field.Description className={styles.description}>{description as ReactNode}</Field.Description>
      ) : null}
      <Field.Error match={invalid} className={styles.error}>
        {error}
      </Field.Error>
    </Field.Root>
  );
}
