import { Navigate } from '@tanstack/react-router';
import { useRouteMonitor } from '../../lib/use-monitor';
import { MonitorPerformance } from '../performance/monitor-performance';
import { hasTab } from './kinds/registry';

// Overview, uptime, deployments, security and settings live in their own folders; incidents in
// pages/incidents; the performance screens in pages/performance.

export function PerformanceTab() {
  const monitor = useRouteMonitor();
  // A kind without the tab (a TCP port has no page to measure) opens its overview instead.
  if (!hasTab(monitor.kind, 'performance'))
    return <Navigate to="/dashboard/monitors/$id" params={{ id: monitor.id }} replace />;
  return <MonitorPerformance />;
}
