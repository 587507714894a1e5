// Upwatch's webhook signature, for alert webhooks and status-page subscribers' webhooks alike:
// `sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`. Receivers recompute it over the raw
// body and reject old timestamps (replays).
import { createHmac } from 'node:crypto';

export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
