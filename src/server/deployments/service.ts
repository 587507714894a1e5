// Deployment monitoring: recording (API, by hand, provider webhooks), reading with before/after
// impact, and the per-account webhook receivers. Everything but a webhook delivery itself needs
// the apiAccess feature; a delivery needs its provider's feature on the receiver owner's plan.
import type { Kysely } from 'kysely';
import type { Deployment, DeploymentInput, WebhookProvider } from '../../core/api/deployments.ts';
import { recordAudit } from '../audit/record.ts';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import type { MonitorSelection } from '../maintenance/select-monitors.ts';
import { hostOf } from '../maintenance/select-monitors.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import type { EventBus } from '../platform/events/bus.ts';
import type { Caller } from '../platform/http/caller.ts';
import { deploymentGates } from './gate.ts';
import { deploymentImpact } from './impact.ts';
import { type DeploymentListQuery, listDeployments } from './list.ts';
import { queueRunsFor } from './performance-runs.ts';
import { createReceiver } from './receive.ts';
import { createReceivers, deriveReceiverKey } from './receivers.ts';
import { recordDeployment } from './record.ts';
import { loadDeployment } from './repository.ts';

export interface DeploymentServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Tells the owner's live views about the performance runs trigger_checks queues. */
  events: EventBus;
  entitlements: Pick<EntitlementsHelper, 'check'>;
  /** SECRET_KEY: the receivers' signing secrets are sealed under a key derived from it. */
  secret: string;
  publicUrl: string;
}

function selectionOf(input: DeploymentInput): MonitorSelection {
  if (input.monitor_ids) return { kind: 'ids', ids: input.monitor_ids };
  const host = input.url ? hostOf(input.url) : null;
  return host ? { kind: 'hosts', hosts: [host], orAll: false } : { kind: 'all' };
}

export function createDeploymentService(deps: DeploymentServiceDeps) {
  const { db, clock, events } = deps;
  const gates = deploymentGates(deps.entitlements);
  const receivers = createReceivers({
    db,
    clock,
    key: deriveReceiverKey(deps.secret),
    publicUrl: deps.publicUrl,
  });

  return {
    /** `provider`: 'api' for a script's key, 'manual' for the app's form. */
    async create(caller: Caller, input: DeploymentInput, provider: 'api' | 'manual'): Promise<Deployment> {
      const workspaceId = caller.workspaceId;
      await gates.apiAccess(workspaceId);
      const now = clock.now();
      const name = [input.version, input.environment].filter(Boolean).join(' to ');
      const recorded = await recordDeployment(db, {
        workspaceId,
        draft: {
          provider,
          version: input.version ?? null,
          environment: input.environment,
          commitSha: input.commit_sha?.toLowerCase() ?? null,
          branch: input.branch ?? null,
          url: input.url ?? null,
          status: input.status,
          providerUrl: null,
          deployedAt: input.deployed_at ?? now,
          deliveryKey: null,
        },
        selection: selectionOf(input),
        triggerChecks: input.trigger_checks,
        now,
        maintenance: input.maintenance_minutes
          ? { minutes: input.maintenance_minutes, name: `Deployment ${name}` }
          : undefined,
        created: (tx, id) =>
          recordAudit(tx, caller, now, { action: 'deployment.create', resource: { id, name } }),
      });
      await queueRunsFor({ db, events, clock }, workspaceId, recorded);
      return loadDeployment(db, workspaceId, recorded.id);
    },

    async list(workspaceId: string, query: DeploymentListQuery) {
      await gates.apiAccess(workspaceId);
      return listDeployments(db, workspaceId, query);
    },

    async get(workspaceId: string, id: string): Promise<Deployment> {
      await gates.apiAccess(workspaceId);
      return loadDeployment(db, workspaceId, id);
    },

    async impact(workspaceId: string, id: string) {
      await gates.apiAccess(workspaceId);
      return { impact: await deploymentImpact(db, workspaceId, id) };
    },

    webhooks: {
      async list(workspaceId: string) {
        await gates.apiAccess(workspaceId);
        return { webhooks: await receivers.list(workspaceId) };
      },
      async put(caller: Caller, provider: WebhookProvider, secret: string | undefined) {
        await gates.apiAccess(caller.workspaceId);
        return receivers.put(caller, provider, secret);
      },
      async delete(caller: Caller, provider: WebhookProvider) {
        await gates.apiAccess(caller.workspaceId);
        await receivers.delete(caller, provider);
      },
    },

    receive: createReceiver({ db, clock, events, gates, receivers }),
  };
}

export type DeploymentService = ReturnType<typeof createDeploymentService>;
