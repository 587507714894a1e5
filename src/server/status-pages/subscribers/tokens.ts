// The links a subscriber acts through without signing in, signed with SECRET_KEY (one purpose
// each, so a confirmation token never unsubscribes), and each webhook subscriber's signing
// secret, derived from SECRET_KEY and the subscriber's id so nothing secret is stored.
import { createHmac } from 'node:crypto';
import { signToken, verifyToken } from '../../platform/signed-token.ts';

const CONFIRM = 'status-page-subscriber-confirm';
const UNSUBSCRIBE = 'status-page-subscriber-unsubscribe';

export interface SubscriberLinks {
  page: string;
  confirm: string;
  unsubscribe: string;
}

export function subscriberLinks(
  publicUrl: string,
  secret: string,
  slug: string,
  subscriberId: string,
): SubscriberLinks {
  const page = `${publicUrl}/status/${encodeURIComponent(slug)}`;
  return {
    page,
    confirm: `${page}/confirm/${signToken(secret, CONFIRM, subscriberId)}`,
    unsubscribe: `${page}/unsubscribe/${signToken(secret, UNSUBSCRIBE, subscriberId)}`,
  };
}

/** The subscriber id a confirmation token names, or null for anything forged or cut short. */
export function readConfirmToken(secret: string, token: string): string | null {
  return verifyToken(secret, CONFIRM, token);
}

export function readUnsubscribeToken(secret: string, token: string): string | null {
  return verifyToken(secret, UNSUBSCRIBE, token);
}

/** Signs this subscriber's webhook events exactly as a webhook alert channel's secret does. */
export function webhookSecretOf(secret: string, subscriberId: string): string {
  return `whsec_${createHmac('sha256', secret).update(`status-page-webhook:${subscriberId}`).digest('base64url')}`;
}
