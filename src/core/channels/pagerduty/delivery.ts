// PagerDuty Events API v2: a trigger for each problem, keyed so that an acknowledgement in
// Upwatch acknowledges, and the event that ends the problem (a recovery, a renewal) resolves,
// the same PagerDuty alert.
import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { threadOf } from '../../alerts/alert-thread.ts';
import type { ChannelDelivery, StoredConfigs } from '../delivery.ts';

const SEVERITIES = { down: 'critical', warning: 'warning', up: 'info', info: 'info' } as const;

export function renderPagerduty(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  const { key, action } = threadOf(event);
  if (action === 'resolve') return { event_action: 'resolve' as const, dedup_key: key };
  if (action === 'acknowledge') return { event_action: 'acknowledge' as const, dedup_key: key };
  const link = s.incidentLink ?? s.monitorLink;
  return {
    event_action: 'trigger' as const,
    dedup_key: key,
    payload: {
      summary: `[${s.tag}] ${s.title}`.slice(0, 1024),
      source: event.monitor.url,
      severity: SEVERITIES[s.tone],
      timestamp: new Date(event.at).toISOString(),
      component: event.monitor.name,
      class: event.kind,
      custom_details: Object.fromEntries([...s.facts, ['Details', `${s.headline} ${s.description}`]]),
    },
    client: 'Upwatch',
    client_url: link,
    links: [
      { href: link, text: 'Open in Upwatch' },
      ...(s.acknowledgeLink ? [{ href: s.acknowledgeLink, text: 'Acknowledge in Upwatch' }] : []),
    ],
  };
}

export const delivery: ChannelDelivery<StoredConfigs['pagerduty'], ReturnType<typeof renderPagerduty>> = {
  render: renderPagerduty,
  message: (rendered, config, { providers }) => ({
    via: 'http',
    url: `${providers.pagerduty}/v2/enqueue`,
    body: JSON.stringify({ routing_key: config.routingKey, ...rendered }),
  }),
  target: (config) => `PagerDuty …${config.routingKey.slice(-4)}`,
  url: () => null,
  grouped: false,
};
