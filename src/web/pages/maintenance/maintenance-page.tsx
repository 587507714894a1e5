import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Plus } from 'lucide-react';
import { useState } from 'react';
import type { MaintenanceWindow } from '../../../core/api/maintenance';
import { SectionError } from '../../components/section-error';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { PageSpinner } from '../../components/ui/spinner';
import { maintenanceListQueryOptions } from '../../lib/maintenance';
import { useCan } from '../../lib/workspaces';
import { MaintenanceCalendar } from './maintenance-calendar';
import { WindowForm } from './window-form';
import { WindowList } from './window-list';

/** The dialog's subject: a new window, one being changed, or none (closed). */
type Editing = { window: MaintenanceWindow | null } | null;

export function MaintenancePage() {
  const canWrite = useCan('write');
  const open = useQuery(maintenanceListQueryOptions('open'));
  const completed = useQuery(maintenanceListQueryOptions('completed'));
  const [editing, setEditing] = useState<Editing>(null);
  const schedule = canWrite ? (
    <Button onClick={() => setEditing({ window: null })}>
      <Plus className="size-4" aria-hidden />
      Schedule maintenance
    </Button>
  ) : null;
  const windows = open.data?.windows ?? [];
  const past = completed.data?.windows ?? [];
  return (
    <>
      <PageHeader
        title="Maintenance"
        description="Planned work: monitors stay checked, but open no incident, send no alert, and the minutes are left out of uptime."
        actions={schedule}
      />
      {open.isPending ? <PageSpinner /> : null}
      {open.isError ? (
        <SectionError
          title="Maintenance Error"
          message="We couldn't load the maintenance windows. Please check your connection and try again."
        />
      ) : null}
      {open.isSuccess && windows.length === 0 ? (
        <EmptyState icon={CalendarClock} title="No maintenance scheduled" level={2} action={schedule}>
          Schedule a window before planned work, or record a deployment with maintenance_minutes.
        </EmptyState>
      ) : null}
      {windows.length > 0 ? (
        <div className="flex flex-col gap-8">
          <section aria-labelledby="scheduled-title">
            <h2 id="scheduled-title" className="mb-3 text-lg font-semibold">
              In progress and upcoming
            </h2>
            <WindowList
              windows={windows}
              label="In progress and upcoming"
              onEdit={(window) => setEditing({ window })}
            />
          </section>
          <MaintenanceCalendar windows={windows} now={open.dataUpdatedAt || Date.now()} />
        </div>
      ) : null}
      {past.length > 0 ? (
        <section aria-labelledby="completed-title" className="mt-8">
          <h2 id="completed-title" className="mb-3 text-lg font-semibold">
            Completed
          </h2>
          <WindowList windows={past} label="Completed" onEdit={(window) => setEditing({ window })} />
        </section>
      ) : null}
      <Dialog open={editing !== null} onOpenChange={(next) => (next ? null : setEditing(null))}>
        {editing ? (
          <DialogContent
            title={editing.window ? `Edit ${editing.window.name}` : 'Schedule maintenance'}
            description="Times are read on the chosen zone's clock, daylight saving included."
            className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
          >
            <WindowForm window={editing.window} onDone={() => setEditing(null)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
