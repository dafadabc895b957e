import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';

export interface TabItem {
  key: string;
  label: string;
  /** Something in the tab needs attention (a field with an error): marked, and read out. */
  marked?: boolean;
}

export interface TabsProps {
  /** Prefix of the tabs' and panels' ids (unique on the page). */
  id: string;
  /** The tab list's accessible name. */
  label: string;
  tabs: TabItem[];
  selected: string;
  onSelect(key: string): void;
  className?: string;
}

const tabId = (id: string, key: string) => `${id}-tab-${key}`;
const panelId = (id: string, key: string) => `${id}-panel-${key}`;

/**
 * A row of tabs (`vk-tabs`, ARIA `tablist`): click or the arrow keys, Home and End choose one.
 * Each tab controls the `<TabPanel>` with the same `id` and key.
 */
export function Tabs({ id, label, tabs, selected, onSelect, className }: TabsProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(tabs[next].key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div ref={list} className={className ? `vk-tabs ${className}` : 'vk-tabs'} role="tablist" aria-label={label}>
      {tabs.map((tab, index) => {
        const active = tab.key === selected;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={tabId(id, tab.key)}
            aria-selected={active}
            aria-controls={panelId(id, tab.key)}
            tabIndex={active ? 0 : -1}
            className={['vk-tab', active ? 'is-active' : '', tab.marked ? 'vk-tab--marked' : ''].filter(Boolean).join(' ')}
            data-marked={tab.marked ? 'true' : undefined}
            onClick={() => !active && onSelect(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
            {tab.marked && (
              <>
                {' '}
                <span className="vk-visually-hidden">{t('tabs.marked')}</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}

export interface TabPanelProps {
  /** The `id` given to `<Tabs>`. */
  id: string;
  tab: string;
  selected: string;
  /** Keep the panel in the page while another is shown (a form across tabs keeps its fields). */
  keepMounted?: boolean;
  className?: string;
  children: ReactNode;
}

/** The panel of one tab: shown when its tab is selected (or kept hidden with `keepMounted`). */
export function TabPanel({ id, tab, selected, keepMounted = false, className, children }: TabPanelProps) {
  const active = tab === selected;
  if (!active && !keepMounted) return null;
  return (
    <div role="tabpanel" id={panelId(id, tab)} aria-labelledby={tabId(id, tab)} hidden={!active} className={className}>
      {children}
    </div>
  );
}
