// Every member of the workspace by email: the same mail as an email channel, sent to each
// member's account address as it is when the alert goes out (members come and go).
import type { AlertChannel } from '../channel.ts';
import { DeliveryError } from '../channel.ts';
import { emailChannel, type RenderedMail } from './email.ts';

export const membersChannel: AlertChannel<'members', RenderedMail> = {
  kind: 'members',
  render: (event, context) => emailChannel.render(event, context),
  async send(rendered, _config, deps) {
    const addresses = await deps.memberEmails();
    if (addresses.length === 0) throw new DeliveryError('The workspace has no members to mail.', true);
    // One mail each: members do not see each other's addresses.
    for (const to of addresses) await deps.mailer.send({ userId: deps.userId, to, ...rendered });
  },
  target: () => 'Every member',
  url: () => null,
};
