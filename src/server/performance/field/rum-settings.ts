// A performance site's real-user monitoring settings (issue 42, item 1): turning it on gives the
// site a public key and the one script tag to paste. The key only names the site; what it may
// report is bounded by the allowed origins, the beacon's checks and the rate limits. The answer
// also says whether the workspace is past its page-view allowance, so the site can show a banner.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type RumSettings, type RumSettingsInput, rumSettingsInputSchema } from '../../../core/api/field.ts';
import { recordAudit } from '../../audit/record.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RumSiteTable } from '../../platform/db/rum-schema.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { getOwnedSiteRow } from '../repository.ts';
import type { PageViewMeter } from './page-view-meter.ts';
import type { RumDirectory } from './rum-directory.ts';

export interface RumSettingsDeps {
  db: Kysely<Database>;
  clock: Clock;
  publicUrl: string;
  directory: RumDirectory;
  meter: Pick<PageViewMeter, 'overAllowance'>;
}

export function snippetOf(publicUrl: string, key: string): string {
  return `<script defer src="${publicUrl}/rum.js" data-site="${key}"></script>`;
}

function present(publicUrl: string, row: RumSiteTable | undefined, overAllowance: boolean): RumSettings {
  if (!row) {
    return {
      enabled: false,
      key: null,
      snippet: null,
      sampleRate: 1,
      allowedOrigins: [],
      routes: [],
      firstPageViewAt: null,
      overAllowance,
    };
  }
  return {
    enabled: row.enabled === 1,
    key: row.key,
    snippet: snippetOf(publicUrl, row.key),
    sampleRate: row.sample_rate,
    allowedOrigins: JSON.parse(row.allowed_origins) as string[],
    routes: JSON.parse(row.routes) as string[],
    firstPageViewAt: row.first_page_view_at,
    overAllowance,
  };
}

export function createRumSettings({ db, clock, publicUrl, directory, meter }: RumSettingsDeps) {
  async function rowOf(siteId: string) {
    return db.selectFrom('rum_sites').selectAll().where('site_id', '=', siteId).executeTakeFirst();
  }

  return {
    async get(workspaceId: string, siteId: string): Promise<RumSettings> {
      await getOwnedSiteRow(db, workspaceId, siteId);
      return present(publicUrl, await rowOf(siteId), await meter.overAllowance(workspaceId));
    },

    async put(caller: Caller, siteId: string, body: RumSettingsInput): Promise<RumSettings> {
      const site = await getOwnedSiteRow(db, caller.workspaceId, siteId);
      const input = rumSettingsInputSchema.parse(body);
      const now = clock.now();
      const current = await rowOf(siteId);
      const row: RumSiteTable = {
        site_id: site.id,
        workspace_id: site.workspace_id,
        key: current?.key ?? randomBytes(12).toString('base64url'),
        enabled: input.enabled ? 1 : 0,
        sample_rate: input.sampleRate,
        allowed_origins: JSON.stringify(input.allowedOrigins ?? [new URL(site.url).origin]),
        routes: JSON.stringify(input.routes),
        first_page_view_at: current?.first_page_view_at ?? null,
        created_at: current?.created_at ?? now,
        updated_at: now,
      };
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('rum_sites')
          .values(row)
          .onConflict((conflict) =>
            conflict.column('site_id').doUpdateSet({
              enabled: row.enabled,
              sample_rate: row.sample_rate,
              allowed_origins: row.allowed_origins,
              routes: row.routes,
              updated_at: now,
            }),
          )
          .execute();
        await recordAudit(tx, caller, now, {
          action: 'performance_site.rum',
          resource: { id: site.id, name: site.name },
        });
      });
      directory.forget(row.key);
      return present(publicUrl, await rowOf(siteId), await meter.overAllowance(caller.workspaceId));
    },
  };
}

export type RumSettingsService = ReturnType<typeof createRumSettings>;
