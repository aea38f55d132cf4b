import type { ReactNode } from 'react';
import { Tabs as BaseTabs } from '@base-ui/react/tabs';
import styles from './tabs.module.css';

export type Tab<T extends string> = { value: T; label: ReactNode; content: ReactNode; disabled?: boolean };

type TabsProps<T extends string> = {
  /** Names the tab list for screen readers ("Mission sections"). */
  label: string;
  tabs: Tab<T>[];
  value?: T;
  defaultValue?: T;
  onValueChange?: (value: T) => void;
  className?: string;
};

/**
 * Sections of one page, one shown at a time: Tab goes to the chosen tab, the arrow keys move between tabs and
 * show them at once (the panels are already there, so following focus costs nothing), Home and End go to the first and last, Tab again goes into the panel.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  defaultValue,
  onValueChange,
  className,
}: TabsProps<T>) {
  return (
    <BaseTabs.Root
      value={value}
      defaultValue={defaultValue ?? tabs[0]?.value}
      onValueChange={onValueChange ? (next) => onValueChange(next as T) : undefined}
      className={[styles.root, className ?? ''].join(' ')}
    >
      <BaseTabs.List className={styles.list} aria-label={label} activateOnFocus>
        {tabs.map((tab) => (
          <BaseTabs.Tab key={tab.value} value={tab.value} disabled={tab.disabled} className={styles.tab}>
            {tab.label}
          </BaseTabs.Tab>
        ))}
        <BaseTabs.Indicator className={styles.indicator} />
      </BaseTabs.List>
      {tabs.map((tab) => (
        <BaseTabs.Panel key={tab.value} value={tab.value} className={styles.panel}>
          {tab.content}
        </BaseTabs.Panel>
      ))}
    </BaseTabs.Root>
  );
}
