import { useQuery } from '@tanstack/react-query';
import { Globe, Pencil, Plus } from 'lucide-react';
import type { StatusPage } from '../../../../core/api/status-pages';
import { ManagedBadge } from '../../../components/managed';
import { WriteButton } from '../../../components/role-lock';
import { PublicLink, StatusPageStateBadge } from '../../../components/status-page-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { subscribersQueryOptions } from '../../../lib/subscribers';

function PublishedBadge({ published }: { published: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        published ? 'border-accent/30 bg-accent text-accent-fg' : 'border-border bg-surface text-muted',
      )}
    >
      {published ? 'Published' : 'Draft — not public until you publish'}
    </span>
  );
}

/** Each page's count comes with its list, which the page's editor shares from the cache. */
function SubscriberCount({ pageId }: { pageId: string }) {
  const { data } = useQuery(subscribersQueryOptions(pageId));
  if (!data) return null;
  return <span className="text-sm text-muted">{formatCount(data.count, 'subscriber', 'subscribers')}</span>;
}

const ACCESS_LABELS = { password: 'Password', members: 'Members only' } as const;

/** The page's own hostname once verified, reached the way PUBLIC_URL is (TLS at the proxy). */
function domainUrl(page: StatusPage): string | null {
  const domain = page.customDomain;
  return domain?.verified ? `${new URL(page.publicUrl).protocol}//${domain.hostname}` : null;
}

function StatusPageRow({ page, onEdit }: { page: StatusPage; onEdit: () => void }) {
  const count = page.monitors.length;
  const domain = domainUrl(page);
  return (
    <li aria-label={page.name} className="flex flex-col gap-2 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium">{page.name}</p>
        <code className="text-sm text-muted">/{page.slug}</code>
        <PublishedBadge published={page.published} />
        <ManagedBadge managedKey={page.managedKey} />
        {page.access === 'public' ? null : (
          <span className="inline-flex items-center rounded-full border border-border px-2 py-0.5 text-xs font-medium whitespace-nowrap">
            {ACCESS_LABELS[page.access]}
          </span>
        )}
        <StatusPageStateBadge state={page.state} />
        <span className="text-sm text-muted">{formatCount(count, 'monitor', 'monitors')}</span>
        <SubscriberCount pageId={page.id} />
        <WriteButton
          size="sm"
          variant="ghost"
          className="ml-auto"
          onClick={onEdit}
          aria-label={`Edit ${page.name}`}
        >
          <Pencil className="size-4" aria-hidden />
          Edit
        </WriteButton>
      </div>
      <div className="flex min-w-0 items-center gap-2">
        <PublicLink href={page.publicUrl} />
        <CopyButton text={page.publicUrl} label={`public link of ${page.name}`} />
      </div>
      {domain ? (
        <div className="flex min-w-0 items-center gap-2">
          <PublicLink href={domain} />
          <CopyButton text={domain} label={`custom domain of ${page.name}`} />
        </div>
      ) : null}
    </li>
  );
}

export function StatusPageList({
  pages,
  onCreate,
  onEdit,
}: {
  pages: StatusPage[];
  onCreate: () => void;
  onEdit: (page: StatusPage) => void;
}) {
  const newButton = (
    <WriteButton onClick={onCreate}>
      <Plus className="size-4" aria-hidden />
      New status page
    </WriteButton>
  );
  if (pages.length === 0) {
    return (
      <EmptyState icon={Globe} title="No public status pages yet" action={newButton}>
        Publish a status page for a group of monitors, so your customers see live status, 90 days of uptime
        and your incident history.
      </EmptyState>
    );
  }
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Status pages</CardTitle>
          <CardDescription>Public pages for groups of monitors, at /status/your-slug.</CardDescription>
        </div>
        {newButton}
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {pages.map((page) => (
            <StatusPageRow key={page.id} page={page} onEdit={() => onEdit(page)} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
