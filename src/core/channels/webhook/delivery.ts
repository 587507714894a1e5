// Generic signed webhook: a JSON POST with
//   X-Upwatch-Timestamp: <unix seconds>
//   X-Upwatch-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>
// Receivers recompute the HMAC over the raw body and reject old timestamps (replays). The server
// computes the signature when it sends (server/alerts/webhook-signature.ts).
import type { AlertEvent } from '../../alerts/alert-event.ts';
import { type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { type ChannelDelivery, hostOf, type StoredConfigs } from '../delivery.ts';

export function renderWebhook(event: AlertEvent, context: RenderContext) {
  const s = summarise(event, context);
  const body = JSON.stringify({
    type: event.kind,
    test: context.test,
    at: event.at,
    summary: `[${s.tag}] ${s.title}`,
    monitor: { ...event.monitor, link: s.monitorLink },
    incident: event.incident ? { ...event.incident, link: s.incidentLink } : null,
    // POST it (no body, no auth: the signature is the authority) to acknowledge the incident.
    ...(s.acknowledgeLink ? { acknowledgeUrl: s.acknowledgeLink } : {}),
    failure: event.failure,
    downtimeMs: event.downtimeMs,
    // Certificate alerts (ssl.*) carry the certificate's facts; monitor alerts keep their shape.
    ...(event.certificate ? { certificate: event.certificate } : {}),
    ...(event.domain ? { domain: event.domain } : {}),
    ...(event.performance ? { performance: event.performance } : {}),
    ...(event.escalation ? { escalation: event.escalation } : {}),
    ...(event.acknowledgement ? { acknowledgement: event.acknowledgement } : {}),
    ...(event.flapping ? { flapping: event.flapping } : {}),
  });
  return { type: event.kind, body };
}

export const delivery: ChannelDelivery<StoredConfigs['webhook'], ReturnType<typeof renderWebhook>> = {
  render: renderWebhook,
  message({ type, body }, config, { deliveryId, nowSeconds }) {
    const timestamp = String(nowSeconds);
    return {
      via: 'http',
      url: config.url,
      headers: {
        'x-upwatch-timestamp': timestamp,
        'x-upwatch-event': type,
        'x-upwatch-delivery': deliveryId,
      },
      body,
      signature: { header: 'x-upwatch-signature', secret: config.secret, timestamp },
    };
  },
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
