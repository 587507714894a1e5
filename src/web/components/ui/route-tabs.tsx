import { Link, type LinkProps } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
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
  return (
    <Tabs.Root value={current} activationMode="manual">
      {/* The row wraps rather than scrolls: a scrolled row hid its last tabs with no sign, even at 1280 px. */}
      <Tabs.List className="flex flex-wrap gap-x-1 border-b border-border">
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
