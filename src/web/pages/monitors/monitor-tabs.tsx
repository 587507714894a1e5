import { Activity, Gauge, GitBranch, Settings, ShieldCheck, Siren } from 'lucide-react';
import { FeatureGate } from '../../components/feature-gate';
import { EmptyState } from '../../components/ui/empty-state';

// Each tab's real screen arrives with its feature; the gates are already the real ones.

export function OverviewTab() {
  return (
    <EmptyState icon={Activity} title="No checks yet">
      Uptime, response time and the latest deployment appear here after the first check.
    </EmptyState>
  );
}

export function UptimeTab() {
  return (
    <EmptyState icon={Activity} title="No uptime history yet">
      Daily uptime bars and outages appear once checks have run.
    </EmptyState>
  );
}

export function PerformanceTab() {
  return (
    <EmptyState icon={Gauge} title="No performance runs yet">
      Core Web Vitals from lab runs appear here.
    </EmptyState>
  );
}

export function DeploymentsTab() {
  return (
    <FeatureGate feature="apiAccess">
      <EmptyState icon={GitBranch} title="No deployments yet">
        Deployments reported by CI or webhooks appear here next to the checks they affected.
      </EmptyState>
    </FeatureGate>
  );
}

export function SecurityTab() {
  return (
    <FeatureGate feature="sslMonitoring">
      <EmptyState icon={ShieldCheck} title="No certificate checks yet">
        Certificate expiry, chain and hostname results appear here.
      </EmptyState>
    </FeatureGate>
  );
}

export function IncidentsTab() {
  return (
    <FeatureGate feature="incidentManagement">
      <EmptyState icon={Siren} title="No incidents">
        Incidents for this monitor open and resolve here.
      </EmptyState>
    </FeatureGate>
  );
}

export function SettingsTab() {
  return (
    <EmptyState icon={Settings} title="Monitor settings are coming">
      Interval, alerting and assertions for this monitor will be edited here.
    </EmptyState>
  );
}
