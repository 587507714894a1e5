// Slack incoming webhook: a fallback `text` for notifications plus Block Kit blocks.
import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { type ChannelDelivery, hostOf, type StoredConfigs } from '../delivery.ts';

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

export const delivery: ChannelDelivery<StoredConfigs['slack'], ReturnType<typeof renderSlack>> = {
  render: renderSlack,
  message: (rendered, config) => ({ via: 'http', url: config.url, body: JSON.stringify(rendered) }),
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
