import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  CHANNEL_KINDS,
  CHANNEL_LABELS,
  type Channel,
  type ChannelKind,
  channelInputSchema,
} from '../../../../core/api/alerts';
import { FEATURE_IDS, lowestPlanWith } from '../../../../core/plans';
import { PaywallDialog } from '../../../billing/dialogs';
import { useCustomer } from '../../../billing/use-customer';
import { WriteFieldset } from '../../../components/role-lock';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, FormError, Input, Label, NativeSelect } from '../../../components/ui/input';
import { apiSend } from '../../../lib/api';
import { useHasFeature } from '../../../lib/use-plan';
import { alertKeys } from './alert-queries';
import {
  CHOICE_FIELDS,
  ChoiceFieldInput,
  configFor,
  TextFields,
  URL_HINTS,
  URL_INITIAL,
  URL_LABELS,
} from './channel-fields';
import { CHANNEL_ICONS } from './channel-icons';

const WEBHOOK_PLAN = lowestPlanWith('webhooks').displayName;

export function AddChannelCard({ accountEmail }: { accountEmail: string }) {
  const queryClient = useQueryClient();
  const webhooksAllowed = useHasFeature('webhooks');
  const { check, isLoading: billingLoading } = useCustomer();
  const [kind, setKind] = useState<ChannelKind>('email');
  const [name, setName] = useState('');
  const [target, setTarget] = useState(accountEmail);
  const [secret, setSecret] = useState('');
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [choice, setChoice] = useState<string | number>('');
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
    setTarget(next === 'email' ? accountEmail : (URL_INITIAL[next] ?? ''));
    setTexts({});
    setChoice(CHOICE_FIELDS[next]?.initial ?? '');
    setInvalid(null);
  };

  const KindIcon = CHANNEL_ICONS[kind];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const config = configFor(kind, target, texts, choice);
    if (kind === 'webhook' && secret.trim()) config.secret = secret.trim();
    const parsed = channelInputSchema.safeParse({ kind, name, config });
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
          Email, chat (Slack, Discord, Microsoft Teams, Google Chat, Mattermost, Rocket.Chat, Telegram,
          Matrix), push (ntfy, Gotify, Pushover), on-call (PagerDuty, Opsgenie), a text or a call (Twilio), or
          a signed webhook to your own endpoint.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <WriteFieldset>
          <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
            <Field>
              <Label htmlFor="channel-kind">Kind</Label>
              <div className="flex items-center gap-2">
                <KindIcon className="size-5 shrink-0 text-muted" aria-hidden />
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
              </div>
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
            ) : null}
            {kind === 'email' || URL_HINTS[kind] ? (
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
            ) : null}
            <TextFields kind={kind} values={texts} onChange={setTexts} />
            <ChoiceFieldInput kind={kind} value={choice} onChange={setChoice} />
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
        </WriteFieldset>
      </CardContent>
    </Card>
  );
}
