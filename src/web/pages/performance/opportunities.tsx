import type { Opportunity } from '../../../core/api/performance';
import { formatNumber } from '../../lib/format';

function savings(opportunity: Opportunity): string {
  const parts: string[] = [];
  if (opportunity.savingsMs !== null) parts.push(`${formatNumber(Math.round(opportunity.savingsMs))} ms`);
  if (opportunity.savingsBytes !== null)
    parts.push(`${formatNumber(Math.round(opportunity.savingsBytes / 1024))} KiB`);
  return parts.length === 0 ? '' : `Est. savings ${parts.join(' · ')}`;
}

/** The latest run's top Lighthouse opportunities with their estimated savings. */
export function Opportunities({ opportunities }: { opportunities: readonly Opportunity[] }) {
  if (opportunities.length === 0)
    return <p className="text-sm text-muted">No opportunities: nothing left to gain.</p>;
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label="Opportunities">
      {opportunities.map((opportunity) => (
        <li key={opportunity.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
          <span>{opportunity.title}</span>
          <span className="text-xs text-muted tabular-nums">{savings(opportunity)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Requests the SSRF guard refused while the page loaded. */
export function BlockedRequests({ urls }: { urls: readonly string[] }) {
  if (urls.length === 0) return null;
  return (
    <div className="rounded-ui border border-warning/40 bg-warning/10 p-3 text-sm">
      <p className="font-medium">
        {`Blocked requests: ${formatNumber(urls.length)}. The page asked for private or reserved addresses, which Upwatch does not load.`}
      </p>
      <ul className="mt-1 list-disc pl-5 text-xs break-all" aria-label="Blocked requests">
        {urls.map((url) => (
          <li key={url}>{url}</li>
        ))}
      </ul>
    </div>
  );
}
