// Sends one channel's message, whatever the channel: a request through the SSRF guard (signed
// when the message asks for it), or mail to an address or to every member.
import type { ChannelDelivery, ChannelMessage } from '../../core/channels/delivery.ts';
import { DeliveryError, type SendDeps } from './channel.ts';
import { signWebhook } from './webhook-signature.ts';

export async function sendMessage(message: ChannelMessage, deps: SendDeps): Promise<void> {
  if (message.via === 'http') {
    const { signature } = message;
    const headers = signature
      ? {
          ...message.headers,
          [signature.header]: signWebhook(signature.secret, signature.timestamp, message.body),
        }
      : message.headers;
    await deps.postJson(message.url, message.body, {
      ...(message.method ? { method: message.method } : {}),
      ...(headers && Object.keys(headers).length > 0 ? { headers } : {}),
      signal: deps.signal,
    });
    return;
  }
  if (message.to !== 'members') {
    await deps.mailer.send({ workspaceId: deps.workspaceId, to: message.to.address, ...message.mail });
    return;
  }
  const addresses = await deps.memberEmails();
  if (addresses.length === 0) throw new DeliveryError('The workspace has no members to mail.', true);
  // One mail each: members do not see each other's addresses.
  for (const to of addresses) await deps.mailer.send({ workspaceId: deps.workspaceId, to, ...message.mail });
}

/** Builds a rendered alert's message from the channel's config and sends it. */
export function sendRendered<Config, Rendered>(
  delivery: ChannelDelivery<Config, Rendered>,
  rendered: Rendered,
  config: Config,
  deps: SendDeps,
): Promise<void> {
  const message = delivery.message(rendered, config, {
    deliveryId: deps.deliveryId,
    providers: deps.providers,
    nowSeconds: Math.floor(deps.clock.now() / 1000),
  });
  return sendMessage(message, deps);
}
