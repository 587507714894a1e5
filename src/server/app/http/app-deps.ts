// The parts the HTTP app is built from: runtime.ts and the tests' app assemble them.
import type { Kysely } from 'kysely';
import type { ChannelService } from '../../alerts/channel-service.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Billing } from '../../billing/create-billing.ts';
import type { ConfigService } from '../../config-as-code/service.ts';
import type { DeploymentService } from '../../deployments/service.ts';
import type { DigestService } from '../../digests/service.ts';
import type { Escalation } from '../../escalation/create-escalation.ts';
import type { PingDeps } from '../../heartbeats/receive-ping.ts';
import type { IncidentService } from '../../incidents/service.ts';
import type { MaintenanceService } from '../../maintenance/service.ts';
import type { MonitorService } from '../../monitor-api/service.ts';
import type { RealUserMonitoring } from '../../performance/field/create-rum.ts';
import type { PerformanceService } from '../../performance/service.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { Logger } from '../../platform/logger.ts';
import type { PageDirectory } from '../../status-pages/page-directory.ts';
import type { SubscriberDeps } from '../../status-pages/subscribers/mount.ts';
import type { InvitationService } from '../../workspaces/invitations.ts';
import type { WorkspaceLifecycle } from '../../workspaces/lifecycle.ts';
import type { MemberService } from '../../workspaces/members.ts';

export interface AppDeps {
  config: Pick<Config, 'publicUrl' | 'github' | 'trustProxy' | 'testMode'> &
    Partial<Pick<Config, 'dnsResolver'>>;
  /** SECRET_KEY: signs the cookie a private status page's password form sets. */
  secret: string;
  db: Kysely<Database>;
  clock: Clock;
  auth: Auth;
  monitors: MonitorService;
  incidents: IncidentService;
  billing: Billing;
  alerts: ChannelService;
  /** upwatch.yaml: apply, export and its JSON Schema. */
  configAsCode: ConfigService;
  /** Which page a slug or hostname names, cached per process; writers forget what they change. */
  pageDirectory: PageDirectory;
  deployments: DeploymentService;
  performance: PerformanceService;
  /** Real visitors' page views: the beacon route and the RUM settings and field API. */
  rum: RealUserMonitoring;
  digests: DigestService;
  escalation: Escalation;
  maintenance: MaintenanceService;
  /** Status page subscribers: what sign-ups and the owner's list need beyond the app's own parts. */
  subscribers: Pick<SubscriberDeps, 'secret' | 'vetUrl'>;
  workspaces: { members: MemberService; invitations: InvitationService; lifecycle: WorkspaceLifecycle };
  events: EventBus;
  /** What a heartbeat ping needs to be judged like a check result. */
  pings: PingDeps;
  logger: Logger;
  webDistDir: string;
}
