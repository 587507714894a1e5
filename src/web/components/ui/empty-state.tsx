import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  level = 3,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** 2 where the empty state stands in for a page's content under its h1; 3 inside a titled card. */
  level?: 2 | 3;
}) {
  const Heading = `h${level}` as const;
  return (
    <div className="flex flex-col items-center rounded-ui border border-dashed border-border px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Icon className="size-6" aria-hidden />
      </span>
      <Heading className="mt-4 text-base font-semibold">{title}</Heading>
      {children ? <p className="mt-1 max-w-md text-sm text-muted">{children}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
