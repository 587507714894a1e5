// Opsgenie Alert API: an alert created for each problem under an alias, acknowledged by that
// alias when someone takes the incident on in Upwatch, closed by it when the problem ends (a
// recovery, a renewal).
import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { threadOf } from '../../alerts/alert-thread.ts';
import type { ChannelDelivery, StoredConfigs } from '../delivery.ts';

const PRIORITIES = { down: 'P1', warning: 'P3', info: 'P5', up: 'P5' } as const;

export function renderOpsgenie(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  const { key, action } = threadOf(event);
  if (action !== 'open') {
    return {
      action: action === 'resolve' ? ('close' as const) : ('acknowledge' as const),
      alias: key,
      body: { source: 'Upwatch', note: `${s.headline} ${s.description}` },
    };
  }
  const ack = s.acknowledgeLink ? `\nAcknowledge: ${s.acknowledgeLink}` : '';
  return {
    action: 'create' as const,
    alias: key,
    body: {
      message: `[${s.tag}] ${s.title}`.slice(0, 130),
      alias: key,
      description: `${s.headline} ${s.description}\n${s.incidentLink ?? s.monitorLink}${ack}`.slice(
        0,
        15_000,
      ),
      priority: PRIORITIES[s.tone],
      source: 'Upwatch',
      entity: event.monitor.name,
      tags: ['upwatch', event.kind],
      details: Object.fromEntries([...s.facts, ['URL', event.monitor.url]]),
    },
  };
}

export const delivery: ChannelDelivery<StoredConfigs['opsgenie'], ReturnType<typeof renderOpsgenie>> = {
  render: renderOpsgenie,
  message(rendered, config, { providers }) {
    const base = `${providers.opsgenie}/v2/alerts`;
    const url =
      rendered.action === 'create'
        ? base
        : `${base}/${encodeURIComponent(rendered.alias)}/${rendered.action}?identifierType=alias`;
    return {
      via: 'http',
      url,
      headers: { authorization: `GenieKey ${config.apiKey}` },
      body: JSON.stringify(rendered.body),
    };
  },
  target: (config) => `Opsgenie …${config.apiKey.slice(-4)}`,
  url: () => null,
  grouped: false,
};
