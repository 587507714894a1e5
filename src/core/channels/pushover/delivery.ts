// Pushover: a message to the user (or group) key through the application's token. At emergency
// priority Pushover repeats it every minute for an hour until acknowledged in its app.
import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import type { ChannelDelivery, StoredConfigs } from '../delivery.ts';

const EMERGENCY = 2;
/** Pushover's own bounds: repeat at least every 30 s, for at most 3 hours. */
const EMERGENCY_RETRY_S = 60;
const EMERGENCY_EXPIRE_S = 3600;

export function renderPushover(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  return {
    title: `[${s.tag}] ${s.title}`.slice(0, 250),
    message: `${s.headline} ${s.description}`.slice(0, 1024),
    // One supplementary URL per message: acknowledging is what a phone's owner needs most.
    url: s.acknowledgeLink ?? s.incidentLink ?? s.monitorLink,
    url_title: s.acknowledgeLink ? 'Acknowledge' : 'Open in Upwatch',
    timestamp: Math.floor(event.at / 1000),
    /** Whether the channel's own priority applies; good news and follow-ups go at 0. */
    urgent: s.tone === 'down' || s.tone === 'warning',
  };
}

export const delivery: ChannelDelivery<StoredConfigs['pushover'], ReturnType<typeof renderPushover>> = {
  render: renderPushover,
  message({ urgent, ...message }, config, { providers }) {
    const priority = urgent ? config.priority : 0;
    const body = {
      token: config.appToken,
      user: config.userKey,
      ...message,
      priority,
      ...(priority === EMERGENCY ? { retry: EMERGENCY_RETRY_S, expire: EMERGENCY_EXPIRE_S } : {}),
    };
    return { via: 'http', url: `${providers.pushover}/1/messages.json`, body: JSON.stringify(body) };
  },
  target: (config) => `Pushover …${config.userKey.slice(-4)}`,
  url: () => null,
};
