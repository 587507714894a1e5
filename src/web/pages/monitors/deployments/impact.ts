import type { DeploymentImpact } from '../../../../core/api/deployments';
import { formatNumber, formatPercent } from '../../../lib/format';

/** The hour compared on each side of a deployment, as the server's impact endpoint counts it. */
export const IMPACT_WINDOW_MS = 3_600_000;

/** '+180 ms p50 after v1.4.2', or why there is nothing to compare yet. */
export function latencySentence(impact: DeploymentImpact, name: string): string {
  const { before, after } = impact;
  if (before.p50Ms === null) return `No checks in the hour before ${name} to compare with.`;
  if (after.p50Ms === null) return `No checks after ${name} yet.`;
  const delta = Math.round(after.p50Ms - before.p50Ms);
  const sign = delta > 0 ? '+' : delta < 0 ? '-' : '±';
  return `${sign}${formatNumber(Math.abs(delta))} ms p50 after ${name}`;
}

function rate(value: number | null): string {
  return value === null ? '—' : formatPercent(value * 100, 1);
}

/** 'Error rate 0.0% before, 5.0% after' */
export function errorRateSentence(impact: DeploymentImpact): string {
  return `Error rate ${rate(impact.before.errorRate)} before, ${rate(impact.after.errorRate)} after`;
}

/** Whether the deployment is too recent for a full hour after it. */
export function afterWindowOpen(deployedAt: number, now: number): boolean {
  return now < deployedAt + IMPACT_WINDOW_MS;
}

/** Worse after the deployment: slower by a fifth or more, or more failed checks. */
export function isRegression(impact: DeploymentImpact): boolean {
  const { before, after } = impact;
  const slower = before.p50Ms !== null && after.p50Ms !== null && after.p50Ms >= before.p50Ms * 1.2 + 10;
  const failing = (after.errorRate ?? 0) > (before.errorRate ?? 0);
  return slower || failing;
}
