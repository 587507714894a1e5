// Email: subject '[Down] api.example.com — 503 Service Unavailable' (or '[Certificate expiring] …'),
// HTML and plain text.

import type { AlertEvent } from '../../alerts/alert-event.ts';
import { formatInstant, type RenderContext, summarise } from '../../alerts/alert-summary.ts';
import { type MailContent, renderMailHtml, renderMailText } from '../../mail-layout.ts';
import type { ChannelDelivery, RenderedMail, StoredConfigs } from '../delivery.ts';

const ACCENTS = { down: '#dc2626', up: '#16a34a', warning: '#d97706', info: '#2563eb' } as const;

function content(event: AlertEvent, context: RenderContext): MailContent {
  const s = summarise(event, context);
  const facts: [string, string][] = [
    ['Monitor', event.monitor.name],
    ['URL', event.monitor.url],
    ...s.facts,
    [s.atLabel, formatInstant(event.at, context.timeZone ?? 'UTC')],
  ];
  const paragraphs = [s.paragraph];
  if (context.test) paragraphs.unshift('This is a test alert: nothing is down.');
  return {
    heading: s.headline,
    accent: ACCENTS[s.tone],
    paragraphs,
    facts,
    button: s.acknowledgeLink
      ? { label: 'Acknowledge', href: s.acknowledgeLink }
      : s.incidentLink
        ? { label: 'View the incident', href: s.incidentLink }
        : { label: context.test ? 'Notification settings' : 'View the monitor', href: s.monitorLink },
    // Acknowledging stops the escalation; the incident stays one click away.
    secondary:
      s.acknowledgeLink && s.incidentLink ? { label: 'View the incident', href: s.incidentLink } : undefined,
    footer: { text: 'Change where Upwatch sends alerts', href: s.settingsLink },
  };
}

export function renderAlertMail(event: AlertEvent, context: RenderContext): RenderedMail {
  const s = summarise(event, context);
  const mail = content(event, context);
  return { subject: `[${s.tag}] ${s.title}`, html: renderMailHtml(mail), text: renderMailText(mail) };
}

export const delivery: ChannelDelivery<StoredConfigs['email'], RenderedMail> = {
  render: renderAlertMail,
  message: (mail, config) => ({ via: 'mail', to: { address: config.address }, mail }),
  target: (config) => config.address,
  url: () => null,
};
