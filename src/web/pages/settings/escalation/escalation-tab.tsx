import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Pencil, Siren, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Channel } from '../../../../core/api/alerts';
import type { EscalationPolicy, EscalationPolicyInput } from '../../../../core/api/escalation';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { apiSend } from '../../../lib/api';
import { useCan } from '../../../lib/workspaces';
import { ManagementUpgrade, useCanManageIncidents } from '../../incidents/management';
import { channelsQuery } from '../notifications/alert-queries';
import { escalationKeys, policiesQuery, policyPath } from './escalation-queries';
import { PolicyEditor } from './policy-editor';
import { emptyPolicyState, stateFromPolicy } from './policy-form-state';

type Editing = { mode: 'list' } | { mode: 'create' } | { mode: 'edit'; id: string };

/** '1. On call → 10 min → 2. Team lead, repeated every 15 min'. */
function describeSteps(policy: EscalationPolicy, channels: Channel[]): string {
  const names = (ids: string[]) =>
    ids.map((id) => channels.find((channel) => channel.id === id)?.name ?? 'a deleted channel').join(', ') ||
    'no channel left (the account email)';
  const steps = policy.steps
    .map((step, index) => {
      const wait = index < policy.steps.length - 1 ? ` → ${step.waitMinutes} min →` : '';
      return `${index + 1}. ${names(step.channelIds)}${wait}`;
    })
    .join(' ');
  return policy.repeatEveryMinutes === null
    ? steps
    : `${steps}, repeated every ${policy.repeatEveryMinutes} min`;
}

function PolicyRow({
  policy,
  channels,
  writer,
  onEdit,
}: {
  policy: EscalationPolicy;
  channels: Channel[];
  writer: boolean;
  onEdit(): void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => apiSend('DELETE', policyPath(policy.id)),
    onSuccess: async () => {
      toast.success(`${policy.name} deleted.`);
      await queryClient.invalidateQueries({ queryKey: escalationKeys.policies });
    },
    onError: (error) => toast.error(error.message),
  });
  const used = policy.monitorCount === 1 ? '1 monitor' : `${policy.monitorCount} monitors`;
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <Siren className="mt-1 size-4 text-muted" aria-hidden />
      {/* Wide enough to read: on a phone the buttons go below rather than squeeze the steps. */}
      <div className="min-w-[14rem] flex-1">
        <p className="font-medium">
          {policy.name}
          {policy.isDefault ? (
            <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent">
              Default
            </span>
          ) : null}
        </p>
        <p className="text-sm break-words text-muted">{describeSteps(policy, channels)}</p>
        <p className="text-xs text-muted">
          {policy.isDefault ? 'Followed by every monitor that chose no policy' : `Chosen by ${used}`}
        </p>
      </div>
      {writer ? (
        <div className="flex gap-1">
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${policy.name}`}>
            <Pencil className="size-4" aria-hidden />
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            aria-label={`Delete ${policy.name}`}
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      ) : null}
    </li>
  );
}

export function EscalationTab() {
  const queryClient = useQueryClient();
  const { data: policies, error } = useQuery(policiesQuery);
  const { data: list } = useQuery(channelsQuery);
  const writer = useCan('write');
  const allowed = useCanManageIncidents();
  const [editing, setEditing] = useState<Editing>({ mode: 'list' });
  const toList = () => setEditing({ mode: 'list' });
  const save = useMutation({
    mutationFn: ({ id, input }: { id?: string; input: EscalationPolicyInput }) =>
      apiSend<EscalationPolicy>(id ? 'PATCH' : 'POST', policyPath(id), input),
    onSuccess: async (policy, { id }) => {
      toast.success(id ? `${policy.name} saved.` : `${policy.name} created.`);
      toList();
      await queryClient.invalidateQueries({ queryKey: escalationKeys.policies });
    },
  });
  if (error) throw error;
  if (!policies || !list) return <Spinner />;
  const channels = list.channels;

  if (editing.mode !== 'list') {
    const policy = editing.mode === 'edit' ? policies.find((p) => p.id === editing.id) : undefined;
    return (
      <div className="flex flex-col gap-6">
        <PolicyEditor
          key={policy?.id ?? 'new'}
          title={policy ? `Edit ${policy.name}` : 'New escalation policy'}
          initial={policy ? stateFromPolicy(policy) : emptyPolicyState(policies.length === 0)}
          channels={channels}
          allowed={allowed}
          submitLabel={policy ? 'Save changes' : 'Create policy'}
          onSubmit={(input) => save.mutateAsync({ id: policy?.id, input })}
          onCancel={toList}
        />
        <ManagementUpgrade />
      </div>
    );
  }

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Escalation policies</CardTitle>
          <CardDescription>
            Who is alerted when an outage goes unacknowledged: steps of channels, each followed by a wait.
            Monitors follow the default unless they choose another in their settings.
          </CardDescription>
        </div>
        {writer && channels.length > 0 ? (
          <Button onClick={() => setEditing({ mode: 'create' })}>New policy</Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {channels.length === 0 ? (
          <EmptyState icon={Siren} title="Add a channel first">
            Steps alert channels.{' '}
            <Link to="/dashboard/settings/notifications" className="text-accent underline">
              Add email, chat, push or on-call channels in Notifications
            </Link>
            , then build a policy from them.
          </EmptyState>
        ) : policies.length === 0 ? (
          <EmptyState icon={Siren} title="No escalation policies yet">
            Without one, each monitor's Down and Recovered alerts go to its channels, and nothing escalates.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-border" aria-label="Escalation policies">
            {policies.map((policy) => (
              <PolicyRow
                key={policy.id}
                policy={policy}
                channels={channels}
                writer={writer}
                onEdit={() => setEditing({ mode: 'edit', id: policy.id })}
              />
            ))}
          </ul>
        )}
        <ManagementUpgrade />
      </CardContent>
    </Card>
  );
}
