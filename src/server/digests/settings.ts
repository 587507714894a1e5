// Digest settings rows: absent means the defaults (weekly, Monday, 08:00); the owner's time
// zone comes from the user settings.
import type { Kysely } from 'kysely';
import type { DigestSettingsInput } from '../../core/api/digests.ts';
import type { Database } from '../db/schema.ts';
import { type Schedule, safeTimeZone } from './periods.ts';

export const DEFAULT_SETTINGS = { frequency: 'weekly', weekday: 1, hour: 8 } as const;

export interface Recipient extends Schedule {
  userId: string;
  email: string;
  lastPreviewAt: number | null;
  createdAt: number;
  /** When the schedule was last chosen; null while the defaults apply. */
  settingsUpdatedAt: number | null;
}

type Db = Kysely<Database>;

function recipientQuery(db: Db) {
  return db
    .selectFrom('user')
    .leftJoin('digest_settings', 'digest_settings.user_id', 'user.id')
    .select([
      'user.id',
      'user.email',
      'user.timezone',
      'user.createdAt',
      'digest_settings.frequency',
      'digest_settings.weekday',
      'digest_settings.hour',
      'digest_settings.last_preview_at',
      'digest_settings.updated_at',
    ]);
}

type RecipientRow = Awaited<ReturnType<ReturnType<typeof recipientQuery>['executeTakeFirstOrThrow']>>;

function toRecipient(row: RecipientRow): Recipient {
  return {
    userId: row.id,
    email: row.email,
    timezone: safeTimeZone(row.timezone),
    frequency: row.frequency ?? DEFAULT_SETTINGS.frequency,
    weekday: row.weekday ?? DEFAULT_SETTINGS.weekday,
    hour: row.hour ?? DEFAULT_SETTINGS.hour,
    lastPreviewAt: row.last_preview_at === null ? null : Number(row.last_preview_at),
    createdAt: new Date(row.createdAt).getTime(),
    settingsUpdatedAt: row.updated_at === null ? null : Number(row.updated_at),
  };
}

export async function loadRecipient(db: Db, userId: string): Promise<Recipient | undefined> {
  const row = await recipientQuery(db).where('user.id', '=', userId).executeTakeFirst();
  return row ? toRecipient(row) : undefined;
}

/** Users whose digest is on (by default or by choice), a page at a time in id order. */
export async function listActiveRecipients(db: Db, afterId: string, limit: number): Promise<Recipient[]> {
  const rows = await recipientQuery(db)
    .where('user.id', '>', afterId)
    .where((eb) =>
      eb.or([eb('digest_settings.frequency', 'is', null), eb('digest_settings.frequency', '!=', 'off')]),
    )
    .orderBy('user.id')
    .limit(limit)
    .execute();
  return rows.map(toRecipient);
}

export async function saveSettings(db: Db, userId: string, input: DigestSettingsInput, now: number) {
  const current = await loadRecipient(db, userId);
  const values = {
    frequency: input.frequency ?? current?.frequency ?? DEFAULT_SETTINGS.frequency,
    weekday: input.weekday ?? current?.weekday ?? DEFAULT_SETTINGS.weekday,
    hour: input.hour ?? current?.hour ?? DEFAULT_SETTINGS.hour,
    updated_at: now,
  };
  await db
    .insertInto('digest_settings')
    .values({ user_id: userId, last_preview_at: null, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Claims the preview slot: false when the last preview was less than `intervalMs` ago. */
export async function claimPreview(
  db: Db,
  userId: string,
  now: number,
  intervalMs: number,
): Promise<boolean> {
  // updated_at 0: the defaults still apply, so no send time is skipped as chosen after it.
  await db
    .insertInto('digest_settings')
    .values({ user_id: userId, ...DEFAULT_SETTINGS, last_preview_at: null, updated_at: 0 })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const result = await db
    .updateTable('digest_settings')
    .set({ last_preview_at: now })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_preview_at', 'is', null), eb('last_preview_at', '<=', now - intervalMs)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
