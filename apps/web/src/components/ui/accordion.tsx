import type { ReactNode } from 'react';
import { Accordion as BaseAccordion } from '@base-ui/react/accordion';
import { ChevronDown } from 'lucide-react';
import styles from './accordion.module.css';

export type AccordionItem = { value: string; title: ReactNode; content: ReactNode; disabled?: boolean };

type AccordionProps = {
  items: AccordionItem[];
  /** Several sections open at once (questions and answers); one at a time otherwise. */
  multiple?: boolean;
  defaultValue?: string[];
  value?: string[];
  onValueChange?: (value: string[]) => void;
  /** The level of the section headings in the page's outline. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
};

/** Sections that open and close under their heading: Enter or Space toggles, Tab moves between headings. */
export function Accordion({
  items,
  multiple = false,
  defaultValue,
  value,
  onValueChange,
  headingLevel = 3,
  className,
}: AccordionProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <BaseAccordion.Root
      multiple={multiple}
      defaultValue={defaultValue}
      value={value}
      onValueChange={onValueChange ? (next) => onValueChange(next as string[]) : undefined}
      className={[styles.root, className ?? ''].join(' ')}
    >
      {items.map((item) => (
        <BaseAccordion.Item
          key={item.value}
          value={item.value}
          disabled={item.disabled}
          className={styles.item}
        >
          <BaseAccordion.Header render={<Heading />} className={styles.header}>
            <BaseAccordion.Trigger className={styles.trigger}>
              <span>{item.title}</span>
              <ChevronDown aria-hidden="true" className={styles.chevron} />
            </BaseAccordion.Trigger>
          </BaseAccordion.Header>
          <BaseAccordion.Panel className={styles.panel}>
            <div className={styles.content}>{item.content}</div>
          </BaseAccordion.Panel>
        </BaseAccordion.Item>
      ))}
    </BaseAccordion.Root>
  );
}
