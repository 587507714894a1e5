// Verifying a page's custom domain: look its TXT record up and store the outcome (when, and why
// not), audited like any change. Once verified, a hostname stays verified until it changes, so a
// DNS hiccup at a later check never takes a live page off its domain. The first page to verify a
// hostname gets it (claims.ts): the others claiming it are told, and a claim 7 days old lapses.
import type { Kysely } from 'kysely';
import { recordAudit } from '../../audit/record.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { PageDirectory } from '../page-directory.ts';
import { getOwnedPageRow } from '../repository.ts';
import { domainTaken, expireClaims, requireClaimable, supersedeClaims } from './claims.ts';
import type { DomainVerifier } from './verify-domain.ts';

export interface DomainCheckDeps {
  db: Kysely<Database>;
  clock: Clock;
  verify: DomainVerifier;
  directory: Pick<PageDirectory, 'forget'>;
}

function noDomain(): ApiError {
  return new ApiError(409, 'no_custom_domain', 'Set a custom domain on this page before verifying it.');
}

export function createDomainCheck({ db, clock, verify, directory }: DomainCheckDeps) {
  return async (caller: Caller, id: string): Promise<void> => {
    const page = await getOwnedPageRow(db, caller.workspaceId, id);
    const hostname = page.custom_domain;
    if (!hostname || !page.domain_token) throw noDomain();
    if ((await expireClaims(db, clock.now(), id)).length > 0) {
      throw new ApiError(
        409,
        'domain_claim_expired',
        `The claim on ${hostname} lapsed: it was not verified within 7 days. Set the domain again to get a new TXT record.`,
      );
    }
    if (page.domain_verified_at === null) await requireClaimable(db, hostname, id);
    const error = await verify(hostname, page.domain_token);
    const now = clock.now();
    const won = page.domain_verified_at === null && error === null;
    try {
      await db.transaction().execute(async (tx) => {
        const stored = await tx
          .updateTable('status_pages')
          .set({
            domain_checked_at: now,
            domain_check_error: error,
            domain_verified_at: page.domain_verified_at ?? (error === null ? now : null),
          })
          .where('id', '=', id)
          .where('workspace_id', '=', caller.workspaceId)
          // The hostname may have changed during the lookup: this outcome was about the old one.
          .where('custom_domain', '=', hostname)
          .executeTakeFirst();
        if (won && Number(stored.numUpdatedRows) > 0) await supersedeClaims(tx, hostname, id, now);
        await recordAudit(tx, caller, now, {
          action: 'status_page.domain_check',
          resource: { id, name: page.name },
        });
      });
    } catch (err) {
      // Another page verified the same hostname during this lookup: the unique index chose it.
      if (isUniqueViolation(err)) throw domainTaken();
      throw err;
    }
    directory.forget({ slugs: [page.slug], hosts: [hostname] });
  };
}

export type DomainCheck = ReturnType<typeof createDomainCheck>;
