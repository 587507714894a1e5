// Builds the services and the HTTP app from explicit parts: the runtime and the tests
// both come through here, so they cannot wire things differently.

import type { Catalogue, ReferralProgram } from '../../core/billing/types.ts';
import { createAlerts } from '../alerts/create-alerts.ts';
import { createAuth } from '../auth/auth.ts';
import { createBilling } from '../billing/create-billing.ts';
import { createConfigService } from '../config-as-code/service.ts';
import { createDeploymentService } from '../deployments/service.ts';
import { createDigestService } from '../digests/service.ts';
import { createEscalation } from '../escalation/create-escalation.ts';
import { createIncidentService } from '../incidents/service.ts';
import { createMaintenanceService } from '../maintenance/service.ts';
import { createMonitorService } from '../monitor-api/service.ts';
import type { TargetVetter } from '../monitors/vet-url.ts';
import { createRealUserMonitoring } from '../performance/field/create-rum.ts';
import { createRumSettings } from '../performance/field/rum-settings.ts';
import { createPerformanceService } from '../performance/service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { DatabaseHandle } from '../platform/db/connect.ts';
import type { EventBus } from '../platform/events/bus.ts';
import type { Logger } from '../platform/logger.ts';
import { createOutboxMailer, type Mailer } from '../platform/mail/mailer.ts';
import { createTargetGuard, type TargetGuard } from '../platform/net/target-guard.ts';
import { createPageDirectory } from '../status-pages/page-directory.ts';
import { createStatusPageService } from '../status-pages/service.ts';
import { createInvitationService } from '../workspaces/invitations.ts';
import { createWorkspaceLifecycle } from '../workspaces/lifecycle.ts';
import { createMemberService } from '../workspaces/members.ts';
import { createApp } from './http/app.ts';

export type AppConfig = Pick<
  Config,
  'publicUrl' | 'github' | 'trustProxy' | 'testMode' | 'billing' | 'authAttemptsPerMinute'
> &
  Partial<Pick<Config, 'flapPolicy' | 'alertProviders' | 'dnsResolver' | 'pingGatherMs'>>;

export interface AssembleOptions {
  config: AppConfig;
  secret: string;
  database: DatabaseHandle;
  logger: Logger;
  clock: Clock;
  /** Tests hand the billing engine their own catalogue; the product uses Upwatch's. */
  catalogue?: Catalogue;
  programs?: readonly ReferralProgram[];
  events: EventBus;
  vet: TargetVetter;
  /** How 'Send test alert' reaches channels; without it: public targets only, mail to the outbox. */
  alertParts?: { guard: TargetGuard; mailer: Mailer };
  webDistDir: string;
}

export function assemble({
  config,
  secret,
  database,
  logger,
  clock,
  catalogue,
  programs,
  events,
  vet,
  alertParts,
  webDistDir,
}: AssembleOptions) {
  const { db, dialect } = database;
  const billing = createBilling({
    database,
    clock,
    logger,
    publicUrl: config.publicUrl,
    provider: config.billing,
    catalogue,
    programs,
  });
  const auth = createAuth({
    config,
    secret,
    db,
    dialect,
    clock,
    logger,
    mailer: alertParts?.mailer ?? createOutboxMailer(db, clock),
    events,
    onUserCreated: billing.onUserCreated,
  });
  const monitorDeps = {
    db,
    dialect,
    clock,
    plans: billing.plans,
    vet,
    testMode: config.testMode,
    publicUrl: config.publicUrl,
  };
  const monitors = createMonitorService(monitorDeps);
  const incidents = createIncidentService({ db, clock, entitlements: billing.entitlements });
  const alertDeps = {
    db,
    clock,
    secret,
    publicUrl: config.publicUrl,
    entitlements: billing.entitlements,
    vetUrl: vet.url,
    guard: alertParts?.guard ?? createTargetGuard({ allowPrivateTargets: false }),
    mailer: alertParts?.mailer ?? createOutboxMailer(db, clock),
    providers: config.alertProviders,
  };
  const alerts = createAlerts(alertDeps);
  const pageDirectory = createPageDirectory(db, clock);
  const performance = createPerformanceService({
    db,
    clock,
    events,
    entitlements: billing.entitlements,
    vetUrl: vet.url,
  });
  const rum = createRealUserMonitoring({
    db,
    dialect,
    clock,
    logger,
    publicUrl: config.publicUrl,
    entitlements: billing.entitlements,
  });
  const configAsCode = createConfigService({
    db,
    clock,
    secret,
    plans: billing.plans,
    entitlements: billing.entitlements,
    directory: pageDirectory,
    rumKeys: rum.directory,
    servicesOn: (on, parts) => {
      const onEscalation = createEscalation({ db: on, clock, secret, entitlements: parts.entitlements });
      return {
        monitors: createMonitorService({ ...monitorDeps, db: on, plans: parts.plans }),
        channels: createAlerts({ ...alertDeps, db: on, entitlements: parts.entitlements }),
        pages: createStatusPageService({
          db: on,
          clock,
          entitlements: parts.entitlements,
          publicUrl: config.publicUrl,
          directory: parts.directory,
        }),
        windows: createMaintenanceService({ db: on, clock }),
        policies: onEscalation.policies,
        monitorPolicies: onEscalation.monitors,
        sites: createPerformanceService({
          db: on,
          clock,
          events,
          entitlements: parts.entitlements,
          vetUrl: vet.url,
        }),
        // The file never shows the page-view allowance banner, so billing is not asked for it.
        rum: createRumSettings({
          db: on,
          clock,
          publicUrl: config.publicUrl,
          directory: { ...rum.directory, forget: parts.rumKeys.forget },
          meter: { overAllowance: async () => false },
        }),
      };
    },
  });
  const deployments = createDeploymentService({
    db,
    clock,
    events,
    entitlements: billing.entitlements,
    secret,
    publicUrl: config.publicUrl,
  });
  const digests = createDigestService({
    db,
    clock,
    mailer: alertParts?.mailer ?? createOutboxMailer(db, clock),
    secret,
    publicUrl: config.publicUrl,
    logger,
    entitlements: billing.entitlements,
  });
  const escalation = createEscalation({ db, clock, secret, entitlements: billing.entitlements });
  const maintenance = createMaintenanceService({ db, clock });
  const workspaces = {
    members: createMemberService(db, clock, events),
    invitations: createInvitationService({
      db,
      dialect,
      clock,
      mailer: alertParts?.mailer ?? createOutboxMailer(db, clock),
      publicUrl: config.publicUrl,
    }),
    lifecycle: createWorkspaceLifecycle({
      db,
      dialect,
      clock,
      onCreated: billing.onUserCreated,
      paidPlan: async (id) => {
        const summary = await billing.entitlements.planSummary(id);
        return summary.paid ? summary.displayName : null;
      },
      events,
    }),
  };
  const app = createApp({
    config,
    secret,
    db,
    clock,
    auth,
    monitors,
    incidents,
    billing,
    alerts,
    configAsCode,
    pageDirectory,
    deployments,
    performance,
    rum,
    digests,
    escalation,
    maintenance,
    subscribers: { secret, vetUrl: vet.url },
    workspaces,
    events,
    pings: { db, dialect, clock, events, flapPolicy: config.flapPolicy, gatherMs: config.pingGatherMs },
    logger,
    webDistDir,
  });
  return { app, auth, monitors, billing, performance, rum, digests };
}
