import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useCan } from '../../lib/workspaces';
import { Button } from '../ui/button';

/** Shown to the roles that may create monitors (a viewer reads only). */
export function NewMonitorButton() {
  if (!useCan('write')) return null;
  return (
    <Button asChild>
      <Link to="/dashboard/monitors/new">
        <Plus className="size-4" aria-hidden />
        New monitor
      </Link>
    </Button>
  );
}
