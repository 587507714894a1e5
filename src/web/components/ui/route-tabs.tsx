import { Link, type LinkProps } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';

export interface RouteTab {
  value: string;
  label: string;
  link: LinkProps;
}

// Tabs whose triggers are links: the URL, not component state, decides the open tab, so
// every tab has an address that can be shared and reloaded.
export function RouteTabs({
  tabs,
  current,
  children,
}: {
  tabs: RouteTab[];
  current: string;
  children: ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);
  // On a phone the tab row scrolls sideways; bring the open tab into view (the row only, not the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the active tab element changes with `current`
  useEffect(() => {
    const row = list.current;
    const active = row?.querySelector('[data-state="active"]');
    if (!row || !active) return;
    const tab = active.getBoundingClientRect();
    const bounds = row.getBoundingClientRect();
    if (tab.right > bounds.right || tab.left < bounds.left) row.scrollLeft += tab.left - bounds.left - 16;
  }, [current]);

  return (
    <Tabs.Root value={current} activationMode="manual">
      <Tabs.List
        ref={list}
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-border px-4 sm:mx-0 sm:px-0"
      >
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} asChild>
            <Link
              {...tab.link}
              className={cn(
                '-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted',
                'hover:text-fg data-[state=active]:border-accent data-[state=active]:text-fg',
              )}
            >
              {tab.label}
            </Link>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={current} className="pt-6 outline-none">
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** The tab named by the last path segment, or the index tab for the bare path. */
export function currentTab(pathname: string, tabs: readonly { value: string }[], indexTab: string): string {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return tabs.some((tab) => tab.value === last) ? last : indexTab;
}
