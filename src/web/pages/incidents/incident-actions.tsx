import {
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  type Incident,
  type IncidentPatch,
  type IncidentSeverity,
  type IncidentStatus,
} from '../../../core/api/incidents';
import { WriteFieldset } from '../../components/role-lock';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, Label, NativeSelect } from '../../components/ui/input';
import { apiSend } from '../../lib/api';
import { incidentPath } from '../../lib/incidents';
import { AcknowledgeButton } from './acknowledge-button';
import { PostUpdateDialog, ResolveDialog } from './action-dialogs';
import { ManagementUpgrade, useCanManageIncidents } from './management';
import { useIncidentWrite } from './use-incident-write';

/** Acknowledge, change status or severity, post an update, resolve: incident management. */
export function IncidentActions({ incident }: { incident: Incident }) {
  const allowed = useCanManageIncidents();
  const resolved = incident.resolvedAt !== null;
  const patch = useIncidentWrite(
    incident.id,
    (body: IncidentPatch) => apiSend<Incident>('PATCH', incidentPath(incident.id), body),
    (saved) =>
      `Status ${INCIDENT_STATUS_LABELS[saved.status]}, severity ${INCIDENT_SEVERITY_LABELS[saved.severity]}.`,
  );
  const busy = patch.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <WriteFieldset className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <AcknowledgeButton incident={incident} />
            <PostUpdateDialog incident={incident} disabled={!allowed || busy} />
            <ResolveDialog incident={incident} disabled={!allowed || busy || resolved} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field>
              <Label htmlFor="incident-change-status">Change status</Label>
              <NativeSelect
                id="incident-change-status"
                value={incident.status}
                disabled={!allowed || busy}
                onChange={(event) => patch.mutate({ status: event.target.value as IncidentStatus })}
              >
                {INCIDENT_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {INCIDENT_STATUS_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field>
              <Label htmlFor="incident-change-severity">Severity</Label>
              <NativeSelect
                id="incident-change-severity"
                value={incident.severity}
                disabled={!allowed || busy}
                onChange={(event) => patch.mutate({ severity: event.target.value as IncidentSeverity })}
              >
                {INCIDENT_SEVERITIES.map((value) => (
                  <option key={value} value={value}>
                    {INCIDENT_SEVERITY_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
        </WriteFieldset>
        <ManagementUpgrade />
      </CardContent>
    </Card>
  );
}
