import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { PlainIcon } from './plain-icon';
import './plain.css';
import './plain-button.css';

/**
 * MUI's Button, primary colour, as a native `<button>` or a router link with no styled component behind it
 * (decision 057): each MUI Button is three or four styled components (the button, its icon's span, the icon,
 * the ripple) whose styles are serialized in the first commit of the screen that draws it. For the buttons of
 * a first screen; dialogs and later screens keep MUI's.
 */
export type PlainButtonLook = {
  variant?: 'text' | 'outlined' | 'contained';
  size?: 'small' | 'medium' | 'large';
  /** A Material icon's path (components/icon-paths.ts) before the label. */
  startIcon?: string;
  /** A Material icon's path after the label. */
  endIcon?: string;
  className?: string;
  children: ReactNode;
};

function lookClass({ variant = 'text', size = 'medium', className }: PlainButtonLook) {
  const classes = ['plain-button', `plain-button--${variant}`];
  if (size !== 'medium') classes.push(`plain-button--${size}`);
  if (className) classes.push(className);
  return classes.join(' ');
}

function Label({ startIcon, endIcon, children }: PlainButtonLook) {
  return (
    <>
      {startIcon ? (
        <span className="plain-button__icon plain-button__icon--start">
          <PlainIcon d={startIcon} />
        </span>
      ) : null}
      {children}
      {endIcon ? (
        <span className="plain-button__icon plain-button__icon--end">
          <PlainIcon d={endIcon} />
        </span>
      ) : null}
    </>
  );
}

/** The look's props apart from the element's own attributes, which go to the element as they are. */
function splitLook<T extends PlainButtonLook>(props: T) {
  const { variant, size, startIcon, endIcon, className, children, ...attributes } = props;
  return { look: { variant, size, startIcon, endIcon, className, children }, attributes };
}

type ButtonProps = PlainButtonLook & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children'>;

/** A button that does something here; `type` is "button" unless given, as MUI's. */
export function PlainButton(props: ButtonProps) {
  const { look, attributes } = splitLook(props);
  return (
    <button type="button" {...attributes} className={lookClass(look)}>
      <Label {...look} />
    </button>
  );
}

type LinkProps = PlainButtonLook & { to: string } & Omit<
    AnchorHTMLAttributes<HTMLAnchorElement>,
    'className' | 'children' | 'href'
  >;

/** A button that goes to another page of the app: a link, so it opens in a new tab and reads as one. */
export function PlainButtonLink(props: LinkProps) {
  const { look, attributes } = splitLook(props);
  return (
    <Link {...attributes} className={lookClass(look)}>
      <Label {...look} />
    </Link>
  );
}
