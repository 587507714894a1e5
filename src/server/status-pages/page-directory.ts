// Which published page a slug names, which page a verified custom hostname is (published or not:
// an unpublished page's domain is still its own and shows only "not available"), and who may see
// them: read through the unique indexes on slug and custom_domain, kept 10 s per process (like the
// built answers), so a cached public page costs no query and an unknown Host one query per 10 s.
// Pages changed in this process are forgotten at once; other processes see changes within 10 s.
import type { Kysely } from 'kysely';
import type { StatusPageAccess } from '../../core/api/status-page-extras.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import type { StatusPageRow } from '../platform/db/status-page-schema.ts';
import { CACHE_TTL_MS } from './response-cache.ts';

export interface PageRef {
  id: string;
  slug: string;
  /** The page's title, shown on its password form. */
  name: string;
  /** The owning workspace. */
  workspaceId: string;
  access: StatusPageAccess;
  passwordHash: string | null;
  /** Set once its TXT record verified. */
  verifiedDomain: string | null;
  /** Always true by slug; by host, an unpublished page's domain answers "not available". */
  published: boolean;
  /** The whole row, so building the page needs no second read of it. */
  row: StatusPageRow;
}

/** Bounds memory against requests naming endless made-up slugs or hosts. */
const MAX_ENTRIES = 2000;

function createLookupCache(clock: Clock, load: (key: string) => Promise<PageRef | null>) {
  const entries = new Map<string, { expires: number; value: Promise<PageRef | null> }>();
  return {
    get(key: string): Promise<PageRef | null> {
      const now = clock.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const value = load(key);
      entries.set(key, { expires: now + CACHE_TTL_MS, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    forget(key: string) {
      entries.delete(key);
    },
  };
}

export function createPageDirectory(db: Kysely<Database>, clock: Clock) {
  const select = () => db.selectFrom('status_pages').selectAll();
  const toRef = (row: StatusPageRow | undefined): PageRef | null =>
    row
      ? {
          id: row.id,
          slug: row.slug,
          name: row.name,
          workspaceId: row.workspace_id,
          access: row.access,
          passwordHash: row.password_hash,
          verifiedDomain: row.domain_verified_at === null ? null : row.custom_domain,
          published: row.published === 1,
          row,
        }
      : null;
  const slugs = createLookupCache(clock, async (slug) =>
    toRef(await select().where('slug', '=', slug).where('published', '=', 1).executeTakeFirst()),
  );
  const hosts = createLookupCache(clock, async (host) =>
    toRef(
      await select()
        .where('custom_domain', '=', host)
        .where('domain_verified_at', 'is not', null)
        .executeTakeFirst(),
    ),
  );
  return {
    bySlug: (slug: string) => slugs.get(slug),
    /** A lowercase hostname without port. */
    byHost: (host: string) => hosts.get(host),
    /** After a change in this process: its old and new slug and hostname. */
    forget(names: { slugs: (string | null)[]; hosts: (string | null)[] }) {
      for (const slug of names.slugs) if (slug) slugs.forget(slug);
      for (const host of names.hosts) if (host) hosts.forget(host);
    },
  };
}

export type PageDirectory = ReturnType<typeof createPageDirectory>;
