// Sends every alert kind through one channel to a local server standing in for its provider,
// and hands back each request: for tests that check the documented request shape per kind.

import type { AlertEvent } from '../../../core/alerts/alert-event.ts';
import type { RenderContext } from '../../../core/alerts/alert-summary.ts';
import { ALERT_KINDS, type AlertKind } from '../../../core/api/alerts.ts';
import type { ChannelDelivery, ChannelMessage, SendContext } from '../../../core/channels/delivery.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createTargetGuard } from '../../platform/net/target-guard.ts';
import type { SendDeps } from '../channel.ts';
import { createPostJson } from '../post-json.ts';
import { sendRendered } from '../send.ts';
import { ALERT_EVENTS } from './alert-events.ts';
import { type ReceivedRequest, startReceiver } from './receiver.ts';

/** As dispatch.ts renders real alerts: with the signed link that acknowledges the incident. */
export const ACK_LINK = 'https://up.example.com/ack/signed-token';
export const CONTEXT: RenderContext = {
  publicUrl: 'https://up.example.com',
  test: false,
  acknowledgeLink: ACK_LINK,
};

/** Any channel, whatever its kind's config and rendered message. */
interface AnyChannel {
  render(event: AlertEvent, context: RenderContext): unknown;
  message(rendered: never, config: never, context: SendContext): ChannelMessage;
}

export interface SentRequest {
  kind: AlertKind;
  request: ReceivedRequest;
  /** The body as the provider reads it: JSON, or a form's fields. */
  body: Record<string, unknown>;
}

/** `status`: what the stand-in answers (a broken provider's 500, say). */
export async function startChannelHarness(status?: () => number) {
  const receiver = await startReceiver(status);
  const deps: SendDeps = {
    workspaceId: 'w1',
    deliveryId: 'delivery-1',
    clock: new ManualClock(0),
    // Chat, push and phone channels never mail: a mail attempt fails the test.
    mailer: {
      kind: 'outbox',
      send: async () => {
        throw new Error('no mail expected');
      },
      close: async () => undefined,
    },
    memberEmails: async () => [],
    postJson: createPostJson(createTargetGuard({ allowPrivateTargets: true })),
    providers: {
      telegram: receiver.url,
      pagerduty: `${receiver.url}/pd`,
      opsgenie: `${receiver.url}/og`,
      pushover: `${receiver.url}/po`,
      twilio: `${receiver.url}/tw`,
    },
    signal: new AbortController().signal,
  };

  async function sendEveryKind(channel: AnyChannel, config: unknown): Promise<SentRequest[]> {
    const sent: SentRequest[] = [];
    for (const kind of ALERT_KINDS) {
      const before = receiver.requests.length;
      await sendRendered(
        channel as ChannelDelivery<never, never>,
        channel.render(ALERT_EVENTS[kind], CONTEXT) as never,
        config as never,
        deps,
      );
      const request = receiver.requests[before] as ReceivedRequest;
      const form = String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded');
      const body = form
        ? Object.fromEntries(new URLSearchParams(request.body))
        : (JSON.parse(request.body) as Record<string, unknown>);
      sent.push({ kind, request, body });
    }
    return sent;
  }

  return { receiver, deps, sendEveryKind, close: () => receiver.close() };
}
