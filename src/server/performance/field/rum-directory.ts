// Which site a beacon's key names, cached per process so that a page view never waits on the
// database once its site is known: a key is read at most once every CACHE_MS (an unknown key too,
// so a flood of made-up keys costs one lookup each per window, bounded by MAX_ENTRIES). A change
// made through this process is seen at once (forget); one made through another within CACHE_MS.
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/schema.ts';

const CACHE_MS = 10_000;
const MAX_ENTRIES = 10_000;

export interface RumSite {
  siteId: string;
  workspaceId: string;
  key: string;
  allowedOrigins: ReadonlySet<string>;
  /** The share of page views kept (0–1); the rest are answered and dropped. */
  sampleRate: number;
  routePatterns: readonly string[];
}

export interface RumDirectory {
  /** The site of an enabled key; null for an unknown or disabled one. */
  find(key: string): Promise<RumSite | null>;
  forget(key: string): void;
}

export function createRumDirectory(db: Kysely<Database>, clock: Clock): RumDirectory {
  const cache = new Map<string, { site: RumSite | null; readAt: number }>();

  async function read(key: string): Promise<RumSite | null> {
    const row = await db.selectFrom('rum_sites').selectAll().where('key', '=', key).executeTakeFirst();
    if (row?.enabled !== 1) return null;
    return {
      siteId: row.site_id,
      workspaceId: row.workspace_id,
      key: row.key,
      allowedOrigins: new Set(JSON.parse(row.allowed_origins) as string[]),
      sampleRate: row.sample_rate,
      routePatterns: JSON.parse(row.routes) as string[],
    };
  }

  return {
    async find(key) {
      const now = clock.now();
      const cached = cache.get(key);
      if (cached && now - cached.readAt < CACHE_MS) return cached.site;
      const site = await read(key);
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, { site, readAt: now });
      return site;
    },
    forget(key) {
      cache.delete(key);
    },
  };
}
