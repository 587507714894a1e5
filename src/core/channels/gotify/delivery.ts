// Gotify (self-hosted push): a message to the server's /message with an application token,
// prioritised so phones ring for outages and stay quiet for good news.
import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { type ChannelDelivery, hostOf, type StoredConfigs } from '../delivery.ts';

/** Gotify's 0–10 scale: its Android app alerts loudly from 8 up, quietly below 4. */
const PRIORITIES = { down: 8, warning: 5, info: 4, up: 2 } as const;

export function renderGotify(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  const link = s.incidentLink ?? s.monitorLink;
  return {
    title: `[${s.tag}] ${s.title}`,
    message: `${s.headline} ${s.description}\n${link}${s.acknowledgeLink ? `\nAcknowledge: ${s.acknowledgeLink}` : ''}`,
    priority: PRIORITIES[s.tone],
    extras: { 'client::notification': { click: { url: link } } },
  };
}

export const delivery: ChannelDelivery<StoredConfigs['gotify'], ReturnType<typeof renderGotify>> = {
  render: renderGotify,
  message: (rendered, config) => ({
    via: 'http',
    url: `${config.url.replace(/\/+$/, '')}/message`,
    headers: { 'x-gotify-key': config.token },
    body: JSON.stringify(rendered),
  }),
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
