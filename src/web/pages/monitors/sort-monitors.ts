import type { MonitorStatus } from '../../../core/api/monitors';
import type { MonitorRow } from '../../lib/monitors';

export type SortKey = 'name' | 'status' | 'lastCheckedAt' | 'lastLatencyMs';
export interface Sort {
  key: SortKey;
  direction: 'asc' | 'desc';
}

/** Ascending status order puts what needs attention first. */
const SEVERITY: Record<MonitorStatus, number> = {
  down: 0,
  stale: 1,
  degraded: 2,
  pending: 3,
  up: 4,
  paused: 5,
};

function compare(a: MonitorRow, b: MonitorRow, key: SortKey): number {
  switch (key) {
    case 'name':
      return a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base', numeric: true });
    case 'status':
      return SEVERITY[a.status] - SEVERITY[b.status];
    case 'lastCheckedAt':
    case 'lastLatencyMs': {
      // Never-checked monitors sort last in either direction.
      const left = a[key];
      const right = b[key];
      if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
      return left - right;
    }
  }
}

/** Sorts the loaded rows on the client; ties keep the server's order. */
export function sortMonitors(rows: readonly MonitorRow[], sort: Sort): MonitorRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const order = compare(a.row, b.row, sort.key);
      const nullLast =
        (sort.key === 'lastCheckedAt' || sort.key === 'lastLatencyMs') &&
        (a.row[sort.key] === null || b.row[sort.key] === null);
      return (nullLast ? order : order * sign) || a.index - b.index;
    })
    .map(({ row }) => row);
}
