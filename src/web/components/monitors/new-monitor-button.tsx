import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { Button } from '../ui/button';

export function NewMonitorButton() {
  return (
    <Button asChild>
      <Link to="/dashboard/monitors/new">
        <Plus className="size-4" aria-hidden />
        New monitor
      </Link>
    </Button>
  );
}
