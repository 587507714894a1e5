import { MonitorPerformance } from '../performance/monitor-performance';
import { KindTab } from './kind-tab';

// Overview, uptime, deployments, security and settings live in their own folders; incidents in
// pages/incidents; the performance screens in pages/performance.

export function PerformanceTab() {
  return (
    <KindTab tab="performance">
      <MonitorPerformance />
    </KindTab>
  );
}
