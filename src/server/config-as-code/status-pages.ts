// Status pages in the file: their monitors and sections name monitors by key, turned into ids
// here; written through the status page service (plan features, slug and domain uniqueness).
import { verifyPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import { type ConfigStatusPage, type FieldChange, secretVariable } from '../../core/api/config-file.ts';
import type { StatusPage, StatusPageUpdate } from '../../core/api/status-pages.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { StatusPageService } from '../status-pages/service.ts';
import { diffFields } from './fields.ts';
import { assignKeys } from './keys.ts';
import type { Section } from './reconcile.ts';

export interface StoredPage {
  id: string;
  key: string;
  managed: boolean;
  passwordHash: string | null;
  /** The page as the file writes it, without its password (which is only stored hashed). */
  entry: ConfigStatusPage;
  sectionIds: Map<string, string>;
}

function fileEntry(page: StatusPage, monitorKeys: ReadonlyMap<string, string>): ConfigStatusPage {
  const key = (id: string) => monitorKeys.get(id) ?? id;
  return {
    name: page.name,
    slug: page.slug,
    description: page.description,
    monitors: page.monitors.map((monitor) => ({
      monitor: key(monitor.monitorId),
      displayName: monitor.displayName,
    })),
    sections: page.sections.map((section) => ({
      name: section.name,
      description: section.description,
      collapsed: section.collapsed,
      monitors: section.monitorIds.map(key),
    })),
    logoUrl: page.logoUrl,
    accentColor: page.accentColor,
    published: page.published,
    showResponseTimes: page.showResponseTimes,
    removeBranding: page.removeBranding,
    language: page.language,
    customDomain: page.customDomain?.hostname ?? null,
    access: page.access,
    headerLinks: page.headerLinks,
    footerText: page.footerText,
    faviconUrl: page.faviconUrl,
  };
}

export async function storedPages(
  db: Kysely<Database>,
  pages: StatusPageService,
  workspaceId: string,
  monitorKeys: ReadonlyMap<string, string>,
): Promise<StoredPage[]> {
  const rows = await db
    .selectFrom('status_pages')
    .select(['id', 'name', 'managed_key', 'password_hash'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const answers = new Map((await pages.list(workspaceId)).map((page) => [page.id, page]));
  return assignKeys(rows, 'page').flatMap((row) => {
    const page = answers.get(row.id);
    if (!page) return [];
    return [
      {
        id: row.id,
        key: row.key,
        managed: row.managed_key !== null,
        passwordHash: row.password_hash,
        entry: fileEntry(page, monitorKeys),
        sectionIds: new Map(page.sections.map((section) => [section.name, section.id])),
      },
    ];
  });
}

/** A page as export writes it: a password page's password as a `${VAR}` reference. */
export function exportPage(page: StoredPage): ConfigStatusPage {
  return page.entry.access === 'password'
    ? { ...page.entry, password: secretVariable(page.key, 'password') }
    : page.entry;
}

/** How the page stores what the file says: colours in lower case, empty text as none. */
function normalised(entry: ConfigStatusPage): ConfigStatusPage {
  const { password: _password, ...rest } = entry;
  return {
    ...rest,
    description: entry.description || null,
    footerText: entry.footerText || null,
    accentColor: entry.accentColor?.toLowerCase() ?? null,
    sections: entry.sections.map((section) => ({ ...section, description: section.description || null })),
  };
}

async function passwordChanged(entry: ConfigStatusPage, current: StoredPage | undefined): Promise<boolean> {
  if (entry.password === undefined || entry.access !== 'password') return false;
  if (!current?.passwordHash) return true;
  return !(await verifyPassword({ hash: current.passwordHash, password: entry.password }));
}

export interface PageSectionDeps {
  caller: Caller;
  pages: StatusPageService;
  stored: StoredPage[];
  monitorIds: ReadonlyMap<string, string>;
}

/** The page's monitors and sections by id, as the service takes them. */
function layoutOf(
  key: string,
  entry: ConfigStatusPage,
  current: StoredPage | undefined,
  ids: ReadonlyMap<string, string>,
) {
  const idOf = (monitor: string) => {
    const id = ids.get(monitor);
    if (!id) {
      throw new ApiError(
        422,
        'unknown_monitor',
        `statusPages.${key}.monitors: no monitor has the key "${monitor}".`,
      );
    }
    return id;
  };
  return {
    monitors: entry.monitors.map((m) => ({ monitorId: idOf(m.monitor), displayName: m.displayName })),
    sections: entry.sections.map((section) => ({
      id: current?.sectionIds.get(section.name),
      name: section.name,
      description: section.description,
      collapsed: section.collapsed,
      monitorIds: section.monitors.map(idOf),
    })),
  };
}

interface PagePlan {
  fields: FieldChange[];
  layout: ReturnType<typeof layoutOf>;
}

export function pageSection({
  caller,
  pages,
  stored,
  monitorIds,
}: PageSectionDeps): Section<ConfigStatusPage, StoredPage, PagePlan> {
  return {
    table: 'status_pages',
    resource: 'statusPage',
    stored,
    async plan(key, entry, current) {
      const fields = diffFields(current?.entry ?? null, normalised(entry));
      if (await passwordChanged(entry, current)) fields.push({ field: 'password', secret: true });
      return { fields, layout: layoutOf(key, entry, current, monitorIds) };
    },
    create: async (_key, entry, { layout }) => (await pages.create(caller, { ...entry, ...layout })).id,
    async update(current, entry, { fields, layout }) {
      const update: Record<string, unknown> = {};
      for (const { field } of fields) update[field] = (entry as Record<string, unknown>)[field];
      // Monitors and sections go together: sections may only hold the page's monitors.
      if ('monitors' in update || 'sections' in update) Object.assign(update, layout);
      await pages.update(caller, current.id, update as StatusPageUpdate);
    },
    delete: (id) => pages.delete(caller, id),
  };
}
