import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Deployment, DeploymentInput } from '../../../core/api/deployments';
import { FeatureGate } from '../../components/feature-gate';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { FormError, Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { apiSend } from '../../lib/api';
import { deploymentKeys } from '../../lib/deployments';
import { monitorKeys } from '../../lib/monitors';
import { useMonitorChoices } from '../incidents/use-monitor-choices';
import { Checkbox, describedBy, FormField } from '../monitors/form/form-field';
import { type DeploymentDraft, type DraftField, EMPTY_DRAFT, parseDraft } from './deployment-form-values';
import { MonitorPicker } from './monitor-picker';
import { RecordedDeployment } from './recorded-deployment';

type TextField = Exclude<DraftField, 'monitorIds'>;

const TEXT_FIELDS: { field: TextField; label: string; placeholder: string; hint?: string }[] = [
  { field: 'version', label: 'Version', placeholder: 'v1.4.2' },
  { field: 'environment', label: 'Environment', placeholder: 'production' },
  { field: 'commitSha', label: 'Commit', placeholder: '9fceb02d0ae598e95dc970b74767f19372d61af8' },
  { field: 'branch', label: 'Branch', placeholder: 'main' },
  {
    field: 'url',
    label: 'URL',
    placeholder: 'https://shop.example.com',
    hint: 'The deployed site. With no monitors chosen, it picks the monitors on the same host.',
  },
];

function DeploymentForm() {
  const queryClient = useQueryClient();
  const monitors = useMonitorChoices();
  const [draft, setDraft] = useState<DeploymentDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const record = useMutation({
    mutationFn: (body: DeploymentInput) => apiSend<Deployment>('POST', '/api/v1/deployments', body),
    onSuccess: async (deployment) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deploymentKeys.all }),
        ...deployment.triggeredMonitorIds.map((id) =>
          queryClient.invalidateQueries({ queryKey: monitorKeys.detail(id) }),
        ),
      ]);
    },
  });

  const set = <K extends keyof DeploymentDraft>(key: K, value: DeploymentDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDraft(draft);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    record.mutate(parsed.body);
  };

  if (record.data) {
    return (
      <RecordedDeployment
        deployment={record.data}
        monitors={monitors}
        onAnother={() => {
          record.reset();
          setDraft(EMPTY_DRAFT);
        }}
      />
    );
  }

  return (
    <Card>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate aria-label="New deployment">
          <div className="grid gap-4 sm:grid-cols-2">
            {TEXT_FIELDS.map(({ field, label, placeholder, hint }) => (
              <FormField
                key={field}
                id={`deployment-${field}`}
                label={label}
                error={errors[field]}
                hint={hint}
                className={field === 'url' || field === 'commitSha' ? 'sm:col-span-2' : undefined}
              >
                <Input
                  {...describedBy(`deployment-${field}`, errors[field], hint)}
                  value={draft[field]}
                  placeholder={placeholder}
                  onChange={(event) => set(field, event.target.value)}
                />
              </FormField>
            ))}
          </div>
          <MonitorPicker
            monitors={monitors}
            chosen={draft.monitorIds}
            error={errors.monitorIds}
            onChange={(ids) => set('monitorIds', ids)}
          />
          <Checkbox
            id="deployment-trigger-checks"
            label="Check the monitors now"
            hint="Runs one immediate check per monitor, so the effect of the deploy shows at once."
            checked={draft.triggerChecks}
            onChange={(checked) => set('triggerChecks', checked)}
          />
          <FormError>{record.error?.message}</FormError>
          <div>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? 'Recording…' : 'Record deployment'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export function NewDeploymentPage() {
  return (
    <>
      <PageHeader
        title="New deployment"
        description="Record a deployment by hand: it lands on the timeline of the monitors it affects."
      />
      <FeatureGate gate="monitorDeployments">
        <div className="max-w-2xl">
          <DeploymentForm />
        </div>
      </FeatureGate>
    </>
  );
}
