import { type FormEvent, useState } from 'react';
import {
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  type Incident,
  type IncidentStatus,
  incidentUpdateInputSchema,
  resolutionInputSchema,
} from '../../../core/api/incidents';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Field, FormError, Label, NativeSelect } from '../../components/ui/input';
import { apiSend } from '../../lib/api';
import { incidentPath } from '../../lib/incidents';
import { TEXTAREA } from './management';
import { useIncidentWrite } from './use-incident-write';

/** A public update, optionally announcing a new status (the update sets it). */
export function PostUpdateDialog({ incident, disabled }: { incident: Incident; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<IncidentStatus>(incident.status);
  const [invalid, setInvalid] = useState<string | null>(null);
  const post = useIncidentWrite(
    incident.id,
    (body: { message: string; status: IncidentStatus }) =>
      apiSend<Incident>('POST', incidentPath(incident.id, 'updates'), body),
    'Update posted.',
  );
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setMessage('');
      setStatus(incident.status);
      setInvalid(null);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = incidentUpdateInputSchema.safeParse({ message, status });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Check the update.');
    post.mutate({ message: parsed.data.message, status }, { onSuccess: () => setOpen(false) });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" disabled={disabled}>
          Post update
        </Button>
      </DialogTrigger>
      <DialogContent title="Post update" description="A public update on this incident." className="max-w-lg">
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <Field>
            <Label htmlFor="update-message">Message</Label>
            <textarea
              id="update-message"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              className={TEXTAREA}
            />
          </Field>
          <Field>
            <Label htmlFor="update-status">Status</Label>
            <NativeSelect
              id="update-status"
              value={status}
              onChange={(event) => setStatus(event.target.value as IncidentStatus)}
            >
              {INCIDENT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {INCIDENT_STATUS_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <FormError>{invalid ?? post.error?.message}</FormError>
          <div className="flex justify-end">
            <Button type="submit" disabled={post.isPending}>
              {post.isPending ? 'Posting…' : 'Post update'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Resolve, recording why: the root cause and summary go into the resolution (its follow-ups
 * kept), then the status changes to resolved.
 */
export function ResolveDialog({ incident, disabled }: { incident: Incident; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [rootCause, setRootCause] = useState('');
  const [summary, setSummary] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const resolve = useIncidentWrite(
    incident.id,
    async (resolution: { rootCause: string | null; summary: string | null }) => {
      await apiSend<Incident>('PUT', incidentPath(incident.id, 'resolution'), {
        ...resolution,
        followUps: incident.resolution.followUps,
      });
      return apiSend<Incident>('PATCH', incidentPath(incident.id), { status: 'resolved' });
    },
    'Incident resolved.',
  );
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setRootCause(incident.resolution.rootCause ?? '');
      setSummary(incident.resolution.summary ?? '');
      setInvalid(null);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resolutionInputSchema.safeParse({ rootCause, summary });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Check the resolution.');
    const { rootCause: cause, summary: text } = parsed.data;
    resolve.mutate({ rootCause: cause || null, summary: text || null }, { onSuccess: () => setOpen(false) });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button disabled={disabled}>Resolve</Button>
      </DialogTrigger>
      <DialogContent
        title="Resolve incident"
        description="Record what caused it while it is fresh; you can add follow-up actions on the Resolution tab."
        className="max-w-lg"
      >
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <Field>
            <Label htmlFor="resolve-root-cause">Root cause</Label>
            <textarea
              id="resolve-root-cause"
              value={rootCause}
              onChange={(event) => setRootCause(event.target.value)}
              className={TEXTAREA}
            />
          </Field>
          <Field>
            <Label htmlFor="resolve-summary">Summary (optional)</Label>
            <textarea
              id="resolve-summary"
              value={summary}
              onChange={(event) => setSummary(event.target.value)}
              className={TEXTAREA}
            />
          </Field>
          <FormError>{invalid ?? resolve.error?.message}</FormError>
          <div className="flex justify-end">
            <Button type="submit" disabled={resolve.isPending}>
              {resolve.isPending ? 'Resolving…' : 'Resolve incident'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
