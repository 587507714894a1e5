// Page views are gathered in memory and added to their hour rows, and to the same rows by day (so
// long windows read days), in one transaction about once a second (issue 42, item 3), so a beacon is answered without waiting on the database, and a
// thousand page views of one route cost one row's update. Each page view counts twice: under its
// route and under '*', the site's total, which the site-wide figures read without merging routes.
// The add is read-merge-write under a row lock: any number of `serve` processes add into the same
// rows on PostgreSQL. A write that fails keeps its page views for the next one, up to MAX_PENDING
// rows; past that, new rows are dropped (the database has been away for a while).
import type { Kysely, Transaction } from 'kysely';
import type { AttributedMetric } from '../../../core/api/field.ts';
import type { Clock, TimerHandle } from '../../platform/clock.ts';
import type { Dialect } from '../../platform/db/connect.ts';
import { lockingRead } from '../../platform/db/row-locks.ts';
import type { RumHourTable, RumTables } from '../../platform/db/rum-schema.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import {
  addMetrics,
  culpritKey,
  decodeMetrics,
  encodeMetrics,
  type HourMetrics,
  mergeMetrics,
} from './hour-metrics.ts';

export const FLUSH_MS = 1_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MAX_PENDING = 50_000;
/** Rows locked and written per statement: bounds a statement's parameters on both dialects. */
const CHUNK = 200;
export const ALL_ROUTES = '*';
type RumTable = Exclude<keyof RumTables, 'rum_sites'>;

export interface PageView {
  siteId: string;
  workspaceId: string;
  route: string;
  device: string;
  metrics: Parameters<typeof addMetrics>[1];
  /** What the page named for its LCP, INP and largest shift: counted when that vital rates poor. */
  targets?: Partial<Record<AttributedMetric, string>>;
}

interface PendingRow {
  siteId: string;
  workspaceId: string;
  hourAt: number;
  route: string;
  device: string;
  pageViews: number;
  metrics: HourMetrics;
}

export interface PageViewBufferDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  logger: Logger;
}

function keyOf(row: Pick<PendingRow, 'siteId' | 'hourAt' | 'route' | 'device'>): string {
  return `${row.siteId}\u0000${row.hourAt}\u0000${row.route}\u0000${row.device}`;
}

