// Digest settings rows: every user has one (migration 0021's trigger adds it with the defaults,
// weekly, Monday, 08:00); the owner's time zone comes from the user settings. Each row keeps
// when the digest job next looks at it, so a change of schedule moves that time too.
import type { Kysely } from 'kysely';
import type { DigestSettingsInput } from '../../core/api/digests.ts';
import { nextSendAt, type Schedule, safeTimeZone } from '../../core/digest-periods.ts';
import type { Database } from '../platform/db/schema.ts';

/** Also written into migration 0021's trigger for new users: change both together. */
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

/** What a Recipient is read from, in a query joining user and digest_settings. */
export const RECIPIENT_COLUMNS = [
  'user.id',
  'user.email',
  'user.timezone',
  'user.createdAt',
  'digest_settings.frequency',
  'digest_settings.weekday',
  'digest_settings.hour',
  'digest_settings.last_preview_at',
  'digest_settings.updated_at',
] as const;

function recipientQuery(db: Db) {
  // Left join: should a user's row be missing, the defaults apply, as they did before 0021.
  return db
    .selectFrom('user')
    .leftJoin('digest_settings', 'digest_settings.user_id', 'user.id')
    .select(RECIPIENT_COLUMNS);
}

type RecipientRow = Awaited<ReturnType<ReturnType<typeof recipientQuery>['executeTakeFirstOrThrow']>>;

export function toRecipient(row: RecipientRow): Recipient {
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

export async function saveSettings(db: Db, userId: string, input: DigestSettingsInput, now: number) {
  const current = await loadRecipient(db, userId);
  const schedule = {
    frequency: input.frequency ?? current?.frequency ?? DEFAULT_SETTINGS.frequency,
    weekday: input.weekday ?? current?.weekday ?? DEFAULT_SETTINGS.weekday,
    hour: input.hour ?? current?.hour ?? DEFAULT_SETTINGS.hour,
  };
  // A send time that passed before the change is not owed, so the next one is the first look.
  const next = nextSendAt({ ...schedule, timezone: current?.timezone ?? 'UTC' }, now);
  const values = { ...schedule, updated_at: now, next_send_at: next };
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
  // Only for a user without a row. updated_at 0: the defaults still apply, so no send time is
  // skipped as chosen after it; next_send_at 0: the job works out the first send time.
  await db
    .insertInto('digest_settings')
    .values({ user_id: userId, ...DEFAULT_SETTINGS, last_preview_at: null, updated_at: 0, next_send_at: 0 })
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
