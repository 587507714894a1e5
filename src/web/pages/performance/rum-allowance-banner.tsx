import { Link } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import type { RumSettings } from '../../../core/api/field';
import { formatCurrency, PAGE_VIEW_PACK } from '../../../core/plans';
import { formatNumber } from '../../lib/format';

export const OVER_ALLOWANCE_TEXT =
  "Page views are over your plan's allowance: new page views are counted but not recorded.";

/**
 * Shown on a site with real-user monitoring while the workspace has used this period's page views
 * (`overAllowance` in its RUM settings). Visitors' pages are unaffected; the figures pause until
 * the next period or a page view pack.
 */
export function RumAllowanceBanner({ settings }: { settings: RumSettings | undefined }) {
  if (!settings?.overAllowance) return null;
  const pack = `${formatNumber(PAGE_VIEW_PACK.pageViews)} more for ${formatCurrency(PAGE_VIEW_PACK.price)}`;
  const resumes = `Recording resumes when your allowance resets, or at once with a page view pack (${pack}) or a larger plan.`;
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-warning/30 bg-warning/10 p-3 text-sm"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <p>
        {OVER_ALLOWANCE_TEXT} {resumes}{' '}
        <Link to="/dashboard/settings/billing" className="font-medium text-accent underline">
          Billing
        </Link>
      </p>
    </div>
  );
}
