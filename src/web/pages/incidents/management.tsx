import { UpgradeCard } from '../../components/upgrade-card';
import { useHasFeature } from '../../lib/use-plan';

/** Whether the plan includes incident management (SPEC.md §6: judged from the plan table). */
export function useCanManageIncidents(): boolean {
  return useHasFeature('incidentManagement');
}

/**
 * Beside management actions shown disabled: the compact Upgrade card offering the plan with
 * incident management. Renders nothing for plans that have it, or while billing loads.
 */
export function ManagementUpgrade({ className }: { className?: string }) {
  const allowed = useCanManageIncidents();
  if (allowed) return null;
  return <UpgradeCard compact trigger="feature" feature="incidentManagement" className={className} />;
}

export const TEXTAREA =
  'min-h-24 w-full rounded-ui border border-border bg-bg px-3 py-2 text-sm shadow-sm placeholder:text-muted ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:opacity-60';
