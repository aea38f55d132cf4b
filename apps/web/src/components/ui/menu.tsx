import type { ReactElement, ReactNode } from 'react';
import { Menu as BaseMenu } from '@base-ui/react/menu';
import styles from './menu.module.css';

export type MenuItem =
  | {
      label: string;
      /** An icon element (lucide-react), decorative. */
      icon?: ReactNode;
      onSelect: () => void;
      disabled?: boolean;
      /** Drawn in the error colour: deletes, leaves, signs out of everywhere. */
      danger?: boolean;
    }
  | { separator: true };

type MenuProps = {
  /** A button element that opens it (a kit Button or IconButton); focus returns to it on close. */
  trigger: ReactElement;
  items: MenuItem[];
  align?: 'start' | 'center' | 'end';
};

/**
 * A list of actions behind a button: Enter, Space or ArrowDown open it on the first item, the arrows and typing
 * move, Enter chooses, Escape closes and focus returns to the button.
 */
export function Menu({ trigger, items, align = 'start' }: MenuProps) {
  return (
    <BaseMenu.Root>
      <BaseMenu.Trigger render={trigger} />
      <BaseMenu.Portal>
        <BaseMenu.Positioner className={styles.positioner} sideOffset={4} align={align}>
          <BaseMenu.Popup className={styles.popup}>
            {items.map((item, index) =>
              'separator' in item ? (
                <BaseMenu.Separator key={`separator-${index}`} className={styles.separator} />
              ) : (
                <BaseMenu.Item
                  key={item.label}
                  className={[styles.item, item.danger ? styles.danger : ''].join(' ')}
                  disabled={item.disabled}
                  onClick={item.onSelect}
                >
                  {item.icon ? (
                    <span className={styles.icon} aria-hidden="true">
                      {item.icon}
                    </span>
                  ) : null}
                  {item.label}
                </BaseMenu.Item>
              ),
            )}
          </BaseMenu.Popup>
        </BaseMenu.Positioner>
      </BaseMenu.Portal>
    </BaseMenu.Root>
  );
}
