// ntfy (ntfy.sh or a self-hosted server): a JSON publish to the server's root naming the topic,
// with a title, a click-through link and tags ntfy shows as emoji. Bad news goes at the channel's
// priority, good news at ntfy's default; a protected topic takes a bearer access token.
import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { type ChannelDelivery, hostOf, type StoredConfigs } from '../delivery.ts';

const TAGS = { down: 'red_circle', up: 'green_circle', warning: 'warning', info: 'eyes' } as const;
const DEFAULT_PRIORITY = 3;

export function renderNtfy(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  return {
    title: `[${s.tag}] ${s.title}`,
    message: `${s.headline} ${s.description}`,
    tags: [TAGS[s.tone]],
    click: s.incidentLink ?? s.monitorLink,
    // ntfy's action buttons: an http action would acknowledge without the page, so a view action.
    ...(s.acknowledgeLink
      ? { actions: [{ action: 'view', label: 'Acknowledge', url: s.acknowledgeLink, clear: true }] }
      : {}),
    /** Whether the channel's own priority applies; good news and follow-ups go at the default. */
    urgent: s.tone === 'down' || s.tone === 'warning',
  };
}

export const delivery: ChannelDelivery<StoredConfigs['ntfy'], ReturnType<typeof renderNtfy>> = {
  render: renderNtfy,
  message({ urgent, ...message }, config) {
    const body = { topic: config.topic, priority: urgent ? config.priority : DEFAULT_PRIORITY, ...message };
    const headers: Record<string, string> = config.token ? { authorization: `Bearer ${config.token}` } : {};
    return { via: 'http', url: config.url, headers, body: JSON.stringify(body) };
  },
  target: (config) => `${hostOf(config.url)}/${config.topic}`,
  url: (config) => config.url,
};
