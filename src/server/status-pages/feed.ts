// `/status/{slug}/feed.atom`: one entry per incident (opened, and updated when resolved) and one
// per public update, newest first. Entry ids are urn:uuid of the stored ids, so they never change.
import { escapeXml as e } from './format.ts';
import type { PageLocale } from './i18n/locale.ts';
import type { PublicIncident, PublicView } from './public-data.ts';

interface Entry {
  id: string;
  title: string;
  updated: number;
  published: number;
  content: string;
}

const iso = (at: number) => new Date(at).toISOString();

/** Titles and text in the page's language; times stay ISO 8601, as feed readers parse them. */
function entriesOf(incident: PublicIncident, { t }: PageLocale): Entry[] {
  const opened: Entry = {
    id: `urn:uuid:${incident.id}`,
    title: incident.resolvedAt ? t.feedResolved(incident.title) : incident.title,
    published: incident.startedAt,
    updated: incident.resolvedAt ?? incident.startedAt,
    content: incident.resolvedAt
      ? t.feedStartedResolved(iso(incident.startedAt), iso(incident.resolvedAt))
      : t.feedStarted(iso(incident.startedAt)),
  };
  const updates = incident.updates.map((update) => ({
    id: `urn:uuid:${update.id}`,
    title: t.feedUpdate(incident.title, t.incidentStatus[update.status]),
    published: update.createdAt,
    updated: update.createdAt,
    content: update.message,
  }));
  return [opened, ...updates];
}

export function renderFeed(view: PublicView, publicUrl: string, locale: PageLocale): string {
  const pageUrl = `${publicUrl}${view.path}`;
  const entries = view.incidents
    .flatMap((incident) => entriesOf(incident, locale))
    .sort((a, b) => b.updated - a.updated || a.id.localeCompare(b.id));
  const updated = entries[0]?.updated ?? view.generatedAt;
  const body = entries
    .map(
      (entry) =>
        `<entry><id>${e(entry.id)}</id><title>${e(entry.title)}</title><published>${iso(entry.published)}</published><updated>${iso(entry.updated)}</updated><link rel="alternate" type="text/html" href="${e(pageUrl)}"/><content type="text">${e(entry.content)}</content></entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale.language}"><id>${e(pageUrl)}</id><title>${e(locale.t.feedTitle(view.title))}</title><updated>${iso(updated)}</updated><author><name>${e(view.title)}</name></author><link rel="self" type="application/atom+xml" href="${e(`${pageUrl}/feed.atom`)}"/><link rel="alternate" type="text/html" href="${e(pageUrl)}"/>
${body}
</feed>
`;
}
