// Budget violation episodes: a metric over its budget opens one (and one alert), later runs over
// it keep it open (no alert), and the first run within budget closes it with one 'back within
// budget' alert. Runs in the transaction that stores the run, and touches lab episodes only: field
// budgets' episodes (field-budgets/) are judged hourly and share the alert sender.
import type { Selectable, Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { AlertEvent, FieldAlertFacts } from '../../core/alerts/alert-event.ts';
import { DEVICE_PROFILE_LABELS } from '../../core/api/performance.ts';
import { channelsFor } from '../alerts/enqueue.ts';
import type { BudgetViolationTable, PerformanceSiteTable } from '../platform/db/performance-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Violation } from './budget-math.ts';

type Tx = Transaction<Database>;
type Kind = 'performance.budget_exceeded' | 'performance.budget_recovered';
export type Episode = Selectable<BudgetViolationTable>;

/** Records the alert and queues it for the site's channels; field budgets' alerts say so in `field`. */
export async function sendBudgetAlert(
  tx: Tx,
  site: PerformanceSiteTable,
  episode: Episode,
  args: { kind: Kind; value: number; runId: string | null; now: number; field?: FieldAlertFacts },
): Promise<void> {
  await tx
    .insertInto('performance_alerts')
    .values({
      id: uuidv7(),
      site_id: site.id,
      workspace_id: site.workspace_id,
      violation_id: episode.id,
      kind: args.kind,
      source: episode.source,
      metric: episode.metric,
      value: args.value,
      limit_value: episode.limit_value,
      created_at: args.now,
    })
    .execute();
  const event: AlertEvent = {
    kind: args.kind,
    at: args.now,
    monitor: { id: site.id, name: site.name, url: site.url },
    incident: null,
    failure: null,
    downtimeMs: null,
    performance: {
      siteId: site.id,
      runId: args.runId,
      metric: episode.metric,
      value: args.value,
      limit: episode.limit_value,
      device: args.field ? 'All devices' : DEVICE_PROFILE_LABELS[site.device],
      ...(args.field ? { field: args.field } : {}),
    },
  };
  // A linked monitor's channels, else the account email.
  const channels = site.monitor_id ? await channelsFor(tx, site.monitor_id) : [null];
  if (channels.length === 0) return;
  await tx
    .insertInto('alert_deliveries')
    .values(
      channels.map((channelId) => ({
        id: uuidv7(),
        workspace_id: site.workspace_id,
        monitor_id: site.monitor_id,
        incident_id: null,
        channel_id: channelId,
        kind: args.kind,
        payload: JSON.stringify(event),
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: args.now,
        last_error: null,
        claimed_until: null,
        created_at: args.now,
        sent_at: null,
      })),
    )
    .execute();
}

/** Opens, extends and closes the site's episodes for a succeeded run's violations. */
export async function applyViolations(
  tx: Tx,
  site: PerformanceSiteTable,
  args: {
    runId: string;
    violations: readonly Violation[];
    values: Record<string, number | null>;
    now: number;
  },
): Promise<void> {
  const open = await tx
    .selectFrom('budget_violations')
    .selectAll()
    .where('site_id', '=', site.id)
    .where('source', '=', 'lab')
    .where('recovered_at', 'is', null)
    .execute();
  const openByMetric = new Map(open.map((episode) => [episode.metric, episode]));
  for (const violation of args.violations) {
    const current = openByMetric.get(violation.metric);
    if (current) {
      const worse = Math.max(current.worst_value, violation.value);
      if (worse !== current.worst_value) {
        await tx
          .updateTable('budget_violations')
          .set({ worst_value: worse })
          .where('id', '=', current.id)
          .execute();
      }
      continue;
    }
    const episode: Episode = {
      id: uuidv7(),
      site_id: site.id,
      workspace_id: site.workspace_id,
      source: 'lab',
      metric: violation.metric,
      limit_value: violation.limit,
      worst_value: violation.value,
      started_run_id: args.runId,
      started_at: args.now,
      ended_run_id: null,
      recovered_at: null,
    };
    await tx.insertInto('budget_violations').values(episode).execute();
    await sendBudgetAlert(tx, site, episode, {
      kind: 'performance.budget_exceeded',
      value: violation.value,
      runId: args.runId,
      now: args.now,
    });
  }
  const still = new Set<string>(args.violations.map((violation) => violation.metric));
  for (const episode of open) {
    if (still.has(episode.metric)) continue;
    await tx
      .updateTable('budget_violations')
      .set({ ended_run_id: args.runId, recovered_at: args.now })
      .where('id', '=', episode.id)
      .execute();
    const value = args.values[episode.metric] ?? episode.limit_value;
    await sendBudgetAlert(tx, site, episode, {
      kind: 'performance.budget_recovered',
      value,
      runId: args.runId,
      now: args.now,
    });
  }
}