export function createPageViewBuffer({ db, dialect, clock, logger }: PageViewBufferDeps) {
  let pending = new Map<string, PendingRow>();
  let timer: TimerHandle | null = null;
  let writing: Promise<void> | null = null;

  function gather(row: PendingRow): void {
    const key = keyOf(row);
    const current = pending.get(key);
    if (current) {
      current.pageViews += row.pageViews;
      mergeMetrics(current.metrics, row.metrics);
    } else if (pending.size < MAX_PENDING) {
      pending.set(key, row);
    }
  }

  /** Adds `rows` into their rows of `table`, which exist afterwards; answers nothing. */
  async function addInto(tx: Transaction<Database>, table: RumTable, rows: readonly PendingRow[]) {
    // Every row exists before it is locked, so two processes adding to a new row both add.
    await tx
      .insertInto(table)
      .values(
        rows.map((row) => ({
          site_id: row.siteId,
          hour_at: row.hourAt,
          route: row.route,
          device: row.device,
          workspace_id: row.workspaceId,
          page_views: 0,
          metrics: '{}',
        })),
      )
      .onConflict((conflict) => conflict.columns(['site_id', 'hour_at', 'route', 'device']).doNothing())
      .execute();
    const stored = await lockingRead(
      dialect,
      tx
        .selectFrom(table)
        .selectAll()
        .where((eb) =>
          eb.or(
            rows.map((row) =>
              eb.and([
                eb('site_id', '=', row.siteId),
                eb('hour_at', '=', row.hourAt),
                eb('route', '=', row.route),
                eb('device', '=', row.device),
              ]),
            ),
          ),
        )
        .orderBy(['site_id', 'hour_at', 'route', 'device']),
    ).execute();
    const byKey = new Map(stored.map((row) => [keyOf(storedKey(row)), row]));
    for (const row of rows) {
      const current = byKey.get(keyOf(row));
      // Deleted with its site since the insert above: nothing to add to.
      if (!current) continue;
      const metrics = decodeMetrics(current.metrics);
      mergeMetrics(metrics, row.metrics);
      await tx
        .updateTable(table)
        .set({ page_views: current.page_views + row.pageViews, metrics: encodeMetrics(metrics) })
        .where('site_id', '=', row.siteId)
        .where('hour_at', '=', row.hourAt)
        .where('route', '=', row.route)
        .where('device', '=', row.device)
        .execute();
    }
  }

  /** An hour chunk and the day rows it adds to, in one transaction: both count it or neither. */
  async function writeChunk(rows: readonly PendingRow[]): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await addInto(tx, 'rum_hours', rows);
      await addInto(tx, 'rum_days', byDay(rows));
      const sites = [...new Set(rows.map((row) => row.siteId))];
      await tx
        .updateTable('rum_sites')
        .set({ first_page_view_at: clock.now() })
        .where('site_id', 'in', sites)
        .where('first_page_view_at', 'is', null)
        .execute();
    });
  }

  async function write(): Promise<void> {
    timer = null;
    const rows = [...pending.values()].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
    pending = new Map();
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      try {
        await writeChunk(chunk);
      } catch (error) {
        logger.warn({ err: error, rows: chunk.length }, 'rum page views not stored yet; retrying');
        for (const row of chunk) gather(row);
      }
    }
    if (pending.size > 0) schedule();
  }

  function schedule(): void {
    timer ??= clock.setTimeout(() => {
      writing = write().finally(() => {
        writing = null;
      });
    }, FLUSH_MS);
  }

  return {
    add(view: PageView): void {
      const hourAt = Math.floor(clock.now() / HOUR_MS) * HOUR_MS;
      const routeMetrics: HourMetrics = {};
      addMetrics(routeMetrics, view.metrics);
      gather({ ...view, hourAt, route: view.route, pageViews: 1, metrics: routeMetrics });
      // The site's row keeps the culprits, by route: one row read answers "what to fix" site-wide.
      const culprits = Object.fromEntries(
        Object.entries(view.targets ?? {}).map(([metric, selector]) => [
          metric,
          culpritKey(view.route, selector),
        ]),
      );
      const siteMetrics: HourMetrics = {};
      addMetrics(siteMetrics, view.metrics, culprits);
      gather({ ...view, hourAt, route: ALL_ROUTES, pageViews: 1, metrics: siteMetrics });
      if (!writing) schedule();
    },
    /** Writes what is gathered now (shutdown, tests). */
    async flush(): Promise<void> {
      timer?.cancel();
      timer = null;
      await writing;
      await write();
    },
  };
}

/** Hour rows added up by UTC day, in key order (every process locks day rows in the same order). */
function byDay(rows: readonly PendingRow[]): PendingRow[] {
  const days = new Map<string, PendingRow>();
  for (const row of rows) {
    const day = { ...row, hourAt: Math.floor(row.hourAt / DAY_MS) * DAY_MS };
    const key = keyOf(day);
    const current = days.get(key);
    if (current) {
      current.pageViews += row.pageViews;
      mergeMetrics(current.metrics, row.metrics);
    } else {
      const metrics: HourMetrics = {};
      mergeMetrics(metrics, row.metrics);
      days.set(key, { ...day, metrics });
    }
  }
  return [...days.values()].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
}

function storedKey(row: RumHourTable) {
  return { siteId: row.site_id, hourAt: Number(row.hour_at), route: row.route, device: row.device };
}

export type PageViewBuffer = ReturnType<typeof createPageViewBuffer>;
