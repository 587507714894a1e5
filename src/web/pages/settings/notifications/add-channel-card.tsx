import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  CHANNEL_KINDS,
  CHANNEL_LABELS,
  type Channel,
  type ChannelKind,
  channelInputSchema,
  NTFY_PRIORITIES,
} from '../../../../core/api/alerts';
import { FEATURE_IDS, lowestPlanWith } from '../../../../core/plans';
import { PaywallDialog } from '../../../billing/dialogs';
import { useCustomer } from '../../../billing/use-customer';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, FormError, Input, Label, NativeSelect } from '../../../components/ui/input';
import { apiSend } from '../../../lib/api';
import { useHasFeature } from '../../../lib/use-plan';
import { alertKeys } from './alert-queries';

const URL_HINTS: Record<Exclude<ChannelKind, 'email' | 'members'>, string> = {
  slack: 'https://hooks.slack.com/services/…',
  discord: 'https://discord.com/api/webhooks/…',
  msteams: 'https://….logic.azure.com/workflows/…',
  googlechat: 'https://chat.googleapis.com/v1/spaces/…/messages?key=…',
  mattermost: 'https://mattermost.example.com/hooks/…',
  rocketchat: 'https://chat.example.com/hooks/…',
  ntfy: 'https://ntfy.sh',
  webhook: 'https://example.com/upwatch-hook',
};

/** Where each kind's URL comes from, in the provider's own words. */
const URL_LABELS: Partial<Record<ChannelKind, string>> = {
  msteams: 'Workflow URL (“When a Teams webhook request is received”)',
  googlechat: 'Webhook URL (Apps & integrations → Webhooks)',
  ntfy: 'Server URL',
};

interface NtfyFields {
  topic: string;
  priority: number;
  token: string;
}

const WEBHOOK_PLAN = lowestPlanWith('webhooks').displayName;

function configFor(kind: ChannelKind, target: string, secret: string, ntfy: NtfyFields) {
  if (kind === 'email') return { address: target.trim() };
  if (kind === 'members') return {};
  if (kind === 'ntfy') {
    const token = ntfy.token.trim();
    return {
      url: target.trim(),
      topic: ntfy.topic.trim(),
      priority: ntfy.priority,
      ...(token ? { token } : {}),
    };
  }
  if (kind === 'webhook' && secret.trim()) return { url: target.trim(), secret: secret.trim() };
  return { url: target.trim() };
}

