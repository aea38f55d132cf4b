import type { ReactNode } from 'react';
import { Checkbox as BaseCheckbox } from '@base-ui/react/checkbox';
import { Check, Minus } from 'lucide-react';
import styles from './checkbox.module.css';

type CheckboxProps = {
  label: ReactNode;
  description?: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  /** Some but not all of what it stands for (a "select all" over a partly selected list). */
  indeterminate?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
  value?: string;
  className?: string;
};

/** A checkbox with its label beside it; the whole label toggles it, Space toggles it from the keyboard. */
export function Checkbox({ label, description, onCheckedChange, className, ...state }: CheckboxProps) {
  return (
    <label className={[styles.item, className ?? ''].join(' ')} data-disabled={state.disabled || undefined}>
      <BaseCheckbox.Root
        {...state}
        onCheckedChange={onCheckedChange ? (checked) => onCheckedChange(checked) : undefined}
        className={styles.box}
      >
        <BaseCheckbox.Indicator className={styles.indicator}>
          {state.indeterminate ? <Minus aria-hidden="true" /> : <Check aria-hidden="true" />}
        </BaseCheckbox.Indicator>
      </BaseCheckbox.Root>
      <span className={styles.text}>
        <span>{label}</span>
        {description ? <span className={styles.description}>{description}</span> : null}
      </span>
    </label>
  );
}
