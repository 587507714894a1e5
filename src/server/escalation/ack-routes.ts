// PUBLIC_URL/ack/{token}, the link in every Down and escalation alert: GET shows the incident
// and one Acknowledge button (a prefetching mail scanner changes nothing), POST acknowledges.
// Server-rendered, outside /api/v1, no sign-in: the signature is the authority.
import type { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { escapeHtml } from '../../core/mail-layout.ts';
import type { AppEnv } from '../platform/http/caller.ts';
import { messagePage } from '../platform/http/message-page.ts';
import type { AckLinkService, AckLinkState } from './ack-link.ts';

const e = escapeHtml;

function utc(at: number): string {
  return `${new Date(at).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
}

const REFUSALS: Record<
  'invalid' | 'expired' | 'gone' | 'not_in_plan',
  [ContentfulStatusCode, string, string]
> = {
  invalid: [
    400,
    'Invalid acknowledgement link',
    'This link is not valid: it was changed or cut short. Nothing was acknowledged. Open the incident in Upwatch to acknowledge it there.',
  ],
  expired: [
    410,
    'This link has expired',
    'Acknowledgement links work for seven days. Nothing was acknowledged. Open the incident in Upwatch to acknowledge it there.',
  ],
  gone: [404, 'Incident not found', 'This incident no longer exists. Nothing was acknowledged.'],
  not_in_plan: [
    403,
    'Acknowledging needs incident management',
    "This workspace's plan no longer includes incident management. Nothing was acknowledged.",
  ],
};

function render(publicUrl: string, token: string, found: AckLinkState, justNow: boolean) {
  if (!('incident' in found)) {
    const [status, title, text] = REFUSALS[found.state];
    return { status, html: messagePage(title, `<p>${e(text)}</p>`) };
  }
  const { incident, monitorName } = found;
  const open = `<p><a href="${e(`${publicUrl}/dashboard/incidents/${encodeURIComponent(incident.id)}`)}">Open the incident in Upwatch</a></p>`;
  const facts = `<dl><dt>Incident</dt><dd>${e(incident.title)}</dd>${
    monitorName ? `<dt>Monitor</dt><dd>${e(monitorName)}</dd>` : ''
  }<dt>Started</dt><dd>${e(utc(incident.started_at))}</dd></dl>`;
  if (found.state === 'resolved') {
    return {
      status: 200 as const,
      html: messagePage(
        'This incident is resolved',
        `${facts}<p>There is nothing to acknowledge.</p>${open}`,
      ),
    };
  }
  if (found.state === 'acknowledged') {
    const who = incident.acknowledged_label ?? 'someone';
    const when = incident.acknowledged_at === null ? '' : ` at ${utc(incident.acknowledged_at)}`;
    const title = justNow ? 'Acknowledged' : 'Already acknowledged';
    const text = justNow
      ? 'Escalation has stopped, and the channels already alerted are being told.'
      : `${who.charAt(0).toUpperCase()}${who.slice(1)} acknowledged it${when}. Nothing more was sent.`;
    return { status: 200 as const, html: messagePage(title, `${facts}<p>${e(text)}</p>${open}`) };
  }
  const action = `/ack/${encodeURIComponent(token)}`;
  return {
    status: 200 as const,
    html: messagePage(
      'Acknowledge this incident?',
      `${facts}<p>Acknowledging tells the team you are on it: escalation stops and the channels already alerted are told.</p>
<form method="post" action="${e(action)}"><button type="submit">Acknowledge</button></form>`,
    ),
  };
}

export function mountAckRoutes(app: Hono<AppEnv>, links: AckLinkService, publicUrl: string): void {
  app.get('/ack/:token', async (c) => {
    const token = c.req.param('token');
    const page = render(publicUrl, token, await links.read(token), false);
    return c.html(page.html, page.status);
  });
  app.post('/ack/:token', async (c) => {
    const token = c.req.param('token');
    const { result, acknowledged } = await links.acknowledge(token);
    const page = render(publicUrl, token, result, acknowledged);
    return c.html(page.html, page.status);
  });
}
