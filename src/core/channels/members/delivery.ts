// Every member of the workspace by email: the same mail as an email channel, sent to each
// member's account address as it is when the alert goes out (members come and go).
import type { ChannelDelivery, RenderedMail, StoredConfigs } from '../delivery.ts';
import { renderAlertMail } from '../email/delivery.ts';

export const delivery: ChannelDelivery<StoredConfigs['members'], RenderedMail> = {
  render: renderAlertMail,
  message: (mail) => ({ via: 'mail', to: 'members', mail }),
  target: () => 'Every member',
  url: () => null,
};
