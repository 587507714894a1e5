// Email: subject '[Down] api.example.com — 503 Service Unavailable', HTML and plain text.
import { type MailContent, renderMailHtml, renderMailText } from '../../mail/layout.ts';
import type { AlertEvent } from '../alert-event.ts';
import { formatDuration, type RenderContext, summarise } from '../alert-summary.ts';
import type { AlertChannel } from '../channel.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

function content(event: AlertEvent, context: RenderContext): MailContent {
  const s = summarise(event, context);
  const at = new Date(event.at).toISOString().replace('T', ' ').slice(0, 16);
  const facts: [string, string][] = [
    ['Monitor', event.monitor.name],
    ['URL', event.monitor.url],
    s.down ? ['Reason', s.detail] : ['Downtime', formatDuration(event.downtimeMs ?? 0)],
    [s.down ? 'Down since' : 'Recovered at', `${at} UTC`],
  ];
  const paragraphs = [
    s.down
      ? `Upwatch confirmed that ${event.monitor.url} is not answering as expected.`
      : `${event.monitor.url} answers as expected again.`,
  ];
  if (context.test) paragraphs.unshift('This is a test alert: nothing is down.');
  return {
    heading: s.headline,
    accent: s.down ? '#dc2626' : '#16a34a',
    paragraphs,
    facts,
    button: s.incidentLink
      ? { label: 'View the incident', href: s.incidentLink }
      : { label: context.test ? 'Notification settings' : 'View the monitor', href: s.monitorLink },
    footer: { text: 'Change where Upwatch sends alerts', href: s.settingsLink },
  };
}

export const emailChannel: AlertChannel<'email', RenderedMail> = {
  kind: 'email',
  render(event, context) {
    const s = summarise(event, context);
    const mail = content(event, context);
    return { subject: `[${s.tag}] ${s.title}`, html: renderMailHtml(mail), text: renderMailText(mail) };
  },
  async send(rendered, config, deps) {
    await deps.mailer.send({ userId: deps.userId, to: config.address, ...rendered });
  },
  target: (config) => config.address,
  url: () => null,
};
