import type { FieldReport } from '../../../../core/api/field';
import { CORE_WEB_VITALS } from '../../../../core/api/field-vitals';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';
import {
  FIELD_RATING_LABELS,
  FIELD_RATING_TEXT,
  FIELD_SHORT,
  fieldLabel,
  formatFieldValue,
  formatShare,
  ratingOf,
} from './field-format';

export type FieldGroup = FieldReport['groups'][number];

/** Tight on a phone, so five columns fit 375 px; the first column meets the card's edge. */
const CELL = 'px-2 py-2 text-right tabular-nums whitespace-nowrap last:pr-0 sm:px-3';

/**
 * A table of groups (routes or devices): each one's page views, its share of them, and its LCP,
 * INP and CLS at p75, coloured by rating and named in words for screen readers.
 */
export function GroupTable({
  caption,
  keyHeading,
  groups,
  totalPageViews,
  renderKey = (key) => key,
  mono = false,
}: {
  caption: string;
  keyHeading: string;
  groups: readonly FieldGroup[];
  totalPageViews: number;
  renderKey?: (key: string) => string;
  /** Keys are paths, set in the code face. */
  mono?: boolean;
}) {
  return (
    <section
      aria-label={`${caption}, scrollable`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone it scrolls sideways, and a keyboard must reach it to scroll it
      tabIndex={0}
      className="overflow-x-auto"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-muted">
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-2 text-left font-medium sm:pr-3">
              {keyHeading}
            </th>
            <th scope="col" className={cn(CELL, 'font-medium')}>
              <span className="sm:hidden">Views</span>
              <span className="hidden sm:inline">Page views</span>
            </th>
            {CORE_WEB_VITALS.map((metric) => (
              <th key={metric} scope="col" className={cn(CELL, 'font-medium')}>
                <abbr title={`${fieldLabel(metric)}, 75th percentile`} className="no-underline">
                  {FIELD_SHORT[metric]}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.key} className="border-b border-border last:border-0">
              <th
                scope="row"
                className={cn(
                  'max-w-[9rem] truncate py-2 pr-2 text-left font-normal sm:max-w-[16rem] sm:pr-3',
                  mono && 'font-mono text-xs',
                )}
              >
                <span title={renderKey(group.key)}>{renderKey(group.key)}</span>
              </th>
              <td className={CELL}>
                {formatNumber(group.pageViews)}
                <span className="block text-[11px] text-muted sm:ml-1 sm:inline sm:text-xs">
                  {totalPageViews > 0 ? formatShare(group.pageViews / totalPageViews) : ''}
                </span>
              </td>
              {CORE_WEB_VITALS.map((metric) => {
                const p75 = group.metrics[metric].p75;
                const rating = ratingOf(group.metrics, metric);
                return (
                  <td key={metric} className={cn(CELL, rating ? FIELD_RATING_TEXT[rating] : 'text-muted')}>
                    {p75 === null ? '–' : formatFieldValue(metric, p75)}
                    {rating ? <span className="sr-only"> ({FIELD_RATING_LABELS[rating]})</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
