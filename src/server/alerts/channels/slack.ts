// Slack incoming webhook: a fallback `text` for notifications plus Block Kit blocks.
import type { AlertEvent } from '../alert-event.ts';
import { type RenderContext, summarise } from '../alert-summary.ts';
import { type AlertChannel, hostOf } from '../channel.ts';

/** Slack's mrkdwn treats these three as control characters. */
function escapeSlack(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

const ICONS = {
  down: ':red_circle:',
  up: ':large_green_circle:',
  warning: ':warning:',
  info: ':large_blue_circle:',
} as const;

export function renderSlack(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  const icon = ICONS[s.tone];
  const link = s.incidentLink ?? s.monitorLink;
  return {
    text: `${icon} [${s.tag}] ${s.title}`,
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `${icon} *<${link}|${escapeSlack(s.headline)}>*\n${escapeSlack(s.description)}${s.acknowledgeLink ? `\n<${s.acknowledgeLink}|Acknowledge>` : ''}`,
        },
      },
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: `${escapeSlack(event.monitor.url)} · <!date^${Math.floor(event.at / 1000)}^{date_short_pretty} {time}|${new Date(event.at).toISOString()}>`,
          },
        ],
      },
    ],
  };
}

export const slackChannel: AlertChannel<'slack', ReturnType<typeof renderSlack>> = {
  kind: 'slack',
  render: renderSlack,
  async send(rendered, config, deps) {
    await deps.postJson(config.url, JSON.stringify(rendered), { signal: deps.signal });
  },
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
