// The one way an alert reaches a channel, for real alerts and 'Send test alert' alike: find
// the channel (null: the account's email), open its sealed config, render its message, send it
// with a timeout.
import type { Kysely } from 'kysely';
import type { AlertEvent } from '../../core/alerts/alert-event.ts';
import { asksForAcknowledgement } from '../../core/alerts/alert-summary.ts';
import { CHANNEL_LABELS, type ChannelKind } from '../../core/api/alerts.ts';
import type { ProviderUrls } from '../../core/channels/delivery.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { DEFAULT_PROVIDER_URLS } from '../platform/provider-urls.ts';
import { workspaceOwner } from '../workspaces/owner.ts';
import type { AcknowledgeLinkRequest } from './ack-token.ts';
import { DeliveryError, type SendDeps, type StoredConfigs } from './channel.ts';
import { recipientTimeZone } from './recipient-time-zone.ts';
import { channelOf } from './registry.ts';
import { type SealKey, unseal } from './sealed-config.ts';
import { sendRendered } from './send.ts';

export const SEND_TIMEOUT_MS = 15_000;

export type ResolvedChannel = {
  [K in ChannelKind]: { id: string | null; kind: K; name: string; config: StoredConfigs[K] };
}[ChannelKind];

export interface DispatchOptions {
  test: boolean;
  deliveryId: string;
}

export interface AlertDispatcher {
  /** The channel as it is now; a deleted one (or a user gone) is a permanent DeliveryError. */
  resolve(workspaceId: string, channelId: string | null): Promise<ResolvedChannel>;
  send(
    workspaceId: string,
    channel: ResolvedChannel,
    event: AlertEvent,
    options: DispatchOptions,
  ): Promise<void>;
}

export interface DispatcherDeps {
  db: Kysely<Database>;
  key: SealKey;
  clock: Clock;
  publicUrl: string;
  mailer: Mailer;
  postJson: SendDeps['postJson'];
  providers?: ProviderUrls;
  /** Webhooks are a paid feature: a downgraded account's webhook stops, it does not retry. */
  entitlements: Pick<EntitlementsHelper, 'check'>;
  /** Signs the one-click acknowledgement link of a Down or escalation alert; null: none offered. */
  acknowledgeLink?(request: AcknowledgeLinkRequest): Promise<string | null>;
  timeoutMs?: number;
}

/** e.g. 'Slack “#ops”', or 'account email (ada@example.com)'. */
export function channelLabel(channel: ResolvedChannel): string {
  if (channel.id === null && channel.kind === 'email') return `account email (${channel.config.address})`;
  return `${CHANNEL_LABELS[channel.kind]} “${channel.name}”`;
}

/** Mails are read by people with a profile's time zone; chat and webhooks say UTC. */
async function mailTimeZone(db: Kysely<Database>, workspaceId: string, channel: ResolvedChannel) {
  if (channel.kind === 'email') return recipientTimeZone(db, workspaceId, channel.config.address);
  if (channel.kind === 'members') return recipientTimeZone(db, workspaceId, null);
  return undefined;
}

export function openConfig<K extends ChannelKind>(
  key: SealKey,
  id: string,
  sealed: string,
): StoredConfigs[K] {
  return JSON.parse(unseal(key, sealed, id)) as StoredConfigs[K];
}

export function createAlertDispatcher(deps: DispatcherDeps): AlertDispatcher {
  const { db, key, clock, publicUrl, mailer, postJson, entitlements, timeoutMs = SEND_TIMEOUT_MS } = deps;

  return {
    async resolve(workspaceId, channelId) {
      if (channelId === null) {
        // The workspace's own address: its owner's.
        const owner = await workspaceOwner(db, workspaceId);
        if (!owner) throw new DeliveryError('The workspace no longer exists.', true);
        return { id: null, kind: 'email', name: 'Account email', config: { address: owner.email } };
      }
      const row = await db
        .selectFrom('alert_channels')
        .selectAll()
        .where('id', '=', channelId)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      if (!row) throw new DeliveryError('The channel was deleted.', true);
      return {
        id: row.id,
        kind: row.kind,
        name: row.name,
        config: openConfig(key, row.id, row.config),
      } as ResolvedChannel;
    },

    async send(workspaceId, channel, event, { test, deliveryId }) {
      if (channel.kind === 'webhook' && !(await entitlements.check(workspaceId, 'webhooks'))) {
        throw new DeliveryError('Webhooks need the Pro plan.', true);
      }
      const controller = new AbortController();
      const timer = clock.setTimeout(() => controller.abort(), timeoutMs);
      const timedOut = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () =>
          reject(new DeliveryError(`No answer within ${timeoutMs / 1000} s.`)),
        );
      });
      const memberEmails = async () => {
        const rows = await db
          .selectFrom('member')
          .innerJoin('user', 'user.id', 'member.userId')
          .select('user.email')
          .where('member.organizationId', '=', workspaceId)
          .orderBy('member.createdAt')
          .execute();
        return rows.map((row) => row.email);
      };
      const sendDeps: SendDeps = {
        workspaceId,
        deliveryId,
        clock,
        mailer,
        memberEmails,
        postJson,
        providers: deps.providers ?? DEFAULT_PROVIDER_URLS,
        signal: controller.signal,
      };
      const impl = channelOf(channel.kind);
      try {
        const acknowledgeLink =
          !test && event.incident && asksForAcknowledgement(event) && deps.acknowledgeLink
            ? await deps.acknowledgeLink({
                workspaceId,
                incidentId: event.incident.id,
                channelId: channel.id,
              })
            : null;
        const timeZone = await mailTimeZone(db, workspaceId, channel);
        const rendered = impl.render(event, { publicUrl, test, acknowledgeLink, timeZone });
        await Promise.race([sendRendered(impl, rendered, channel.config as never, sendDeps), timedOut]);
      } catch (err) {
        if (err instanceof DeliveryError) throw err;
        throw new DeliveryError(err instanceof Error ? err.message : String(err), false, { cause: err });
      } finally {
        timer.cancel();
      }
    },
  };
}
