import { Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useRouteMonitor } from '../../lib/use-monitor';
import type { OptionalTab } from './kinds/face';
import { hasTab } from './kinds/faces';

/**
 * A tab only some kinds have. A link to it for a monitor of another kind (a heartbeat has no
 * certificate to show) opens the monitor's overview instead.
 */
export function KindTab({ tab, children }: { tab: OptionalTab; children: ReactNode }) {
  const monitor = useRouteMonitor();
  if (!hasTab(monitor.kind, tab))
    return <Navigate to="/dashboard/monitors/$id" params={{ id: monitor.id }} replace />;
  return children;
}
