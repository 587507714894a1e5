// Every status page write: authorise (owner scope) -> validate (plan features, monitor
// ownership, slug) -> transaction -> write. Reads add each monitor's live status.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { StatusPage, StatusPageInput, StatusPageUpdate } from '../../core/api/status-pages.ts';
import { recordAudit } from '../audit/record.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import type {
  NewStatusPageRow,
  StatusPageChanges,
  StatusPageRow,
} from '../platform/db/status-page-schema.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';
import { requireClaimable } from './custom-domains/claims.ts';
import { statusPageGates } from './gate.ts';
import type { PageDirectory } from './page-directory.ts';
import { extraColumns } from './page-extras.ts';
import { getOwnedPageRow, loadPageMonitors, requireOwnedMonitors, toStatusPage } from './repository.ts';
import { changedSections, readSections, sectionsOnPage } from './sections.ts';

export interface StatusPageServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  entitlements: Pick<EntitlementsHelper, 'check'>;
  publicUrl: string;
  /** Forgets a changed page's cached slug and hostname in this process. */
  directory: Pick<PageDirectory, 'forget'>;
}

function slugTaken(): ApiError {
  return new ApiError(409, 'slug_taken', 'Another status page already uses this slug; choose another.');
}

function columnsFrom(input: StatusPageUpdate): StatusPageChanges {
  const columns: StatusPageChanges = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.slug !== undefined) columns.slug = input.slug;
  if (input.description !== undefined) columns.description = input.description || null;
  if (input.logoUrl !== undefined) columns.logo_url = input.logoUrl;
  if (input.accentColor !== undefined) columns.accent_color = input.accentColor?.toLowerCase() ?? null;
  if (input.published !== undefined) columns.published = input.published ? 1 : 0;
  if (input.showResponseTimes !== undefined) columns.show_response_times = input.showResponseTimes ? 1 : 0;
  if (input.removeBranding !== undefined) columns.remove_branding = input.removeBranding ? 1 : 0;
  if (input.language !== undefined) columns.language = input.language;
  return columns;
}

export function createStatusPageService(deps: StatusPageServiceDeps) {
  const { db, clock, publicUrl, directory } = deps;
  const gates = statusPageGates(deps.entitlements);

  async function load(row: StatusPageRow): Promise<StatusPage> {
    const monitors = await loadPageMonitors(db, [row.id]);
    return toStatusPage(row, monitors.get(row.id) ?? [], publicUrl, clock.now());
  }

  async function validate(workspaceId: string, input: StatusPageUpdate): Promise<void> {
    await gates.pages(workspaceId);
    if (input.removeBranding) await gates.removeBranding(workspaceId);
    if (input.monitors)
      await requireOwnedMonitors(
        db,
        workspaceId,
        input.monitors.map((m) => m.monitorId),
      );
  }

  /**
   * The sections column after a change of sections or monitors: sections sent are checked against
   * the page's monitors (sent or kept); monitors leaving the page leave their section too.
   */
  async function sectionsAfter(
    current: StatusPageRow | null,
    input: StatusPageUpdate,
  ): Promise<Pick<StatusPageChanges, 'sections'>> {
    if (input.sections === undefined && input.monitors === undefined) return {};
    const monitorIds = input.monitors
      ? input.monitors.map((monitor) => monitor.monitorId)
      : current
        ? ((await loadPageMonitors(db, [current.id])).get(current.id) ?? []).map((row) => row.monitor_id)
        : [];
    const stored = readSections(current?.sections);
    const sections = input.sections
      ? changedSections(input.sections, stored, monitorIds)
      : sectionsOnPage(stored, monitorIds);
    return { sections: JSON.stringify(sections) };
  }

  async function write(work: (tx: Kysely<Database>) => Promise<void>): Promise<void> {
    try {
      await db.transaction().execute(work);
    } catch (error) {
      // The unique index on slug decides who has it, also for two pages saved at the same moment.
      // (A hostname set here is an unverified claim, outside the unique index of verified ones.)
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
  }

  async function replaceMonitors(
    tx: Kysely<Database>,
    pageId: string,
    monitors: StatusPageInput['monitors'],
  ) {
    await tx.deleteFrom('status_page_monitors').where('status_page_id', '=', pageId).execute();
    if (monitors.length === 0) return;
    await tx
      .insertInto('status_page_monitors')
      .values(
        monitors.map((monitor, position) => ({
          status_page_id: pageId,
          monitor_id: monitor.monitorId,
          position,
          display_name: monitor.displayName || null,
        })),
      )
      .execute();
  }

  return {
    async list(workspaceId: string): Promise<StatusPage[]> {
      const rows = await db
        .selectFrom('status_pages')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const monitors = await loadPageMonitors(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toStatusPage(row, monitors.get(row.id) ?? [], publicUrl, clock.now()));
    },

    async get(workspaceId: string, id: string): Promise<StatusPage> {
      return load(await getOwnedPageRow(db, workspaceId, id));
    },

    async create(caller: Caller, input: StatusPageInput): Promise<StatusPage> {
      const workspaceId = caller.workspaceId;
      await validate(workspaceId, input);
      const now = clock.now();
      const row = {
        id: uuidv7(),
        workspace_id: workspaceId,
        created_at: now,
        updated_at: now,
        ...columnsFrom(input),
        ...(await sectionsAfter(null, input)),
        ...(await extraColumns(input, null, publicUrl, now)),
      } as NewStatusPageRow;
      if (row.custom_domain) await requireClaimable(db, row.custom_domain, null);
      await write(async (tx) => {
        await tx.insertInto('status_pages').values(row).execute();
        await replaceMonitors(tx, row.id, input.monitors);
        await recordAudit(tx, caller, now, {
          action: 'status_page.create',
          resource: { id: row.id, name: row.name },
        });
      });
      directory.forget({ slugs: [row.slug], hosts: [] });
      return load(await getOwnedPageRow(db, workspaceId, row.id));
    },

    async update(caller: Caller, id: string, input: StatusPageUpdate): Promise<StatusPage> {
      const workspaceId = caller.workspaceId;
      const current = await getOwnedPageRow(db, workspaceId, id);
      await validate(workspaceId, input);
      const sections = await sectionsAfter(current, input);
      const now = clock.now();
      const extras = await extraColumns(input, current, publicUrl, now);
      if (extras.custom_domain) await requireClaimable(db, extras.custom_domain, id);
      await write(async (tx) => {
        await tx
          .updateTable('status_pages')
          .set({ ...columnsFrom(input), ...sections, ...extras, updated_at: now })
          .where('id', '=', id)
          .where('workspace_id', '=', workspaceId)
          .execute();
        if (input.monitors) await replaceMonitors(tx, id, input.monitors);
        await recordAudit(tx, caller, now, {
          action: 'status_page.update',
          resource: { id, name: input.name ?? current.name },
        });
      });
      const updated = await getOwnedPageRow(db, workspaceId, id);
      directory.forget({
        slugs: [current.slug, updated.slug],
        hosts: [current.custom_domain, updated.custom_domain],
      });
      return load(updated);
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const page = await getOwnedPageRow(db, caller.workspaceId, id);
      await write(async (tx) => {
        await tx
          .deleteFrom('status_pages')
          .where('id', '=', id)
          .where('workspace_id', '=', caller.workspaceId)
          .execute();
        await recordAudit(tx, caller, clock.now(), {
          action: 'status_page.delete',
          resource: { id, name: page.name },
        });
      });
      directory.forget({ slugs: [page.slug], hosts: [page.custom_domain] });
    },
  };
}

export type StatusPageService = ReturnType<typeof createStatusPageService>;
