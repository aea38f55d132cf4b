import type { ButtonHTMLAttributes } from 'react';
import './app-layout.css';

/** Above this the badge says "99+". */
const BADGE_MAX = 99;

/**
 * An icon button for the app bar (AppLayout's `appBarActions`, such as the notification bell), drawn like the
 * rest of the shell with plain elements and app-layout.css, with a count in the error colour at its top right
 * when `badge` is above 0. The button's name must carry the count: the badge
 * is not read out.
 */
export function AppBarIconButton({
  badge = 0,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { badge?: number }) {
  return (
    <button type="button" className="shell__control shell__icon-button shell__bar-action" {...button}>
      <span className="shell__badged">
        {children}
        {badge > 0 ? (
          <span className="shell__badge" aria-hidden="true">
            {badge > BADGE_MAX ? `${BADGE_MAX}+` : badge}
          </span>
        ) : null}
      </span>
    </button>
  );
}
