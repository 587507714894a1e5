// Generic signed webhook: a JSON POST with
//   X-Upwatch-Timestamp: <unix seconds>
//   X-Upwatch-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>
// Receivers recompute the HMAC over the raw body and reject old timestamps (replays).
import { createHmac } from 'node:crypto';
import type { AlertEvent } from '../alert-event.ts';
import { type RenderContext, summarise } from '../alert-summary.ts';
import { type AlertChannel, hostOf } from '../channel.ts';

export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

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

export const webhookChannel: AlertChannel<'webhook', ReturnType<typeof renderWebhook>> = {
  kind: 'webhook',
  render: renderWebhook,
  async send({ type, body }, config, deps) {
    const timestamp = String(Math.floor(deps.clock.now() / 1000));
    await deps.postJson(config.url, body, {
      signal: deps.signal,
      headers: {
        'x-upwatch-timestamp': timestamp,
        'x-upwatch-signature': signWebhook(config.secret, timestamp, body),
        'x-upwatch-event': type,
        'x-upwatch-delivery': deps.deliveryId,
      },
    });
  },
  target: (config) => hostOf(config.url),
  url: (config) => config.url,
};
