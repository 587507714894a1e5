import { Check } from 'lucide-react';
import type { Incident, IncidentSummary } from '../../../core/api/incidents';
import { Button } from '../../components/ui/button';
import { apiSend } from '../../lib/api';
import { incidentPath } from '../../lib/incidents';
import { useCan } from '../../lib/workspaces';
import { useCanManageIncidents } from './management';
import { useIncidentWrite } from './use-incident-write';

/**
 * Acknowledge an open incident: escalation stops and the channels already alerted are told.
 * Hidden from viewers (the permission table); shown disabled without incident management.
 */
export function AcknowledgeButton({
  incident,
  size = 'md',
}: {
  incident: Pick<IncidentSummary, 'id' | 'title' | 'acknowledgedAt' | 'resolvedAt'>;
  size?: 'sm' | 'md';
}) {
  const writer = useCan('write');
  const managed = useCanManageIncidents();
  const acknowledge = useIncidentWrite(
    incident.id,
    () => apiSend<Incident>('POST', incidentPath(incident.id, 'acknowledge')),
    'Incident acknowledged. Escalation stopped.',
  );
  if (!writer || incident.resolvedAt !== null) return null;
  const done = incident.acknowledgedAt !== null;
  const label = done ? 'Acknowledged' : acknowledge.isPending ? 'Acknowledging…' : 'Acknowledge';
  return (
    <Button
      variant="secondary"
      size={size}
      disabled={done || !managed || acknowledge.isPending}
      onClick={() => acknowledge.mutate()}
      // In a list, each row's button names its incident.
      aria-label={size === 'sm' ? `${label}: ${incident.title}` : undefined}
    >
      {done ? <Check className="size-4" aria-hidden /> : null}
      {label}
    </Button>
  );
}