export function AddChannelCard({ accountEmail }: { accountEmail: string }) {
  const queryClient = useQueryClient();
  const webhooksAllowed = useHasFeature('webhooks');
  const { check, isLoading: billingLoading } = useCustomer();
  const [kind, setKind] = useState<ChannelKind>('email');
  const [name, setName] = useState('');
  const [target, setTarget] = useState(accountEmail);
  const [secret, setSecret] = useState('');
  const [ntfy, setNtfy] = useState<NtfyFields>({ topic: '', priority: 4, token: '' });
  const [invalid, setInvalid] = useState<string | null>(null);
  const [shownSecret, setShownSecret] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (input: unknown) => apiSend<Channel>('POST', '/api/v1/alert-channels', input),
    onSuccess: async (channel) => {
      toast.success(`${CHANNEL_LABELS[channel.kind]} channel “${channel.name}” added.`);
      setShownSecret(channel.secret ?? null);
      setName('');
      setSecret('');
      await queryClient.invalidateQueries({ queryKey: alertKeys.channels });
    },
  });

  const chooseKind = (next: ChannelKind) => {
    // Without the feature, Webhook opens the paywall instead; the server still refuses the channel.
    if (next === 'webhook' && !check({ featureId: FEATURE_IDS.webhooks, dialog: PaywallDialog }).data.allowed)
      return;
    setKind(next);
    setTarget(next === 'email' ? accountEmail : next === 'ntfy' ? 'https://ntfy.sh' : '');
    setInvalid(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = channelInputSchema.safeParse({
      kind,
      name,
      config: configFor(kind, target, secret, ntfy),
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Check the form.');
      return;
    }
    setInvalid(null);
    create.mutate(parsed.data);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add a channel</CardTitle>
        <CardDescription>
          Email, Slack, Discord, Microsoft Teams, Google Chat, Mattermost, Rocket.Chat, ntfy push, or a signed
          webhook to your own endpoint.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <Field>
            <Label htmlFor="channel-kind">Kind</Label>
            <NativeSelect
              id="channel-kind"
              value={kind}
              onChange={(event) => chooseKind(event.target.value as ChannelKind)}
            >
              {CHANNEL_KINDS.map((value) => (
                // While billing loads every check says no, so Webhook waits rather than mis-paywalls.
                <option key={value} value={value} disabled={value === 'webhook' && billingLoading}>
                  {value === 'webhook' && !webhooksAllowed
                    ? `${CHANNEL_LABELS.webhook} (${WEBHOOK_PLAN} plan)`
                    : CHANNEL_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field>
            <Label htmlFor="channel-name">Name</Label>
            <Input
              id="channel-name"
              value={name}
              placeholder={kind === 'slack' ? '#ops' : 'On call'}
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
          {kind === 'members' ? (
            <p className="text-sm text-muted">
              Each member of the workspace gets the alert at their account's address, whoever belongs to it
              when the alert goes out.
            </p>
          ) : (
            <Field>
              <Label htmlFor="channel-target">
                {kind === 'email' ? 'Email address' : (URL_LABELS[kind] ?? 'Webhook URL')}
              </Label>
              <Input
                id="channel-target"
                type={kind === 'email' ? 'email' : 'url'}
                value={target}
                placeholder={kind === 'email' ? 'oncall@example.com' : URL_HINTS[kind]}
                onChange={(event) => setTarget(event.target.value)}
              />
            </Field>
          )}
          {kind === 'ntfy' ? <NtfyFieldset value={ntfy} onChange={setNtfy} /> : null}
          {kind === 'webhook' ? (
            <Field>
              <Label htmlFor="channel-secret">Signing secret (optional)</Label>
              <Input
                id="channel-secret"
                value={secret}
                placeholder="Leave empty and Upwatch makes one"
                onChange={(event) => setSecret(event.target.value)}
              />
            </Field>
          ) : null}
          <FormError>{invalid ?? create.error?.message}</FormError>
          {shownSecret ? (
            <p role="status" className="rounded-ui border border-border bg-surface p-3 text-sm">
              Signing secret, shown this once: <code className="break-all">{shownSecret}</code>. Requests
              carry <code>X-Upwatch-Signature: sha256=HMAC(secret, timestamp + "." + body)</code> and{' '}
              <code>X-Upwatch-Timestamp</code>.
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding…' : 'Add channel'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function NtfyFieldset({ value, onChange }: { value: NtfyFields; onChange(next: NtfyFields): void }) {
  return (
    <>
      <Field>
        <Label htmlFor="ntfy-topic">Topic</Label>
        <Input
          id="ntfy-topic"
          value={value.topic}
          placeholder="upwatch-alerts"
          onChange={(event) => onChange({ ...value, topic: event.target.value })}
        />
      </Field>
      <Field>
        <Label htmlFor="ntfy-priority">Priority of down alerts</Label>
        <NativeSelect
          id="ntfy-priority"
          value={value.priority}
          onChange={(event) => onChange({ ...value, priority: Number(event.target.value) })}
        >
          {NTFY_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {NTFY_PRIORITY_LABELS[priority]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field>
        <Label htmlFor="ntfy-token">Access token (optional)</Label>
        <Input
          id="ntfy-token"
          value={value.token}
          placeholder="tk_… for a protected topic"
          onChange={(event) => onChange({ ...value, token: event.target.value })}
        />
      </Field>
    </>
  );
}

const NTFY_PRIORITY_LABELS: Record<(typeof NTFY_PRIORITIES)[number], string> = {
  1: '1 (min)',
  2: '2 (low)',
  3: '3 (default)',
  4: '4 (high)',
  5: '5 (max, urgent)',
};
