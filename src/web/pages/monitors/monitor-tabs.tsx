import { Gauge } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';

// Each of these tabs' real screen arrives with its feature; the gates are already the real ones.
// Overview, uptime, deployments, security and settings live in their own folders; incidents in
// pages/incidents.

export function PerformanceTab() {
  return (
    <EmptyState icon={Gauge} title="No performance runs yet">
      Core Web Vitals from lab runs appear here.
    </EmptyState>
  );
}
