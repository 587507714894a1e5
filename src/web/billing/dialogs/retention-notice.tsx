import { useQuery } from '@tanstack/react-query';
import type { RetentionPreview } from '../../../core/api/digests';
import { PLAN_IDS, PLANS, type PlanId } from '../../../core/plans';
import { apiGet, withQuery } from '../../lib/api';
import { dateTimeFormat, formatCount } from '../../lib/format';
import { useTimeZone } from '../../lib/use-time-zone';

type Item = RetentionPreview['items'][number];

/** What each kind's window is called and what its rows are called, one and many. */
const NOUNS: Record<string, { history: string; one: string; many: string }> = {
  checks: { history: 'check history', one: 'check result', many: 'check results' },
  ssl_checks: { history: 'SSL check history', one: 'SSL check', many: 'SSL checks' },
  performance_checks: {
    history: 'performance history',
    one: 'performance check',
    many: 'performance checks',
  },
  deployments: { history: 'deployment history', one: 'deployment', many: 'deployments' },
  incidents: { history: 'incident history', one: 'resolved incident', many: 'resolved incidents' },
  performance_alerts: { history: 'performance alerts', one: 'performance alert', many: 'performance alerts' },
  budget_violations: { history: 'budget violations', one: 'budget violation', many: 'budget violations' },
  digest_reports: { history: 'digest reports', one: 'digest report', many: 'digest reports' },
};

/** "Moving to Free keeps 7 days of check history: 12,345 check results older than Nov 15 will be deleted." */
export function pruneSentence(planName: string, item: Item, timeZone: string): string {
  const label = item.label.toLowerCase();
  const nouns = NOUNS[item.kind] ?? { history: label, one: label, many: label };
  const day = dateTimeFormat({ timeZone, month: 'short', day: 'numeric' }).format(item.cutoff);
  const rows = formatCount(item.rowsToPrune, nouns.one, nouns.many);
  return `Moving to ${planName} keeps ${item.keepDays} days of ${nouns.history}: ${rows} older than ${day} will be deleted.`;
}

export function isPlanId(id: string): id is PlanId {
  return (PLAN_IDS as readonly string[]).includes(id);
}

/** Fetched as the downgrade dialog opens: what the next retention pass would delete on `plan`. */
export function RetentionNotice({ plan }: { plan: PlanId }) {
  const timeZone = useTimeZone();
  const preview = useQuery({
    queryKey: ['retention-preview', plan],
    queryFn: ({ signal }) =>
      apiGet<RetentionPreview>(withQuery('/api/v1/retention/preview', { plan }), signal),
    staleTime: 0,
  });
  const items = preview.data?.items.filter((item) => item.rowsToPrune > 0) ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-label="Data that will be deleted" className="flex flex-col gap-1">
      <p className="font-medium">Data that will be deleted</p>
      <ul className="list-disc pl-5 text-muted">
        {items.map((item) => (
          <li key={item.kind}>{pruneSentence(PLANS[plan].displayName, item, timeZone)}</li>
        ))}
      </ul>
    </section>
  );
}
