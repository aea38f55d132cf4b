import type { ReactNode } from 'react';
import { Switch as BaseSwitch } from '@base-ui/react/switch';
import styles from './switch.module.css';

type SwitchProps = {
  label: ReactNode;
  description?: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
  className?: string;
};

/** An on/off setting that applies at once (a notification on or off); its label says what it turns on. */
export function Switch({ label, description, onCheckedChange, className, ...state }: SwitchProps) {
  return (
    <label className={[styles.item, className ?? ''].join(' ')} data-disabled={state.disabled || undefined}>
      <span className={styles.text}>
        <span>{label}</span>
        {description ? <span className={styles.description}>{description}</span> : null}
      </span>
      <BaseSwitch.Root
        {...state}
        onCheckedChange={onCheckedChange ? (checked) => onCheckedChange(checked) : undefined}
        className={styles.track}
      >
        <BaseSwitch.Thumb className={styles.thumb} />
      </BaseSwitch.Root>
    </label>
  );
}
