// Mattermost incoming webhook: its Slack-compatible message attachments, coloured by the alert.
import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { type ChannelDelivery, hostOf, type StoredConfigs } from '../delivery.ts';

const COLOURS = { down: '#dc2626', up: '#16a34a', warning: '#d97706', info: '#2563eb' } as const;

export function renderMattermost(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  return {
    username: 'Upwatch',
    text: `[${s.tag}] ${s.title}`,
    attachments: [
      {
        fallback: `[${s.tag}] ${s.title}`,
        color: COLOURS[s.tone],
        title: s.headline,
        title_link: s.incidentLink ?? s.monitorLink,
        text: s.acknowledgeLink ? `${s.description}\n[Acknowledge](${s.acknowledgeLink})` : s.description,
        fields: [...s.facts, ['URL', event.monitor.url]].map(([title, value]) => ({
          short: true,
          title,
          value,
        })),
        footer: 'Upwatch',
      },
    ],
  };
}

export const delivery: ChannelDelivery<StoredConfigs['mattermost'], ReturnType<typeof renderMattermost>> = {
  render: renderMattermost,
  message: (rendered, config) => ({ via: 'http', url: config.url, body: JSON.stringify(rendered) }),
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
