// A region's last 24 hours by time, from its raw results: what the monitor's Regions card shows
// beside the 30 days its daily rollups hold.
import { statusCode } from '../history/result-codes.ts';
import { uptimeOf } from '../history/uptime.ts';

export interface RegionCheck {
  region: string;
  checked_at: number;
  status: number;
  total_ms: number;
}

/**
 * One region's last 24 hours by time: each check stands for the time until the region's next
 * (the last until now), and a failure is down only once its re-check fails too, as a confirmed
 * outage is; a failure the re-check cleared counts as up.
 */
export function regionDay(checks: readonly RegionCheck[], now: number) {
  const down = statusCode('down');
  let upMs = 0;
  let downMs = 0;
  let inOutage = false;
  let answered = 0;
  let latency = 0;
  checks.forEach((check, index) => {
    const next = checks[index + 1];
    if (check.status !== down) inOutage = false;
    else if (next?.status === down) inOutage = true;
    if (check.status !== down) {
      answered += 1;
      latency += check.total_ms;
    }
    const ms = Math.max(0, (next?.checked_at ?? now) - check.checked_at);
    if (inOutage) downMs += ms;
    else upMs += ms;
  });
  const uptime = uptimeOf({ checks: checks.length, upChecks: answered, upMs, downMs });
  return {
    checks: checks.length,
    uptimePercent: uptime === null ? null : Math.round(uptime * 100) / 100,
    avgMs: answered === 0 ? null : Math.round(latency / answered),
  };
}
