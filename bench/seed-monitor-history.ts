// Seeds one owner's monitors with hourly and daily rollups, for benchmarks of the dashboard
// (the list API here, the first screen in a browser later). Rows go in as multi-row inserts of
// one prepared statement, so 8,000 monitors × 90 days (~17 M hourly rows) seed in minutes, not
// hours. The history is deterministic: a monitor checked every minute, mostly 60–150 ms, now
// and then a few failed checks; each daily row is the sum of its hours, as the rollup job keeps them.
import { CompiledQuery, type Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { DAY_MS, HOUR_MS } from '../src/server/history/rollups.ts';
import { windowStart } from '../src/server/history/uptime.ts';
import type { Dialect } from '../src/server/platform/db/connect.ts';
import type { IncidentTable } from '../src/server/platform/db/incident-schema.ts';
import type { Database, MonitorTable } from '../src/server/platform/db/schema.ts';
import { insertMonitors, monitorRow } from '../src/server/test/monitor-rows.ts';

export interface SeedOptions {
  monitors: number;
  /** Days of rollups, ending with the hour (and day) that holds `now`. */
  days: number;
  now: number;
}

export interface SeededHistory {
  monitorIds: string[];
  hourlyRows: number;
  dailyRows: number;
  /** Counts by the status the seed gave the monitors, and the incidents it left open. */
  statuses: Record<'up' | 'down' | 'degraded' | 'paused', number>;
  openIncidents: number;
}

// Rollup columns written; the other histogram buckets keep their default 0.
const ROLLUP_COLUMNS = [
  'monitor_id',
  'bucket_start',
  'checks',
  'up_checks',
  'degraded_checks',
  'latency_sum_ms',
  'latency_min_ms',
  'latency_max_ms',
  'h3', // 51–75 ms
  'h4', // 76–100 ms
  'h5', // 101–150 ms
] as const;
const SUMMED = ROLLUP_COLUMNS.length - 2;
/** Rows per statement: under SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 2000;

/** The seeded status of monitor `i`: a few down, degraded and paused among many up. */
export function seededStatus(i: number): 'up' | 'down' | 'degraded' | 'paused' {
  if (i % 97 === 13) return 'paused';
  if (i % 53 === 7) return 'down';
  if (i % 41 === 5) return 'degraded';
  return 'up';
}

/** One hour of a monitor's checks: [checks, up, degraded, sum, min, max, h3, h4, h5]. */
function hour(monitor: number, bucket: number): number[] {
  const n = (bucket / HOUR_MS + monitor * 7919) >>> 0;
  const down = n % 211 === 0 ? 5 : n % 37 === 0 ? 1 : 0;
  const up = 60 - down;
  const degraded = n % 101 === 0 ? 2 : 0;
  const fast = 10 + (n % 20);
  const slow = 5 + (n % 7);
  const middle = up - fast - slow;
  return [
    60,
    up,
    degraded,
    fast * 65 + middle * 90 + slow * 125,
    52 + (n % 9),
    140 + (n % 11),
    fast,
    middle,
    slow,
  ];
}

/** Multi-row inserts through one statement per batch size (prepared once, reused). */
function createInserter(db: Kysely<Database>, dialect: Dialect, table: string, columns: readonly string[]) {
  const statements = new Map<number, string>();
  const statement = (rows: number) => {
    let text = statements.get(rows);
    if (!text) {
      let parameter = 0;
      const placeholder = () => (dialect === 'postgres' ? `$${++parameter}` : '?');
      const row = () => `(${columns.map(placeholder).join(', ')})`;
      text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${Array.from({ length: rows }, row).join(', ')}`;
      statements.set(rows, text);
    }
    return text;
  };
  let pending: unknown[] = [];
  let rows = 0;
  let written = 0;
  const flush = async () => {
    if (rows === 0) return;
    await db.executeQuery(CompiledQuery.raw(statement(rows), pending));
    written += rows;
    pending = [];
    rows = 0;
  };
  return {
    async add(values: readonly unknown[]) {
      for (const value of values) pending.push(value);
      rows += 1;
      if (rows === ROWS_PER_INSERT) await flush();
    },
    flush,
    written: () => written,
  };
}

async function seedRollups(
  db: Kysely<Database>,
  dialect: Dialect,
  monitorIds: string[],
  options: SeedOptions,
) {
  const hourly = createInserter(db, dialect, 'rollups_hourly', ROLLUP_COLUMNS);
  const daily = createInserter(db, dialect, 'rollups_daily', ROLLUP_COLUMNS);
  const firstDay = Math.floor(options.now / DAY_MS) * DAY_MS - (options.days - 1) * DAY_MS;
  const lastHour = windowStart('24h', options.now) + 23 * HOUR_MS;
  for (const [i, id] of monitorIds.entries()) {
    for (let day = firstDay; day <= lastHour; day += DAY_MS) {
      const sums = new Array<number>(SUMMED).fill(0);
      let min = Number.POSITIVE_INFINITY;
      let max = 0;
      for (let at = day; at < day + DAY_MS && at <= lastHour; at += HOUR_MS) {
        const values = hour(i, at);
        await hourly.add([id, at, ...values]);
        values.forEach((value, column) => {
          sums[column] = (sums[column] ?? 0) + value;
        });
        min = Math.min(min, values[4] ?? min);
        max = Math.max(max, values[5] ?? max);
      }
      sums[4] = min;
      sums[5] = max;
      await daily.add([id, day, ...sums]);
    }
  }
  await hourly.flush();
  await daily.flush();
  return { hourlyRows: hourly.written(), dailyRows: daily.written() };
}

/** An open automatic incident for every down monitor, as the incident engine would have opened. */
async function seedOpenIncidents(
  db: Kysely<Database>,
  workspaceId: string,
  down: MonitorTable[],
  now: number,
) {
  const incidents = down.map((monitor): IncidentTable & { primary_monitor_id: string } => ({
    id: uuidv7(),
    workspace_id: workspaceId,
    title: `${monitor.name} is down`,
    status: 'investigating',
    severity: 'major',
    source: 'automatic',
    primary_monitor_id: monitor.id,
    started_at: now - HOUR_MS,
    acknowledged_at: null,
    resolved_at: null,
    flapping_since: null,
    down_alerted: 1,
    recovery_alerted: 0,
    root_cause: null,
    summary: null,
    follow_ups: null,
    created_at: now - HOUR_MS,
    updated_at: now - HOUR_MS,
  }));
  for (let start = 0; start < incidents.length; start += 500) {
    const batch = incidents.slice(start, start + 500);
    await db.insertInto('incidents').values(batch).execute();
    await db
      .insertInto('incident_monitors')
      .values(
        batch.map((incident) => ({ incident_id: incident.id, monitor_id: incident.primary_monitor_id })),
      )
      .execute();
  }
  return incidents.length;
}

/** Gives `workspaceId` `options.monitors` monitors with `options.days` days of hourly and daily rollups. */
export async function seedMonitorHistory(
  db: Kysely<Database>,
  dialect: Dialect,
  workspaceId: string,
  options: SeedOptions,
): Promise<SeededHistory> {
  const created = options.now - options.days * DAY_MS;
  const statuses = { up: 0, down: 0, degraded: 0, paused: 0 };
  const rows = Array.from({ length: options.monitors }, (_, i) => {
    const status = seededStatus(i);
    statuses[status] += 1;
    return monitorRow(workspaceId, `https://service-${i}.example.com/health`, created + i, {
      name: `Service ${i + 1}`,
      interval_seconds: 60,
      status,
      paused: status === 'paused' ? 1 : 0,
      last_checked_at: options.now - 30_000,
      last_latency_ms: 90,
    });
  });
  await insertMonitors(db, rows);
  const rollups = await seedRollups(
    db,
    dialect,
    rows.map((row) => row.id),
    options,
  );
  const down = rows.filter((row) => row.status === 'down');
  const openIncidents = await seedOpenIncidents(db, workspaceId, down, options.now);
  return { monitorIds: rows.map((row) => row.id), ...rollups, statuses, openIncidents };
}
