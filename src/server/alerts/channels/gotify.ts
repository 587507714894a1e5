// Gotify (self-hosted push): a message to the server's /message with an application token,
// prioritised so phones ring for outages and stay quiet for good news.
import type { AlertEvent } from '../alert-event.ts';
import { type RenderContext, summarise } from '../alert-summary.ts';
import { type AlertChannel, hostOf } from '../channel.ts';

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

export const gotifyChannel: AlertChannel<'gotify', ReturnType<typeof renderGotify>> = {
  kind: 'gotify',
  render: renderGotify,
  async send(rendered, config, deps) {
    await deps.postJson(`${config.url.replace(/\/+$/, '')}/message`, JSON.stringify(rendered), {
      headers: { 'x-gotify-key': config.token },
      signal: deps.signal,
    });
  },
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
