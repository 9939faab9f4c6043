import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import styles from './tab-switch.module.css';

type Tab<K extends string> = { key: K; title: ReactNode };
type Props<K extends string> = {
  tabs: ReadonlyArray<Tab<K>>;
  active: K;
  onChange: (key: K) => void;
  /** The open tab's content: only it is drawn, so another tab's list is read when it is opened. */
  children: ReactNode;
  className?: string;
};

/**
 * Tabs over one panel, as the WAI-ARIA tabs pattern has them: the arrow keys, Home and End move
 * between tabs, and only the open tab is in the tab order. Drawn with CSS alone: antd-mobile's Tabs
 * brought react-spring and eight more files to a card's page, and measured its tabs on every render.
 */
export function TabSwitch<K extends string>({ tabs, active, onChange, children, className }: Props<K>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent) => {
    const at = tabs.findIndex((tab) => tab.key === active);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    const next = tabs[to];
    if (!next) return;
    event.preventDefault();
    onChange(next.key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <div className={className}>
      <div className={styles.list} role="tablist" ref={list} onKeyDown={move}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${id}-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === active ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(tab.key)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${active}`}>
        {children}
      </div>
    </div>
  );
}
