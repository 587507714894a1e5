// One provider delivery: find the receiver by the URL's token, verify the signature on the raw
// body, check the owner's plan, and only then parse, map and store it (once per delivery key).
// Anything refused stores nothing.
import type { Kysely } from 'kysely';
import type { Deployment, WebhookProvider } from '../../core/api/deployments.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import type { EventBus } from '../platform/events/bus.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { DeploymentGates } from './gate.ts';
import { queueRunsFor } from './performance-runs.ts';
import { deliveryMappers } from './providers/registry.ts';
import type { Delivery } from './providers/types.ts';
import type { Receivers } from './receivers.ts';
import { recordDeployment } from './record.ts';
import { loadDeployment } from './repository.ts';
import { verifySignature } from './verify.ts';

export interface ReceiveDeps {
  db: Kysely<Database>;
  clock: Clock;
  events: EventBus;
  gates: DeploymentGates;
  receivers: Receivers;
}

export type ReceiveOutcome =
  | { kind: 'stored'; created: boolean; deployment: Deployment }
  | { kind: 'ignored'; reason: string };

function unauthorized(): ApiError {
  return new ApiError(
    401,
    'invalid_signature',
    'The webhook signature or receiver token is missing or wrong. Copy the URL and secret from Settings → API Documentation.',
  );
}

export function createReceiver({ db, clock, events, gates, receivers }: ReceiveDeps) {
  return async function receive(
    provider: WebhookProvider,
    token: string | undefined,
    headers: Delivery['headers'],
    body: Buffer,
  ): Promise<ReceiveOutcome> {
    const receiver = token ? await receivers.byToken(provider, token) : null;
    if (!receiver || !verifySignature[provider](headers, body, receiver.secret)) throw unauthorized();
    await gates.receiver[provider](receiver.workspaceId);
    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
    }
    await receivers.delivered(receiver.id);
    const mapped = deliveryMappers[provider]({ headers, payload });
    if (mapped.kind === 'ignored') return mapped;
    const { hosts, kind: _kind, ...draft } = mapped;
    const now = clock.now();
    const recorded = await recordDeployment(db, {
      workspaceId: receiver.workspaceId,
      draft: { ...draft, provider, deployedAt: now },
      selection: { kind: 'hosts', hosts, orAll: draft.environment.toLowerCase() === 'production' },
      triggerChecks: draft.status === 'succeeded',
      now,
    });
    await queueRunsFor({ db, events, clock }, receiver.workspaceId, recorded);
    const deployment = await loadDeployment(db, receiver.workspaceId, recorded.id);
    return { kind: 'stored', created: recorded.created, deployment };
  };
}
