import { X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type Incident, type Resolution, resolutionInputSchema } from '../../../core/api/incidents';
import { FeatureGate } from '../../components/feature-gate';
import { WriteFieldset } from '../../components/role-lock';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, FormError, Input, Label } from '../../components/ui/input';
import { apiSend } from '../../lib/api';
import { incidentPath } from '../../lib/incidents';
import { TEXTAREA } from './management';
import { useIncidentWrite } from './use-incident-write';
import { useRouteIncident } from './use-route-incident';

function FollowUps({ items, onChange }: { items: string[]; onChange: (items: string[]) => void }) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const text = draft.trim();
    // A follow-up names itself: the same one twice is one.
    if (text && !items.includes(text)) onChange([...items, text]);
    setDraft('');
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">Follow-up actions</legend>
      {items.length > 0 ? (
        <ul aria-label="Follow-up actions" className="flex flex-col gap-1.5">
          {items.map((item) => (
            <li
              key={item}
              className="flex items-center gap-2 rounded-ui border border-border px-3 py-1.5 text-sm"
            >
              <span className="min-w-0 flex-1 break-words">{item}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove follow-up: ${item}`}
                onClick={() => onChange(items.filter((other) => other !== item))}
              >
                <X className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          aria-label="New follow-up action"
          value={draft}
          placeholder="Add an alert on the queue depth"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add} disabled={!draft.trim()}>
          Add
        </Button>
      </div>
    </fieldset>
  );
}

function ResolutionForm({ incident }: { incident: Incident }) {
  const [rootCause, setRootCause] = useState(incident.resolution.rootCause ?? '');
  const [summary, setSummary] = useState(incident.resolution.summary ?? '');
  const [followUps, setFollowUps] = useState(() => [...new Set(incident.resolution.followUps)]);
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useIncidentWrite(
    incident.id,
    (body: Resolution) => apiSend<Incident>('PUT', incidentPath(incident.id, 'resolution'), body),
    'Resolution saved.',
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resolutionInputSchema.safeParse({ rootCause, summary, followUps });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Check the resolution.');
    setInvalid(null);
    const { rootCause: cause, summary: text } = parsed.data;
    save.mutate({ rootCause: cause || null, summary: text || null, followUps: parsed.data.followUps });
  };

  return (
    <WriteFieldset>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <Field>
          <Label htmlFor="resolution-root-cause">Root cause</Label>
          <textarea
            id="resolution-root-cause"
            value={rootCause}
            onChange={(event) => setRootCause(event.target.value)}
            className={TEXTAREA}
          />
        </Field>
        <Field>
          <Label htmlFor="resolution-summary">Summary</Label>
          <textarea
            id="resolution-summary"
            value={summary}
            onChange={(event) => setSummary(event.target.value)}
            className={TEXTAREA}
          />
        </Field>
        <FollowUps items={followUps} onChange={setFollowUps} />
        <FormError>{invalid ?? save.error?.message}</FormError>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save resolution'}
          </Button>
        </div>
      </form>
    </WriteFieldset>
  );
}

function ResolutionCard() {
  const incident = useRouteIncident();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Resolution</CardTitle>
        <CardDescription>
          {incident.resolvedAt === null
            ? 'Still open. Write down what you know; resolve it from the overview.'
            : 'The postmortem: what caused it, what was done, and what follows.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* Keyed by the last change so a save elsewhere (the Resolve dialog) refills the form. */}
        <ResolutionForm key={incident.updatedAt} incident={incident} />
      </CardContent>
    </Card>
  );
}

export function ResolutionTab() {
  return (
    <FeatureGate gate="monitorIncidents">
      <ResolutionCard />
    </FeatureGate>
  );
}
