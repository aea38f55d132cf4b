import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Button as BaseButton } from '@base-ui/react/button';
import styles from './icon-button.module.css';

export type IconButtonProps = {
  /** The button's name: what pressing it does ("Close", "Open the menu"). Required, an icon has no words. */
  label: string;
  /** An icon element (lucide-react). */
  icon: ReactNode;
  size?: 'small' | 'medium' | 'large';
  variant?: 'ghost' | 'outline' | 'primary';
  className?: string;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children' | 'aria-label'>;

/** A button drawn as an icon alone, named by `label`; 40 px square by default, never under 32 px. */
export function IconButton({
  label,
  icon,
  size = 'medium',
  variant = 'ghost',
  className,
  type = 'button',
  ...attributes
}: IconButtonProps) {
  return (
    <BaseButton
      {...attributes}
      type={type}
      aria-label={label}
      className={[styles.iconButton, styles[size], styles[variant], className ?? ''].join(' ')}
    >
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
    </BaseButton>
  );
}
