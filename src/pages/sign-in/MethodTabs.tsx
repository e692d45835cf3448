import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface MethodTab {
  key: string;
  label: string;
  content: ReactNode;
}

interface Props {
  items: MethodTab[];
  activeKey: string;
  onChange: (key: string) => void;
  label: string;
}

/**
 * The sign-in method tabs: a WAI-ARIA tablist (arrow keys, Home/End) in antd's look. antd's
 * Tabs would bring its overflow dropdown and menu along, about 22 KB gzipped, which the
 * sign-in page's 250 KB budget cannot spare.
 */
export function MethodTabs({ items, activeKey, onChange, label }: Props) {
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(0, items.findIndex((item) => item.key === activeKey));

  function onKeyDown(event: KeyboardEvent) {
    const last = items.length - 1;
    const next = { ArrowRight: activeIndex + 1, ArrowLeft: activeIndex - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + items.length) % items.length;
    onChange(items[index].key);
    tabs.current[index]?.focus();
  }

  const active = items[activeIndex];
  return (
    <div className="method-tabs">
      {items.length > 1 ? (
        <div role="tablist" aria-label={label} className="method-tabs__list" onKeyDown={onKeyDown}>
          {items.map((item, index) => {
            const selected = index === activeIndex;
            return (
              <button
                key={item.key}
                ref={(el) => {
                  tabs.current[index] = el;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${item.key}`}
                aria-selected={selected}
                aria-controls={`${id}-panel`}
                tabIndex={selected ? 0 : -1}
                className={`method-tabs__tab${selected ? ' method-tabs__tab--active' : ''}`}
                onClick={() => onChange(item.key)}
              >
                {item.label}
              </button>
            );
          })}
        </div>
      ) : null}
      {active ? (
        <div role={items.length > 1 ? 'tabpanel' : undefined} id={`${id}-panel`} aria-labelledby={items.length > 1 ? `${id}-tab-${active.key}` : undefined} className="method-tabs__panel">
          {active.content}
        </div>
      ) : null}
    </div>
  );
}
