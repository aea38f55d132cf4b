import type { ButtonHTMLAttributes, ComponentProps, ReactNode } from 'react';
import { Button as BaseButton } from '@base-ui/react/button';
import { Link } from 'react-router';
import { Spinner } from './spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'small' | 'medium' | 'large';

type Look = {
  /** primary: the one main action of a screen or dialog; outline and ghost for the others; danger deletes. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An icon element (lucide-react) before the label; hidden from screen readers, the label names the button. */
  icon?: ReactNode;
  /** An icon element after the label. */
  endIcon?: ReactNode;
  fullWidth?: boolean;
  className?: string;
  children: ReactNode;
};

export function buttonClass({
  variant = 'primary',
  size = 'medium',
  fullWidth,
  className,
}: Pick<Look, 'variant' | 'size' | 'fullWidth' | 'className'>): string {
  return [styles.button, styles[variant], styles[size], fullWidth ? styles.fullWidth : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

function Label({
  icon,
  endIcon,
  loading,
  children,
}: Pick<Look, 'icon' | 'endIcon' | 'children'> & { loading?: boolean }) {
  return (
    <>
      {loading ? (
        <Spinner className={styles.icon} />
      ) : icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className={styles.label}>{children}</span>
      {endIcon ? (
        <span className={styles.icon} aria-hidden="true">
          {endIcon}
        </span>
      ) : null}
    </>
  );
}

export type ButtonProps = Look & {
  /** Busy: shows a spinner, cannot be pressed again, keeps its focus and its name. */
  loading?: boolean;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children'>;

/**
 * A button that does something here. `type` is "button" unless given, so it never submits a form by surprise.
 * While loading it stays in the tab order (a focused button that vanished from it would drop the person's
 * place) and says it is busy.
 */
export function Button({
  variant,
  size,
  icon,
  endIcon,
  fullWidth,
  className,
  children,
  loading = false,
  disabled,
  type = 'button',
  ...attributes
}: ButtonProps) {
  return (
    <BaseButton
      {...attributes}
      type={type}
      disabled={disabled || loading}
      focusableWhenDisabled={loading}
      aria-busy={loading || undefined}
      className={buttonClass({ variant, size, fullWidth, className })}
    >
      <Label icon={icon} endIcon={endIcon} loading={loading}>
        {children}
      </Label>
    </BaseButton>
  );
}

export type ButtonLinkProps = Look & Omit<ComponentProps<typeof Link>, 'className' | 'children'>;

/** Looks like a button, goes to another page of the app: a link, so it opens in a new tab and reads as one. */
export function ButtonLink({
  variant,
  size,
  icon,
  endIcon,
  fullWidth,
  className,
  children,
  ...attributes
}: ButtonLinkProps) {
  return (
    <Link {...attributes} className={buttonClass({ variant, size, fullWidth, className })}>
      <Label icon={icon} endIcon={endIcon}>
        {children}
      </Label>
    </Link>
  );
}
