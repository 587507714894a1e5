// Verifying a page's custom domain: look its TXT record up and store the outcome (when, and why
// not), audited like any change. Once verified, a hostname stays verified until it changes, so a
// DNS hiccup at a later check never takes a live page off its domain.
import type { Kysely } from 'kysely';
import { recordAudit } from '../../audit/record.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { Caller } from '../../http/session.ts';
import type { PageDirectory } from '../page-directory.ts';
import { getOwnedPageRow } from '../repository.ts';
import type { DomainVerifier } from './verify-domain.ts';

export interface DomainCheckDeps {
  db: Kysely<Database>;
  clock: Clock;
  verify: DomainVerifier;
  directory: Pick<PageDirectory, 'forget'>;
}

export function createDomainCheck({ db, clock, verify, directory }: DomainCheckDeps) {
  return async (caller: Caller, id: string): Promise<void> => {
    const page = await getOwnedPageRow(db, caller.workspaceId, id);
    const hostname = page.custom_domain;
    if (!hostname || !page.domain_token) {
      throw new ApiError(409, 'no_custom_domain', 'Set a custom domain on this page before verifying it.');
    }
    const error = await verify(hostname, page.domain_token);
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('status_pages')
        .set({
          domain_checked_at: now,
          domain_check_error: error,
          domain_verified_at: page.domain_verified_at ?? (error === null ? now : null),
        })
        .where('id', '=', id)
        .where('user_id', '=', caller.workspaceId)
        // The hostname may have changed during the lookup: this outcome was about the old one.
        .where('custom_domain', '=', hostname)
        .execute();
      await recordAudit(tx, caller, now, {
        action: 'status_page.domain_check',
        resource: { id, name: page.name },
      });
    });
    directory.forget({ slugs: [page.slug], hosts: [hostname] });
  };
}

export type DomainCheck = ReturnType<typeof createDomainCheck>;
