import type { AttributedMetric, FieldAttribution } from '../../../../core/api/field';
import { formatCount } from '../../../lib/format';
import { FieldCard } from './field-card';
import { formatShare } from './field-format';

/** What web-vitals names for each vital's poor page views. */
const ELEMENT: Record<AttributedMetric, string> = {
  lcp: 'LCP element',
  inp: 'INP target',
  cls: 'Largest layout shift on',
};
const POOR: Record<AttributedMetric, string> = {
  lcp: 'poor LCPs',
  inp: 'poor INPs',
  cls: 'poor CLS scores',
};

/** "LCP element img.hero on /p/:id in 62 % of poor LCPs", most poor page views first. */
export function AttributionList({ attribution }: { attribution: readonly FieldAttribution[] }) {
  if (attribution.length === 0) return null;
  return (
    <FieldCard
      title="What to fix"
      description="The elements poor page views had in common, by route: the ones behind most of them first."
    >
      <ul aria-label="What to fix" className="flex flex-col divide-y divide-border">
        {attribution.map((item) => (
          <li
            key={`${item.metric} ${item.route} ${item.selector}`}
            className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 text-sm first:pt-0 last:pb-0"
          >
            <span className="min-w-0 break-words">
              {ELEMENT[item.metric]}{' '}
              <code className="rounded bg-surface px-1 py-0.5 font-mono text-xs break-all">
                {item.selector}
              </code>{' '}
              on <code className="font-mono text-xs break-all">{item.route}</code> in{' '}
              <strong className="font-semibold tabular-nums">{formatShare(item.share)}</strong> of{' '}
              {POOR[item.metric]}
            </span>
            <span className="text-xs text-muted">{formatCount(item.count, 'page view', 'page views')}</span>
          </li>
        ))}
      </ul>
    </FieldCard>
  );
}
