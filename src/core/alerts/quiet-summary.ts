// The words of the quiet-alerting kinds (issue 19): grouped Down and Recovered alerts, the
// reminder while a monitor stays down, and slow answers. summarise() hands these kinds here.
import type { AlertEvent } from './alert-event.ts';

export interface QuietSummaryParts {
  down: boolean;
  tone: 'down' | 'up' | 'warning';
  tag: string;
  titleDetail: string;
  headline: string;
  detail: string;
  description: string;
  paragraph: string;
  facts: [string, string][];
  atLabel: string;
  /** A grouped alert links the dashboard, not one monitor. */
  grouped: boolean;
}

const LISTED_NAMES = 3;

function names(event: AlertEvent): string {
  const all = (event.group ?? []).map((member) => member.monitor.name);
  const shown = all.slice(0, LISTED_NAMES).join(', ');
  return all.length > LISTED_NAMES ? `${shown} and ${all.length - LISTED_NAMES} more` : shown;
}

export function summariseQuiet(
  event: AlertEvent,
  words: { reason(event: AlertEvent): string; duration(ms: number): string },
): QuietSummaryParts | null {
  const name = event.monitor.name;
  switch (event.kind) {
    case 'monitors.down':
    case 'monitors.up': {
      const down = event.kind === 'monitors.down';
      const group = event.group ?? [];
      const facts = group.map((member): [string, string] => [
        member.monitor.name,
        down
          ? words.reason({ ...event, failure: member.failure })
          : `back up after ${words.duration(member.downtimeMs ?? 0)}`,
      ]);
      const count = `${group.length} monitors`;
      return {
        down,
        tone: down ? 'down' : 'up',
        tag: down ? 'Down' : 'Recovered',
        titleDetail: `${count} ${down ? 'down' : 'back up'}: ${names(event)}`,
        headline: down ? `${count} are down.` : `${count} are back up.`,
        detail: facts.map(([monitor, what]) => `${monitor}: ${what}`).join('; '),
        description: down
          ? 'They failed within moments of each other; one alert lists them all.'
          : 'They recovered within moments of each other.',
        paragraph: down
          ? `Upwatch confirmed that ${count} stopped answering as expected within moments of each other. Each has its own incident.`
          : `${count} answer as expected again.`,
        facts,
        atLabel: down ? 'Down since' : 'Recovered at',
        grouped: true,
      };
    }
    case 'monitor.reminder': {
      const downFor = words.duration(event.downtimeMs ?? 0);
      return {
        down: true,
        tone: 'down',
        tag: 'Still down',
        titleDetail: `still down after ${downFor}`,
        headline: `${name} is still down.`,
        detail: `down for ${downFor}`,
        description: `Down for ${downFor} and not yet acknowledged.`,
        paragraph: `${event.monitor.url} has not answered as expected for ${downFor}. This reminder repeats until the incident is acknowledged or the monitor recovers.`,
        facts: [['Down for', downFor]],
        atLabel: 'Down since',
        grouped: false,
      };
    }
    case 'monitor.degraded':
    case 'monitor.speed_recovered': {
      const slow = event.kind === 'monitor.degraded';
      const latency = `${event.slow?.latencyMs ?? 0} ms`;
      const threshold = `${event.slow?.thresholdMs ?? 0} ms`;
      return {
        down: false,
        tone: slow ? 'warning' : 'up',
        tag: slow ? 'Slow' : 'Back to normal speed',
        titleDetail: slow ? `answering in ${latency}` : `answering in ${latency} again`,
        headline: slow ? `${name} is answering slowly.` : `${name} answers at normal speed again.`,
        detail: slow
          ? `two checks running took longer than ${threshold} (latest ${latency})`
          : `the latest check took ${latency}, within ${threshold}`,
        description: slow
          ? `Latest response: ${latency} (threshold ${threshold}).`
          : `Latest response: ${latency}.`,
        paragraph: slow
          ? `${event.monitor.url} is up but took longer than ${threshold} to answer in two checks running.`
          : `${event.monitor.url} answers within ${threshold} again.`,
        facts: [
          ['Response time', latency],
          ['Threshold', threshold],
        ],
        atLabel: slow ? 'Slow since' : 'Normal since',
        grouped: false,
      };
    }
    case 'monitor.region_down':
    case 'monitor.region_recovered': {
      const failing = event.kind === 'monitor.region_down';
      const region = event.region?.name ?? 'a region';
      const error = event.region?.error ?? 'the check failed';
      return {
        down: false,
        tone: failing ? 'warning' : 'up',
        tag: failing ? 'Region down' : 'Region recovered',
        titleDetail: failing ? `failing from ${region}` : `answering from ${region} again`,
        headline: failing ? `${name} is failing from ${region}.` : `${name} answers from ${region} again.`,
        detail: failing
          ? `checks from ${region} fail (${error}); the other regions see it up`
          : `checks from ${region} pass again`,
        description: failing
          ? `Failing from ${region}: ${error}. Not enough regions fail for an incident.`
          : `Checks from ${region} pass again.`,
        paragraph: failing
          ? `${event.monitor.url} fails from ${region} (${error}) while the other regions see it up, so no incident is open. A network problem between ${region} and the target is the usual cause.`
          : `${event.monitor.url} answers from ${region} again.`,
        facts: failing
          ? [
              ['Region', region],
              ['Error', error],
            ]
          : [['Region', region]],
        atLabel: failing ? 'Failing since' : 'Recovered at',
        grouped: false,
      };
    }
    default:
      return null;
  }
}
