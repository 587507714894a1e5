// Mattermost incoming webhook: its Slack-compatible message attachments, coloured by the alert.
import type { AlertEvent } from '../alert-event.ts';
import { type RenderContext, summarise } from '../alert-summary.ts';
import { type AlertChannel, hostOf } from '../channel.ts';

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

export const mattermostChannel: AlertChannel<'mattermost', ReturnType<typeof renderMattermost>> = {
  kind: 'mattermost',
  render: renderMattermost,
  async send(rendered, config, deps) {
    await deps.postJson(config.url, JSON.stringify(rendered), { signal: deps.signal });
  },
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
