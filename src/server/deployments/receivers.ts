// Per-account webhook receivers, one per provider: the token in the receiver URL (whose account
// a delivery is for) and the signing secret, sealed with AES-256-GCM bound to the receiver's id.
// Upwatch generates GitHub's and Netlify's secret; Vercel shows its own, which the user pastes.
import { hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import {
  type DeploymentWebhook,
  WEBHOOK_PROVIDERS,
  type WebhookProvider,
} from '../../core/api/deployments.ts';
import { type SealKey, seal, unseal } from '../alerts/sealed-config.ts';
import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../platform/clock.ts';
import type { DeploymentWebhookTable } from '../platform/db/deployment-schema.ts';
import type { Database } from '../platform/db/schema.ts';
import type { Caller } from '../platform/http/caller.ts';
import { ApiError } from '../platform/http/errors.ts';

export function deriveReceiverKey(secret: string): SealKey {
  return Buffer.from(hkdfSync('sha256', secret, 'upwatch', 'deployment-webhook-secret v1', 32)) as SealKey;
}

export interface ReceiverDeps {
  db: Kysely<Database>;
  clock: Clock;
  key: SealKey;
  publicUrl: string;
}

export interface Receiver {
  id: string;
  workspaceId: string;
  secret: string;
}

const GENERATED: Record<WebhookProvider, boolean> = { github: true, vercel: false, netlify: true };

export function createReceivers({ db, clock, key, publicUrl }: ReceiverDeps) {
  const base = publicUrl.replace(/\/+$/, '');

  function toWebhook(provider: WebhookProvider, row: DeploymentWebhookTable | undefined): DeploymentWebhook {
    const url = `${base}/api/deployments/${provider}`;
    return {
      provider,
      webhookUrl: row ? `${url}?token=${row.token}` : url,
      configured: Boolean(row),
      secretHint: row?.secret_hint ?? null,
      lastDeliveryAt: row?.last_delivery_at ?? null,
    };
  }

  async function rowOf(workspaceId: string, provider: WebhookProvider) {
    return db
      .selectFrom('deployment_webhooks')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('provider', '=', provider)
      .executeTakeFirst();
  }

  return {
    async list(workspaceId: string): Promise<DeploymentWebhook[]> {
      const rows = await db
        .selectFrom('deployment_webhooks')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .execute();
      return WEBHOOK_PROVIDERS.map((provider) =>
        toWebhook(
          provider,
          rows.find((row) => row.provider === provider),
        ),
      );
    },

    /** Sets (or replaces) the provider's secret; the receiver URL keeps its token. */
    async put(caller: Caller, provider: WebhookProvider, pasted: string | undefined) {
      const workspaceId = caller.workspaceId;
      if (GENERATED[provider] && pasted !== undefined) {
        throw new ApiError(
          400,
          'secret_generated_by_upwatch',
          'Upwatch generates this secret for you to paste at the provider; send no body.',
        );
      }
      if (!GENERATED[provider] && pasted === undefined) {
        throw new ApiError(422, 'secret_required', 'Paste the webhook secret Vercel shows.');
      }
      const secret = pasted ?? randomBytes(32).toString('base64url');
      const now = clock.now();
      const existing = await rowOf(workspaceId, provider);
      const id = existing?.id ?? uuidv7();
      const columns = {
        secret_sealed: seal(key, secret, id),
        secret_hint: secret.slice(-4),
        updated_at: now,
      };
      await db.transaction().execute(async (tx) => {
        if (existing) {
          await tx
            .updateTable('deployment_webhooks')
            .set(columns)
            .where('id', '=', id)
            .where('workspace_id', '=', workspaceId)
            .execute();
        } else {
          await tx
            .insertInto('deployment_webhooks')
            .values({
              id,
              workspace_id: workspaceId,
              provider,
              token: randomBytes(24).toString('base64url'),
              last_delivery_at: null,
              created_at: now,
              ...columns,
            })
            .execute();
        }
        await recordAudit(tx, caller, now, {
          action: 'deployment_webhook.update',
          resource: { id, name: provider },
        });
      });
      return {
        webhook: toWebhook(provider, await rowOf(workspaceId, provider)),
        secret: pasted ? null : secret,
      };
    },

    async delete(caller: Caller, provider: WebhookProvider): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const row = await tx
          .deleteFrom('deployment_webhooks')
          .where('workspace_id', '=', caller.workspaceId)
          .where('provider', '=', provider)
          .returning('id')
          .executeTakeFirst();
        if (!row) {
          throw new ApiError(
            404,
            'webhook_not_configured',
            `No ${provider} webhook is set up in your account.`,
          );
        }
        await recordAudit(tx, caller, clock.now(), {
          action: 'deployment_webhook.delete',
          resource: { id: row.id, name: provider },
        });
      });
    },

    /** The receiver a delivery's URL token names, with its secret opened; null when unknown. */
    async byToken(provider: WebhookProvider, token: string): Promise<Receiver | null> {
      const row = await db
        .selectFrom('deployment_webhooks')
        .select(['id', 'workspace_id', 'secret_sealed'])
        .where('provider', '=', provider)
        .where('token', '=', token)
        .executeTakeFirst();
      if (!row) return null;
      try {
        return { id: row.id, workspaceId: row.workspace_id, secret: unseal(key, row.secret_sealed, row.id) };
      } catch {
        // Sealed under another SECRET_KEY: no delivery can be verified until the secret is set again.
        return null;
      }
    },

    async delivered(receiverId: string): Promise<void> {
      await db
        .updateTable('deployment_webhooks')
        .set({ last_delivery_at: clock.now() })
        .where('id', '=', receiverId)
        .execute();
    },
  };
}

export type Receivers = ReturnType<typeof createReceivers>;
