// Matrix: an m.room.message to the room through the client-server API, sent as the bot account
// whose access token the channel holds. The delivery id is the transaction id, so a retried
// delivery is recognised by the homeserver and posted once.

import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { escapeHtml } from '../../mail-layout.ts';
import { type ChannelDelivery, hostOf, type StoredConfigs } from '../delivery.ts';

const ICONS = { down: '🔴', up: '🟢', warning: '⚠️', info: '🔵' } as const;

export function renderMatrix(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  const link = s.incidentLink ?? s.monitorLink;
  const title = `${ICONS[s.tone]} [${s.tag}] ${s.title}`;
  const text = `${s.headline} ${s.description}`;
  const ack = s.acknowledgeLink;
  return {
    msgtype: 'm.text',
    body: `${title}\n${text}\n${link}${ack ? `\nAcknowledge: ${ack}` : ''}`,
    format: 'org.matrix.custom.html',
    formatted_body: `<strong>${escapeHtml(title)}</strong><br>${escapeHtml(text)}<br><a href="${escapeHtml(link)}">Open in Upwatch</a>${ack ? ` · <a href="${escapeHtml(ack)}">Acknowledge</a>` : ''}`,
  };
}

export const delivery: ChannelDelivery<StoredConfigs['matrix'], ReturnType<typeof renderMatrix>> = {
  render: renderMatrix,
  message(rendered, config, { deliveryId }) {
    const room = encodeURIComponent(config.roomId);
    const txn = encodeURIComponent(deliveryId);
    return {
      via: 'http',
      url: `${config.url.replace(/\/+$/, '')}/_matrix/client/v3/rooms/${room}/send/m.room.message/${txn}`,
      method: 'PUT',
      headers: { authorization: `Bearer ${config.accessToken}` },
      body: JSON.stringify(rendered),
    };
  },
  target: (config) => `${config.roomId} on ${hostOf(config.url)}`,
  url: (config) => config.url,
};
