// Rocket.Chat incoming webhook (an integration's URL): text plus one coloured attachment.
import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { type ChannelDelivery, hostOf, type StoredConfigs } from '../delivery.ts';

const COLOURS = { down: '#dc2626', up: '#16a34a', warning: '#d97706', info: '#2563eb' } as const;

export function renderRocketchat(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  return {
    alias: 'Upwatch',
    text: `[${s.tag}] ${s.title}`,
    attachments: [
      {
        title: s.headline,
        title_link: s.incidentLink ?? s.monitorLink,
        text: s.acknowledgeLink ? `${s.description}\n[Acknowledge](${s.acknowledgeLink})` : s.description,
        color: COLOURS[s.tone],
        fields: [...s.facts, ['URL', event.monitor.url]].map(([title, value]) => ({
          short: true,
          title,
          value,
        })),
      },
    ],
  };
}

export const delivery: ChannelDelivery<StoredConfigs['rocketchat'], ReturnType<typeof renderRocketchat>> = {
  render: renderRocketchat,
  message: (rendered, config) => ({ via: 'http', url: config.url, body: JSON.stringify(rendered) }),
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
