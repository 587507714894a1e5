// What a subscriber receives, as pure functions of one message's context: the mail (heading,
// facts, a link to the page, the unsubscribe link) in the message's language, and the webhook's
// JSON body.
import { STATUS_PAGE_LANGUAGES, type StatusPageLanguage } from '../../../core/api/status-pages.ts';
import type { MailContent } from '../../../core/mail-layout.ts';
import type { SubscriberMessageKind } from '../../platform/db/subscriber-schema.ts';
import { MESSAGES } from '../i18n/locale.ts';
import type { StatusPageMessages } from '../i18n/messages.ts';
import type { NoticePayload } from './notices.ts';
import type { SubscriberLinks } from './tokens.ts';

export interface MessageContext {
  kind: SubscriberMessageKind;
  /**
   * The mail's language. A webhook's body speaks none: its states are codes, and an automatic
   * incident's title is English, so integrations read one vocabulary.
   */
  language: StatusPageLanguage;
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

const UTC_FORMATS = Object.fromEntries(
  STATUS_PAGE_LANGUAGES.map((language) => [
    language,
    new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      hourCycle: 'h23',
      timeZone: 'UTC',
    }),
  ]),
) as Record<StatusPageLanguage, Intl.DateTimeFormat>;

function formatUtc(at: number, language: StatusPageLanguage): string {
  return `${UTC_FORMATS[language].format(at)} UTC`;
}

/** The page's monitors the event touches, under the page's names, in the page's order. */
function affected(context: MessageContext): string[] {
  const touched = context.monitorIds === null ? null : new Set(context.monitorIds);
  return [...context.names].filter(([id]) => touched === null || touched.has(id)).map(([, name]) => name);
}

/** The title visitors know: an automatic incident is named after the page's name for its monitor. */
function titleOf(payload: NoticePayload, names: ReadonlyMap<string, string>, t: StatusPageMessages): string {
  if ('maintenance' in payload) return payload.maintenance.name;
  const { incident } = payload;
  const shown = incident.primaryMonitorId ? names.get(incident.primaryMonitorId) : undefined;
  return incident.automatic && shown ? t.subscriberMail.monitorDown(shown) : incident.title;
}

function facts(payload: NoticePayload, affects: string[], language: StatusPageLanguage): [string, string][] {
  const t = MESSAGES[language];
  const words = t.subscriberMail;
  const rows: [string, string][] = [];
  if ('incident' in payload) {
    const { incident } = payload;
    rows.push([words.status, t.incidentStatus[incident.status]]);
    rows.push([words.started, formatUtc(incident.startedAt, language)]);
    if (incident.resolvedAt !== null) rows.push([words.resolved, formatUtc(incident.resolvedAt, language)]);
  } else {
    rows.push([words.from, formatUtc(payload.maintenance.startsAt, language)]);
    rows.push([words.until, formatUtc(payload.maintenance.endsAt, language)]);
  }
  if (affects.length > 0) rows.push([words.affects, affects.join(', ')]);
  return rows;
}

export function renderMail(context: MessageContext): { subject: string; content: MailContent } {
  const t = MESSAGES[context.language];
  const words = t.subscriberMail;
  const page = context.page.name;
  const footer = { text: words.unsubscribe(page), href: context.links.unsubscribe };
  if (context.kind === 'subscription.confirm' || !context.payload) {
    const heading = words.confirmSubject(page);
    return {
      subject: heading,
      content: {
        heading,
        accent: ACCENTS['subscription.confirm'],
        paragraphs: [words.confirmIntro(page)],
        facts: [],
        button: { label: words.confirmButton, href: context.links.confirm },
        footer,
      },
    };
  }
  const { payload } = context;
  const heading = words.headings[context.kind](titleOf(payload, context.names, t));
  const message = 'incident' in payload ? payload.incident.message : null;
  return {
    subject: words.subject(page, heading),
    content: {
      heading,
      accent: ACCENTS[context.kind],
      paragraphs: message ? [message] : [],
      facts: facts(payload, affected(context), context.language),
      button: { label: words.viewPage, href: context.links.page },
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
            title: titleOf(payload, context.names, MESSAGES.en),
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
