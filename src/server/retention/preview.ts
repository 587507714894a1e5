// What a move to a plan would prune at the next retention pass, for the downgrade dialog. It
// counts with the pass's own cutoffs and queries, so the figures match what the pass deletes.
import type { Kysely } from 'kysely';
import type { RetentionPreview } from '../../core/api/digests.ts';
import type { PlanId } from '../../core/plans.ts';
import type { Database } from '../platform/db/schema.ts';
import { cutoffFor, keepDays, planKinds } from './kinds.ts';
import { countExpired } from './prune.ts';

export async function previewRetention(
  db: Kysely<Database>,
  ownerId: string,
  plan: PlanId,
  now: number,
): Promise<RetentionPreview> {
  const items: RetentionPreview['items'] = [];
  for (const kind of planKinds()) {
    const cutoff = cutoffFor(kind, plan, now);
    const shownWith = items.find((item) => item.kind === kind.countedAs);
    if (shownWith) {
      shownWith.rowsToPrune += await countExpired(db, kind, ownerId, cutoff);
      continue;
    }
    items.push({
      kind: kind.kind,
      label: kind.label,
      keepDays: keepDays(kind, plan),
      rowsToPrune: await countExpired(db, kind, ownerId, cutoff),
      cutoff,
    });
  }
  return { plan, items };
}
