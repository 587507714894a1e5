// One site's field budgets judged for the hour ending at `end`: each budget's streaks move by the
// window's judgement (once per hour, whichever process gets there), an episode opens or closes
// with one alert through the site's channels, and a removed budget leaves nothing open behind it.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { FieldBudget } from '../../../core/api/performance.ts';
import type { FieldBudgetStreakTable, PerformanceSiteTable } from '../../platform/db/performance-schema.ts';
import type { Database } from '../../platform/db/schema.ts';
import { type Episode, sendBudgetAlert } from '../episodes.ts';
import { judge, NO_STREAKS, type Streaks, step, type WindowSample } from './streak.ts';
import { readWindows, type WindowSampler } from './window-sample.ts';

type Tx = Transaction<Database>;
type StreakRow = Selectable<FieldBudgetStreakTable>;

interface Moment {
  end: number;
  now: number;
}

export async function judgeSite(
  db: Kysely<Database>,
  site: PerformanceSiteTable,
  budgets: readonly FieldBudget[],
  moment: Moment,
): Promise<void> {
  const windows = [...new Set(budgets.map((budget) => budget.window))];
  const sample = windows.length > 0 ? await readWindows(db, site.id, moment.end, windows) : null;
  await db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('field_budget_streaks')
      .selectAll()
      .where('site_id', '=', site.id)
      .execute();
    const open = await tx
      .selectFrom('budget_violations')
      .selectAll()
      .where('site_id', '=', site.id)
      .where('source', '=', 'field')
      .where('recovered_at', 'is', null)
      .execute();
    const rowOf = new Map(rows.map((row) => [row.metric, row]));
    const openOf = new Map<string, Episode>(open.map((episode) => [episode.metric, episode]));
    for (const budget of budgets) {
      if (!sample) break;
      await judgeBudget(tx, site, budget, {
        ...moment,
        row: rowOf.get(budget.metric),
        episode: openOf.get(budget.metric),
        sample,
      });
    }
    await forgetRemoved(tx, site.id, new Set(budgets.map((budget) => budget.metric)), {
      rows,
      open,
      ...moment,
    });
  });
}

async function judgeBudget(
  tx: Tx,
  site: PerformanceSiteTable,
  budget: FieldBudget,
  args: Moment & { row: StreakRow | undefined; episode: Episode | undefined; sample: WindowSampler },
): Promise<void> {
  const { row, episode, end, now } = args;
  if (row && row.evaluated_hour_at >= end) return;
  const figures = args.sample(budget.window, budget.metric);
  const judgement = judge(budget, figures);
  const key = JSON.stringify(budget);
  // A changed budget (limit, window, hours, page views) counts its hours afresh.
  const from: Streaks =
    row && row.budget === key
      ? { breachedHours: row.breached_hours, healthyHours: row.healthy_hours }
      : NO_STREAKS;
  const { streaks, change } = step(from, judgement, {
    consecutiveHours: budget.consecutiveHours,
    open: episode !== undefined,
  });
  const judged = await saveStreaks(tx, site, budget, { row, key, end, streaks, figures });
  if (!judged) return;
  const p75 = figures.p75 ?? 0;
  const field = {
    window: budget.window,
    pageViews: figures.pageViews,
    consecutiveHours: budget.consecutiveHours,
  };
  if (change === 'open') {
    const opened: Episode = {
      id: uuidv7(),
      site_id: site.id,
      workspace_id: site.workspace_id,
      source: 'field',
      metric: budget.metric,
      limit_value: budget.limit,
      worst_value: p75,
      started_run_id: null,
      started_at: now,
      ended_run_id: null,
      recovered_at: null,
    };
    await tx.insertInto('budget_violations').values(opened).execute();
    await sendBudgetAlert(tx, site, opened, {
      kind: 'performance.budget_exceeded',
      value: p75,
      runId: null,
      now,
      field,
    });
  } else if (change === 'close' && episode) {
    await tx
      .updateTable('budget_violations')
      .set({ recovered_at: now })
      .where('id', '=', episode.id)
      .execute();
    await sendBudgetAlert(tx, site, episode, {
      kind: 'performance.budget_recovered',
      value: p75,
      runId: null,
      now,
      field,
    });
  } else if (episode && judgement === 'breached' && p75 > episode.worst_value) {
    await tx
      .updateTable('budget_violations')
      .set({ worst_value: p75 })
      .where('id', '=', episode.id)
      .execute();
  }
}

/** Writes the hour's streaks; false when this hour was judged meanwhile (by another process). */
async function saveStreaks(
  tx: Tx,
  site: PerformanceSiteTable,
  budget: FieldBudget,
  args: { row: StreakRow | undefined; key: string; end: number; streaks: Streaks; figures: WindowSample },
): Promise<boolean> {
  const values = {
    budget: args.key,
    evaluated_hour_at: args.end,
    breached_hours: args.streaks.breachedHours,
    healthy_hours: args.streaks.healthyHours,
    p75: args.figures.p75,
    page_views: args.figures.pageViews,
  };
  if (!args.row) {
    const inserted = await tx
      .insertInto('field_budget_streaks')
      .values({ site_id: site.id, metric: budget.metric, workspace_id: site.workspace_id, ...values })
      .onConflict((oc) => oc.columns(['site_id', 'metric']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const updated = await tx
    .updateTable('field_budget_streaks')
    .set(values)
    .where('site_id', '=', site.id)
    .where('metric', '=', budget.metric)
    .where('evaluated_hour_at', '=', args.row.evaluated_hour_at)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** A field budget taken off: its streaks go, and its open episode ends without an alert. */
async function forgetRemoved(
  tx: Tx,
  siteId: string,
  kept: ReadonlySet<string>,
  args: { rows: readonly StreakRow[]; open: readonly Episode[]; now: number },
): Promise<void> {
  const gone = args.rows.filter((row) => !kept.has(row.metric)).map((row) => row.metric);
  if (gone.length > 0) {
    await tx
      .deleteFrom('field_budget_streaks')
      .where('site_id', '=', siteId)
      .where('metric', 'in', gone)
      .execute();
  }
  const ended = args.open.filter((episode) => !kept.has(episode.metric)).map((episode) => episode.id);
  if (ended.length > 0) {
    await tx
      .updateTable('budget_violations')
      .set({ recovered_at: args.now })
      .where('id', 'in', ended)
      .execute();
  }
}
