import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { DEVICE_PROFILE_LABELS, type PerformanceSite } from '../../../core/api/performance';
import { FormError } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { siteQueryOptions } from '../../lib/performance';
import { BudgetBadge } from './budget-badge';
import { BudgetsCard } from './budgets-card';
import { DeleteSite } from './delete-site';
import { FieldSection } from './field/field-section';
import { RunFailure } from './run-failure';
import { RunNow } from './run-now';
import { ScoreGauge } from './score-gauge';
import { SiteHistory } from './site-history';

const route = getRouteApi('/dashboard/performance/$siteId');

/** Name, URL, device profile, score and the site's actions: shared by the site page and monitor tab. */
export function SiteHeader({ site, linked = false }: { site: PerformanceSite; linked?: boolean }) {
  const score =
    site.lastRun?.status === 'succeeded' ? (site.lastRun.metrics?.performanceScore ?? null) : null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start gap-4">
        <ScoreGauge score={score} size={72} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          {linked ? (
            <Link
              to="/dashboard/performance/$siteId"
              params={{ siteId: site.id }}
              className="text-lg font-semibold hover:underline"
            >
              {site.name}
            </Link>
          ) : (
            <h1 className="truncate text-2xl font-semibold tracking-tight">{site.name}</h1>
          )}
          <a
            href={site.url}
            target="_blank"
            rel="noreferrer"
            className="flex items-center gap-1 text-sm text-muted hover:underline"
          >
            <span className="truncate">{site.url}</span>
            <ExternalLink className="size-3.5 shrink-0" aria-hidden />
          </a>
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <span className="rounded-full border border-border px-2 py-0.5">
              {DEVICE_PROFILE_LABELS[site.device]}
            </span>
            <span className="text-muted">{site.frequency === 'daily' ? 'Runs daily' : 'Runs weekly'}</span>
            <BudgetBadge status={site.budgetStatus} />
          </div>
        </div>
        <div className="flex items-start gap-2">
          <RunNow site={site} />
          {linked ? null : <DeleteSite site={site} />}
        </div>
      </div>
      {site.lastRun?.status === 'failed' && site.lastRun.error ? (
        <RunFailure error={site.lastRun.error} />
      ) : null}
    </div>
  );
}

export function SitePage() {
  const { siteId } = route.useParams();
  const site = useQuery(siteQueryOptions(siteId));
  if (site.isPending) return <PageSpinner />;
  if (site.isError)
    return <FormError>{`We couldn't load this performance site. ${site.error.message}`}</FormError>;
  return (
    <div className="flex flex-col gap-6">
      <Link to="/dashboard/performance" className="flex items-center gap-1 text-sm text-muted hover:text-fg">
        <ArrowLeft className="size-4" aria-hidden />
        All performance sites
      </Link>
      <SiteHeader site={site.data} />
      <FieldSection site={site.data} />
      <section aria-labelledby="lab-heading" className="flex flex-col gap-6">
        <div className="flex flex-col gap-1">
          <h2 id="lab-heading" className="text-xl font-semibold tracking-tight">
            Lab
          </h2>
          <p className="text-sm text-muted">Lighthouse runs of the page from this server.</p>
        </div>
        <BudgetsCard site={site.data} />
        <SiteHistory site={site.data} />
      </section>
    </div>
  );
}
