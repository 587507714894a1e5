import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  type Incident,
  type IncidentInput,
  type IncidentSeverity,
  incidentInputSchema,
} from '../../../core/api/incidents';
import { WriteButton } from '../../components/role-lock';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Field, FormError, Input, Label, NativeSelect } from '../../components/ui/input';
import { apiSend } from '../../lib/api';
import { incidentKeys } from '../../lib/incidents';
import { monitorKeys } from '../../lib/monitors';
import { useRoleLock } from '../../lib/workspaces';
import { TEXTAREA, useCanManageIncidents } from './management';
import { useMonitorChoices } from './use-monitor-choices';

const OPEN_STATUSES = ['investigating', 'identified', 'monitoring'] as const;
type OpenStatus = (typeof OPEN_STATUSES)[number];

function MonitorChoice({ chosen, onToggle }: { chosen: Set<string>; onToggle: (id: string) => void }) {
  const data = useMonitorChoices();
  if (!data || data.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">Affected monitors</legend>
      <div className="flex max-h-40 flex-col gap-1.5 overflow-y-auto">
        {data.map((monitor) => (
          <label key={monitor.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={chosen.has(monitor.id)} onChange={() => onToggle(monitor.id)} />
            {monitor.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CreateIncidentForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [severity, setSeverity] = useState<IncidentSeverity>('major');
  const [status, setStatus] = useState<OpenStatus>('investigating');
  const [update, setUpdate] = useState('');
  const [monitorIds, setMonitorIds] = useState<Set<string>>(new Set());
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (input: IncidentInput) => apiSend<Incident>('POST', '/api/v1/incidents', input),
    onSuccess: (incident) => {
      queryClient.setQueryData(incidentKeys.detail(incident.id), incident);
      void queryClient.invalidateQueries({ queryKey: incidentKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: monitorKeys.summary() });
      toast.success('Incident opened.');
      onDone();
      void navigate({ to: '/dashboard/incidents/$id', params: { id: incident.id } });
    },
  });
  const toggle = (id: string) => {
    const next = new Set(monitorIds);
    if (!next.delete(id)) next.add(id);
    setMonitorIds(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = incidentInputSchema.safeParse({
      title,
      severity,
      status,
      monitorIds: [...monitorIds],
      update: update.trim() || undefined,
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Check the form.');
      return;
    }
    setInvalid(null);
    create.mutate(parsed.data);
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <Field>
        <Label htmlFor="incident-title">Title</Label>
        <Input
          id="incident-title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="Checkout is slow for some customers"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor="incident-severity">Severity</Label>
          <NativeSelect
            id="incident-severity"
            value={severity}
            onChange={(event) => setSeverity(event.target.value as IncidentSeverity)}
          >
            {INCIDENT_SEVERITIES.map((value) => (
              <option key={value} value={value}>
                {INCIDENT_SEVERITY_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field>
          <Label htmlFor="incident-status">Status</Label>
          <NativeSelect
            id="incident-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as OpenStatus)}
          >
            {OPEN_STATUSES.map((value) => (
              <option key={value} value={value}>
                {INCIDENT_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <MonitorChoice chosen={monitorIds} onToggle={toggle} />
      <Field>
        <Label htmlFor="incident-update">First update (optional)</Label>
        <textarea
          id="incident-update"
          value={update}
          onChange={(event) => setUpdate(event.target.value)}
          className={TEXTAREA}
          placeholder="We are looking into reports of slow checkouts."
        />
      </Field>
      <FormError>{invalid ?? create.error?.message}</FormError>
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Opening…' : 'Open incident'}
        </Button>
      </div>
    </form>
  );
}

/** 'Create incident' for a manual incident; disabled without incident management. */
export function CreateIncidentButton() {
  const allowed = useCanManageIncidents();
  const locked = useRoleLock() !== null;
  const [open, setOpen] = useState(false);
  const trigger = (
    <WriteButton disabled={!allowed}>
      <Plus className="size-4" aria-hidden />
      Create incident
    </WriteButton>
  );
  if (!allowed || locked) return trigger;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Create incident"
        description="Open an incident by hand for something your monitors cannot see."
        className="max-w-lg"
      >
        <CreateIncidentForm onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
