import type { ReactNode } from 'react';
import { Field } from '@base-ui/react/field';
import { Fieldset } from '@base-ui/react/fieldset';
import { Radio } from '@base-ui/react/radio';
import { RadioGroup as BaseRadioGroup } from '@base-ui/react/radio-group';
import styles from './radio-group.module.css';

export type RadioOption<T extends string> = {
  value: T;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
};

type RadioGroupProps<T extends string> = {
  /** The question the options answer, drawn as the group's legend. */
  label: ReactNode;
  options: RadioOption<T>[];
  value?: T;
  defaultValue?: T;
  onValueChange?: (value: T) => void;
  name?: string;
  error?: ReactNode;
  disabled?: boolean;
  /** Options side by side where there is room; a column otherwise. */
  direction?: 'column' | 'row';
  className?: string;
};

/**
 * One choice out of a few, all visible (more than ~6, use a Select). Tab enters the group on the chosen option,
 * the arrow keys move and choose (Base UI's roving focus).
 */
export function RadioGroup<T extends string>({
  label,
  options,
  value,
  defaultValue,
  onValueChange,
  name,
  error,
  disabled,
  direction = 'column',
  className,
}: RadioGroupProps<T>) {
  const invalid = Boolean(error);
  return (
    <Field.Root
      name={name}
      invalid={invalid}
      disabled={disabled}
      className={[styles.field, className ?? ''].join(' ')}
    >
      <Fieldset.Root
        render={
          <BaseRadioGroup
            value={value}
            defaultValue={defaultValue}
            onValueChange={onValueChange ? (next) => onValueChange(next as T) : undefined}
          />
        }
        className={[styles.group, styles[direction]].join(' ')}
      >
        <Fieldset.Legend className={styles.legend}>{label}</Fieldset.Legend>
        {options.map((option) => (
          <Field.Item key={option.value} disabled={option.disabled}>
            <Field.Label className={styles.item}>
              <Radio.Root value={option.value} className={styles.radio}>
                <Radio.Indicator className={styles.indicator} />
              </Radio.Root>
              <span className={styles.text}>
                <span>{option.label}</span>
                {option.description ? <span className={styles.description}>{option.description}</span> : null}
              </span>
            </Field.Label>
          </Field.Item>
        ))}
      </Fieldset.Root>
      <Field.Error match={invalid} className={styles.error}>
        {error}
      </Field.Error>
    </Field.Root>
  );
}
