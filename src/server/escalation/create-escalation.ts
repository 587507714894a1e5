// Builds the escalation pieces the web app serves: the policies, each monitor's choice of one,
// and the acknowledgement links.
import type { Kysely } from 'kysely';
import type { EntitlementsHelper } from '../billing/plan-summary.ts';
import { incidentManagementGate } from '../incidents/gate.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/schema.ts';
import { createAckLinkService } from './ack-link.ts';
import { createMonitorPolicyService } from './monitor-policy.ts';
import { createPolicyService } from './policies.ts';

export function createEscalation(deps: {
  db: Kysely<Database>;
  clock: Clock;
  secret: string;
  entitlements: Pick<EntitlementsHelper, 'check'>;
}) {
  const { db, clock, secret } = deps;
  const requireManagement = incidentManagementGate(deps.entitlements);
  return {
    policies: createPolicyService({ db, clock, requireManagement }),
    monitors: createMonitorPolicyService({ db, clock, requireManagement }),
    links: createAckLinkService({ db, clock, secret, requireManagement }),
  };
}

export type Escalation = ReturnType<typeof createEscalation>;
