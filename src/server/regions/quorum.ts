// The quorum rule (issue 21): a monitor checked from several regions is down when at least
// `quorum` of its live regions are down after their own confirming re-checks (by default more
// than half), degraded when that many are down or slow, and up otherwise.
import type { CheckStatus } from '../platform/db/schema.ts';
import type { MonitorRegionTable } from '../platform/db/worker-schema.ts';

export interface QuorumVerdict {
  /** Null while no region has a judged result yet. */
  verdict: CheckStatus | null;
  /** The regions down now, by name: named by the incident, or shown as "failing from". */
  failing: MonitorRegionTable[];
}

/** More than half, unless the monitor asks for a count (never more than the regions there are). */
export function quorumOf(regionCount: number, quorum: number | null): number {
  return Math.max(1, Math.min(regionCount, quorum ?? Math.floor(regionCount / 2) + 1));
}

export function quorumVerdict(regions: readonly MonitorRegionTable[], quorum: number | null): QuorumVerdict {
  const failing = regions
    .filter((row) => row.status === 'down')
    .sort((a, b) => a.region.localeCompare(b.region));
  if (regions.every((row) => row.status === 'pending')) return { verdict: null, failing };
  const needed = quorumOf(regions.length, quorum);
  const slow = regions.filter((row) => row.status === 'degraded').length;
  const verdict = failing.length >= needed ? 'down' : failing.length + slow >= needed ? 'degraded' : 'up';
  return { verdict, failing };
}
