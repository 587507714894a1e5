// Who holds a custom hostname (issue 40, item 6). Setting a hostname on a page only claims it:
// any number of pages may claim the same one, the first to prove DNS control (its TXT record)
// gets it, and from then on its verified claim refuses everyone else (409 domain_taken, backed by
// the unique index among verified claims). The others are marked with why, in their settings and
// their audit log; a claim that has not verified within 7 days lapses and is dropped. So a
// claim made without owning the domain can no longer keep its real owner out.
import type { Kysely } from 'kysely';
import { recordAudit } from '../../audit/record.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { ApiError } from '../../platform/http/errors.ts';

export const DOMAIN_CLAIM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function domainTaken(): ApiError {
  return new ApiError(409, 'domain_taken', 'Another status page already uses this domain.');
}

/** Upwatch itself acting in a workspace: nobody there (nor the rival account) made the change. */
function upwatchIn(workspaceId: string): Caller {
  return { workspaceId, actorId: 'upwatch', actorName: 'Upwatch', apiKeyId: null, address: null };
}

/** Refuses a hostname another page has verified; an unverified claim of it blocks nobody. */
export async function requireClaimable(db: Kysely<Database>, hostname: string, pageId: string | null) {
  let query = db
    .selectFrom('status_pages')
    .select('id')
    .where('custom_domain', '=', hostname)
    .where('domain_verified_at', 'is not', null);
  if (pageId !== null) query = query.where('id', '!=', pageId);
  if (await query.executeTakeFirst()) throw domainTaken();
}

export function supersededMessage(hostname: string): string {
  return `Another Upwatch account proved it controls ${hostname} first, so the domain shows that account's page. Remove it here or choose another hostname.`;
}

/** Inside the winner's transaction: every other page still claiming the hostname learns it lost. */
export async function supersedeClaims(
  tx: Kysely<Database>,
  hostname: string,
  winnerId: string,
  now: number,
): Promise<void> {
  const losers = await tx
    .updateTable('status_pages')
    .set({ domain_checked_at: now, domain_check_error: supersededMessage(hostname) })
    .where('custom_domain', '=', hostname)
    .where('domain_verified_at', 'is', null)
    .where('id', '!=', winnerId)
    .returning(['id', 'name', 'workspace_id'])
    .execute();
  for (const page of losers) {
    await recordAudit(tx, upwatchIn(page.workspace_id), now, {
      action: 'status_page.domain_superseded',
      resource: { id: page.id, name: page.name },
    });
  }
}

/** The sweep's statement: unverified claims made 7 days or more before `now`, by their partial index. */
export function lapsedClaimsQuery(db: Kysely<Database>, now: number) {
  return db
    .selectFrom('status_pages')
    .select(['id', 'name', 'workspace_id', 'custom_domain', 'domain_claimed_at'])
    .where('domain_verified_at', 'is', null)
    .where('domain_claimed_at', '<=', now - DOMAIN_CLAIM_TTL_MS)
    .where('custom_domain', 'is not', null);
}

/**
 * Drops the unverified claims made 7 days or more before `now` (of one page, or of all), each
 * audited in its own workspace; resolves to the pages it dropped. Every worker may run it at once:
 * a claim is dropped, and audited, by the one update that still finds it.
 */
export async function expireClaims(
  db: Kysely<Database>,
  now: number,
  pageId?: string,
): Promise<{ id: string; hostname: string }[]> {
  let due = lapsedClaimsQuery(db, now);
  if (pageId !== undefined) due = due.where('id', '=', pageId);
  const dropped: { id: string; hostname: string }[] = [];
  for (const page of await due.execute()) {
    const hostname = page.custom_domain as string;
    await db.transaction().execute(async (tx) => {
      const done = await tx
        .updateTable('status_pages')
        .set({
          custom_domain: null,
          domain_token: null,
          domain_claimed_at: null,
          domain_checked_at: null,
          domain_check_error: null,
        })
        .where('id', '=', page.id)
        .where('custom_domain', '=', hostname)
        .where('domain_verified_at', 'is', null)
        .where('domain_claimed_at', '=', page.domain_claimed_at)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return;
      await recordAudit(tx, upwatchIn(page.workspace_id), now, {
        action: 'status_page.domain_expired',
        resource: { id: page.id, name: page.name },
      });
      dropped.push({ id: page.id, hostname });
    });
  }
  return dropped;
}
