// One person's whole account as the schema before workspaces (0001–0022) stored it: their login
// and session, a monitor with results and rollups, every prunable kind of history, an alert
// channel, a status page, an API key, a deployment webhook, a digest and a Pro billing
// customer with a referral code. Written straight to the tables, as that release left them.
import { makeSignature } from 'better-auth/crypto';
import { uuidv7 } from 'uuidv7';
import { deriveSealKey, seal } from '../../../../alerts/sealed-config.ts';
import { generateApiKey, hashApiKey, visiblePrefix } from '../../../../api-keys/key-material.ts';
import { createBilling } from '../../../../billing/create-billing.ts';
import { INSERT_AGED, insertSite } from '../../../../retention/test/rows.ts';
import { insertMonitors, monitorRow } from '../../../../test/monitor-rows.ts';
import { TEST_PUBLIC_URL, TEST_SECRET } from '../../../../test/test-app.ts';
import type { TestDatabase } from '../../../../test/test-db.ts';
import type { Clock } from '../../../clock.ts';
import { createLogger } from '../../../logger.ts';
import { beforeWorkspaceIds } from './before-workspace-ids.ts';

export interface LegacyAccount {
  userId: string;
  name: string;
  cookie: string;
  apiKey: string;
  monitorId: string;
  channelId: string;
  statusPageSlug: string;
}

/** Kinds that only exist after 0022 (rum_hours and rum_days: 0046). */
const LATER_KINDS = new Set([
  'audit_events',
  'maintenance_windows',
  'status_page_notices',
  'region_rollups_daily',
  'checks_packed',
  'rum_hours',
  'rum_days',
]);

export async function insertLegacyAccount(
  database: TestDatabase,
  clock: Clock,
  name: string,
): Promise<LegacyAccount> {
  const { dialect } = database;
  const db = beforeWorkspaceIds(database.db);
  const now = clock.now();
  const date = (at: number) => (dialect === 'sqlite' ? new Date(at).toISOString() : new Date(at));
  const userId = uuidv7();
  const email = `${name.toLowerCase()}-${userId}@example.test`;
  await db
    .insertInto('user')
    .values({
      id: userId,
      name,
      email,
      emailVerified: dialect === 'sqlite' ? 0 : false,
      image: null,
      createdAt: date(now),
      updatedAt: date(now),
      timezone: 'Europe/Berlin',
    } as never)
    .execute();
  const token = `token-${userId}`;
  await db
    .insertInto('session')
    .values({
      id: `session-${userId}`,
      token,
      userId,
      expiresAt: date(Date.now() + 86_400_000),
      createdAt: date(now),
      updatedAt: date(now),
      ipAddress: null,
      userAgent: null,
    } as never)
    .execute();
  const cookie = `better-auth.session_token=${encodeURIComponent(`${token}.${await makeSignature(token, TEST_SECRET)}`)}`;

  const monitor = monitorRow(userId, `https://${name.toLowerCase()}.example.com`, now, {
    name: `${name}'s shop`,
  });
  await insertMonitors(db, [monitor]);
  const owner = { workspaceId: userId, monitorId: monitor.id, siteId: await insertSite(db, userId, now) };
  for (const [kind, insert] of Object.entries(INSERT_AGED)) {
    if (!LATER_KINDS.has(kind)) await insert(db, owner, now - 3_600_000);
  }

  const channelId = uuidv7();
  const config = seal(deriveSealKey(TEST_SECRET), JSON.stringify({ address: email }), channelId);
  await db
    .insertInto('alert_channels')
    .values({
      id: channelId,
      workspace_id: userId,
      kind: 'email',
      name: `${name} on call`,
      config,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('monitor_alert_channels')
    .values({ monitor_id: monitor.id, channel_id: channelId })
    .execute();

  const statusPageSlug = `${name.toLowerCase()}-${userId.slice(-6)}`;
  const pageId = uuidv7();
  await db
    .insertInto('status_pages')
    .values({
      id: pageId,
      workspace_id: userId,
      name: `${name} status`,
      slug: statusPageSlug,
      description: null,
      logo_url: null,
      accent_color: null,
      published: 1,
      show_response_times: 1,
      remove_branding: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('status_page_monitors')
    .values({ status_page_id: pageId, monitor_id: monitor.id, position: 0, display_name: null })
    .execute();

  const apiKey = generateApiKey();
  await db
    .insertInto('api_keys')
    .values({
      id: uuidv7(),
      workspace_id: userId,
      name: 'CI',
      prefix: visiblePrefix(apiKey),
      hash: hashApiKey(apiKey),
      created_at: now,
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    } as never)
    .execute();
  await db
    .insertInto('deployment_webhooks')
    .values({
      id: uuidv7(),
      workspace_id: userId,
      provider: 'github',
      token: `receiver-${userId}`,
      secret_sealed: 'sealed',
      secret_hint: 'abcd',
      last_delivery_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();

  const billing = createBilling({
    database: { ...database, db },
    clock,
    logger: createLogger('silent'),
    publicUrl: TEST_PUBLIC_URL,
  });
  await billing.onUserCreated({ id: userId, email, name });
  await billing.attach?.grant(userId, 'pro');
  await billing.provider.referralCode(userId, { program_id: 'friends' });

  return { userId, name, cookie, apiKey, monitorId: monitor.id, channelId, statusPageSlug };
}
