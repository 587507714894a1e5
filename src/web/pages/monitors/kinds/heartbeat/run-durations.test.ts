import { describe, expect, it } from 'vitest';
import type { HeartbeatPing } from '../../../../../core/api/monitor-kinds/heartbeat';
import { runSummary, runsOf } from './run-durations';

function ping(at: number, durationMs: number | null, kind: HeartbeatPing['kind'] = 'success'): HeartbeatPing {
  return {
    id: `p${at}`,
    at,
    kind,
    exitStatus: null,
    rid: null,
    durationMs,
    sourceAddress: null,
    userAgent: null,
    body: null,
    bodyTruncated: false,
  };
}

describe('runsOf', () => {
  it('keeps only the timed pings, oldest first', () => {
    const pings = [ping(3000, 2000), ping(2500, null, 'start'), ping(1000, 500), ping(900, null)];
    expect(runsOf(pings)).toEqual([
      { at: 1000, durationMs: 500 },
      { at: 3000, durationMs: 2000 },
    ]);
  });
});

describe('runSummary', () => {
  it('names the shortest, longest and latest run', () => {
    const runs = [
      { at: 1, durationMs: 243_000 },
      { at: 2, durationMs: 1_200 },
      { at: 3, durationMs: 2_100 },
    ];
    expect(runSummary(runs)).toBe('Last 3 runs: shortest 1 s, longest 4 min 3 s, latest 2 s');
  });

  it('reads a single run as one duration', () => {
    expect(runSummary([{ at: 1, durationMs: 42_000 }])).toBe('Last run: 42 s');
  });
});
