// What a subscriber receives, as pure functions of one message's context: the mail (heading,
// facts, a link to the page, the unsubscribe link) and the webhook's JSON body.
import { INCIDENT_STATUS_LABELS } from '../../core/api/incidents.ts';
import type { SubscriberMessageKind } from '../db/subscriber-schema.ts';
import type { MailContent } from '../mail/layout.ts';
import type { NoticePayload } from './notices.ts';
import { fill, SUBSCRIBER_MAIL_TEXT as M } from './text.ts';
import type { SubscriberLinks } from './tokens.ts';

export interface MessageContext {
  kind: SubscriberMessageKind;
  /** Null for a confirmation request. */
  payload: NoticePayload | null;
  page: { name: string };
  links: SubscriberLinks;
  /** The page's monitors by id, under the names the page shows. */
  names: ReadonlyMap<string, string>;
  /** The monitors the event touches; null for every monitor. */
  monitorIds: readonly string[] | null;
  at: number;
}

const ACCENTS: Record<SubscriberMessageKind, string> = {
  'subscription.confirm': '#2563eb',
  'incident.opened': '#dc2626',
  'incident.updated': '#d97706',
  'incident.resolved': '#16a34a',
  'maintenance.scheduled': '#2563eb',
  'maintenance.started': '#2563eb',
};

const utc = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

export function formatUtc(at: number): string {
  return `${utc.format(at)} UTC`;
}

/** The page's monitors the event touches, under the page's names, in the page's order. */
function affected(context: MessageContext): string[] {
  const touched = context.monitorIds === null ? null : new Set(context.monitorIds);
  return [...context.names].filter(([id]) => touched === null || touched.has(id)).map(([, name]) => name);
}

/** The title visitors know: an automatic incident is named after the page's name for its monitor. */
function titleOf(payload: NoticePayload, names: ReadonlyMap<string, string>): string {
  if ('maintenance' in payload) return payload.maintenance.name;
  const { incident } = payload;
  const shown = incident.primaryMonitorId ? names.get(incident.primaryMonitorId) : undefined;
  return incident.automatic && shown ? `${shown} is down` : incident.title;
}

function facts(payload: NoticePayload, affects: string[]): [string, string][] {
  const rows: [string, string][] = [];
  if ('incident' in payload) {
    const { incident } = payload;
    rows.push([M.status, INCIDENT_STATUS_LABELS[incident.status]]);
    rows.push([M.started, formatUtc(incident.startedAt)]);
    if (incident.resolvedAt !== null) rows.push([M.resolved, formatUtc(incident.resolvedAt)]);
  } else {
    rows.push([M.from, formatUtc(payload.maintenance.startsAt)]);
    rows.push([M.until, formatUtc(payload.maintenance.endsAt)]);
  }
  if (affects.length > 0) rows.push([M.affects, affects.join(', ')]);
  return rows;
}

export function renderMail(context: MessageContext): { subject: string; content: MailContent } {
  const page = context.page.name;
  const footer = { text: fill(M.unsubscribe, { page }), href: context.links.unsubscribe };
  if (context.kind === 'subscription.confirm' || !context.payload) {
    const heading = fill(M.confirmSubject, { page });
    return {
      subject: heading,
      content: {
        heading,
        accent: ACCENTS['subscription.confirm'],
        paragraphs: [fill(M.confirmIntro, { page })],
        facts: [],
        button: { label: M.confirmButton, href: context.links.confirm },
        footer,
      },
    };
  }
  const { payload } = context;
  const heading = fill(M[context.kind], { title: titleOf(payload, context.names) });
  const message = 'incident' in payload ? payload.incident.message : null;
  return {
    subject: fill(M.subject, { page, heading }),
    content: {
      heading,
      accent: ACCENTS[context.kind],
      paragraphs: message ? [message] : [],
      facts: facts(payload, affected(context)),
      button: { label: M.viewPage, href: context.links.page },
      footer,
    },
  };
}

export function renderWebhookBody(context: MessageContext): string {
  const page = { name: context.page.name, url: context.links.page };
  const base = { type: context.kind, at: context.at, page };
  if (context.kind === 'subscription.confirm' || !context.payload) {
    return JSON.stringify({
      ...base,
      // GET it to start receiving events.
      confirmUrl: context.links.confirm,
      unsubscribeUrl: context.links.unsubscribe,
    });
  }
  const { payload } = context;
  const monitors = affected(context);
  const detail =
    'incident' in payload
      ? {
          incident: {
            id: payload.incident.id,
            title: titleOf(payload, context.names),
            status: payload.incident.status,
            message: payload.incident.message,
            startedAt: payload.incident.startedAt,
            resolvedAt: payload.incident.resolvedAt,
            monitors,
          },
        }
      : { maintenance: { ...payload.maintenance, monitors } };
  // POST it (no body) to unsubscribe.
  return JSON.stringify({ ...base, ...detail, unsubscribeUrl: context.links.unsubscribe });
}
