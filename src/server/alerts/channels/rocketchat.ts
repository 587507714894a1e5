// Rocket.Chat incoming webhook (an integration's URL): text plus one coloured attachment.
import type { AlertEvent } from '../alert-event.ts';
import { type RenderContext, summarise } from '../alert-summary.ts';
import { type AlertChannel, hostOf } from '../channel.ts';

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

export const rocketchatChannel: AlertChannel<'rocketchat', ReturnType<typeof renderRocketchat>> = {
  kind: 'rocketchat',
  render: renderRocketchat,
  async send(rendered, config, deps) {
    await deps.postJson(config.url, JSON.stringify(rendered), { signal: deps.signal });
  },
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
