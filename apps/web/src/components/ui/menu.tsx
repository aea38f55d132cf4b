import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router';
import { Menu as BaseMenu } from '@base-ui/react/menu';
import { Check } from 'lucide-react';
import styles from './menu.module.css';

type ItemLook = {
  label: string;
  /** An icon element (lucide-react), decorative. */
  icon?: ReactNode;
  disabled?: boolean;
  /** Drawn in the error colour: deletes, leaves, signs out of everywhere. */
  danger?: boolean;
};

export type MenuItem =
  | (ItemLook & { onSelect: () => void })
  /** Goes to another page of the app: a router link (`menuitem` with an `href`), closing the menu. */
  | (ItemLook & { to: string })
  | { separator: true }
  /** One of a few settings, the chosen one checked (`menuitemradio`), under a visible label. */
  | {
      choice: string;
      value: string;
      onValueChange: (value: string) => void;
      options: Array<{ value: string; label: string; icon?: ReactNode }>;
    };

type MenuProps = {
  /** A button element that opens it (a kit Button or IconButton); focus returns to it on close. */
  trigger: ReactElement;
  items: MenuItem[];
  align?: 'start' | 'center' | 'end';
  /** Words at the top that are not an action (whose account this is). */
  header?: ReactNode;
  /** Open when first drawn: a menu whose code was fetched when its button was pressed. */
  defaultOpen?: boolean;
};

function Icon({ icon }: { icon?: ReactNode }) {
  return icon ? (
    <span className={styles.icon} aria-hidden="true">
      {icon}
    </span>
  ) : null;
}

function MenuEntry({ item }: { item: MenuItem }) {
  if ('separator' in item) return <BaseMenu.Separator className={styles.separator} />;
  if ('choice' in item) {
    return (
      <BaseMenu.Group>
        <BaseMenu.GroupLabel className={styles.groupLabel}>{item.choice}</BaseMenu.GroupLabel>
        <BaseMenu.RadioGroup value={item.value} onValueChange={(value: string) => item.onValueChange(value)}>
          {item.options.map((option) => (
            <BaseMenu.RadioItem
              key={option.value}
              value={option.value}
              className={styles.item}
              closeOnClick={false}
            >
              <Icon icon={option.icon} />
              <span className={styles.label}>{option.label}</span>
              <BaseMenu.RadioItemIndicator className={styles.indicator}>
                <Check aria-hidden="true" />
              </BaseMenu.RadioItemIndicator>
            </BaseMenu.RadioItem>
          ))}
        </BaseMenu.RadioGroup>
      </BaseMenu.Group>
    );
  }
  const className = [styles.item, item.danger ? styles.danger : ''].join(' ');
  if ('to' in item) {
    return (
      <BaseMenu.LinkItem
        className={className}
        closeOnClick
        render={<Link to={item.to} />}
        aria-disabled={item.disabled || undefined}
      >
        <Icon icon={item.icon} />
        {item.label}
      </BaseMenu.LinkItem>
    );
  }
  return (
    <BaseMenu.Item className={className} disabled={item.disabled} onClick={item.onSelect}>
      <Icon icon={item.icon} />
      {item.label}
    </BaseMenu.Item>
  );
}

/**
 * A list of actions behind a button: Enter, Space or ArrowDown open it on the first item, the arrows and typing
 * move, Enter chooses, Escape closes and focus returns to the button. Items act, go to a page, or choose one of
 * a few settings.
 */
export function Menu({ trigger, items, align = 'start', header, defaultOpen }: MenuProps) {
  return (
    <BaseMenu.Root defaultOpen={defaultOpen}>
      <BaseMenu.Trigger render={trigger} />
      <BaseMenu.Portal>
        <BaseMenu.Positioner className={styles.positioner} sideOffset={4} align={align}>
          <BaseMenu.Popup className={styles.popup}>
            {header ? <div className={styles.header}>{header}</div> : null}
            {items.map((item, index) => (
              <MenuEntry
                key={'separator' in item ? `separator-${index}` : 'choice' in item ? item.choice : item.label}
                item={item}
              />
            ))}
          </BaseMenu.Popup>
        </BaseMenu.Positioner>
      </BaseMenu.Portal>
    </BaseMenu.Root>
  );
}
