import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  type DeploymentWebhook,
  deploymentWebhookSecretInputSchema,
  type WebhookProvider,
} from '../../../../core/api/deployments';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError, Input, Label } from '../../../components/ui/input';
import { apiSend } from '../../../lib/api';
import { deploymentKeys } from '../../../lib/deployments';
import { WEBHOOK_NAMES } from './webhook-steps';

type Secret = { webhook: DeploymentWebhook; secret: string | null };
type Confirming = 'rotate' | 'remove' | null;

const path = (provider: WebhookProvider) => `/api/v1/deployment-webhooks/${provider}`;

function useWebhookWrites(provider: WebhookProvider, onSecret: (secret: string) => void) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: deploymentKeys.webhooks });
  const save = useMutation({
    mutationFn: (body: { secret?: string }) => apiSend<Secret>('PUT', path(provider), body),
    onSuccess: async (answer) => {
      if (answer.secret) onSecret(answer.secret);
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: () => apiSend('DELETE', path(provider)), onSuccess: refresh });
  return { save, remove };
}

/** Vercel makes the secret: the user pastes it here. */
function PastedSecretForm({ onSave, pending }: { onSave(secret: string): void; pending: boolean }) {
  const [secret, setSecret] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = deploymentWebhookSecretInputSchema.safeParse({ secret });
    if (!parsed.success || !parsed.data.secret) return setInvalid('Paste the whole secret.');
    setInvalid(null);
    setSecret('');
    onSave(parsed.data.secret);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <Label htmlFor="vercel-secret">Secret from Vercel</Label>
      <div className="flex gap-2">
        <Input
          id="vercel-secret"
          type="password"
          autoComplete="off"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
        />
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save secret'}
        </Button>
      </div>
      {invalid ? <p className="text-sm text-danger">{invalid}</p> : null}
    </form>
  );
}

function ConfirmChange({
  provider,
  confirming,
  onConfirm,
  onClose,
}: {
  provider: WebhookProvider;
  confirming: Confirming;
  onConfirm(): void;
  onClose(): void;
}) {
  if (!confirming) return null;
  const name = WEBHOOK_NAMES[provider];
  const rotate = confirming === 'rotate';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={rotate ? `Rotate the ${name} secret?` : `Remove the ${name} webhook?`}
      description={
        rotate
          ? `The current secret stops working at once: paste the new one at ${name}.`
          : `Deliveries from ${name} will be refused until you set it up again.`
      }
      confirmLabel={rotate ? 'Rotate secret' : 'Remove webhook'}
      tone={rotate ? 'default' : 'destructive'}
      onConfirm={onConfirm}
    />
  );
}

/** Set up, rotate or remove one provider's receiver secret. */
export function WebhookActions({
  webhook,
  onSecret,
}: {
  webhook: DeploymentWebhook;
  onSecret(secret: string): void;
}) {
  const { provider, configured } = webhook;
  const { save, remove } = useWebhookWrites(provider, onSecret);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const name = WEBHOOK_NAMES[provider];
  const confirm = () => {
    if (confirming === 'rotate') save.mutate({});
    if (confirming === 'remove') remove.mutate();
    setConfirming(null);
  };
  return (
    <div className="flex flex-col gap-2">
      {provider === 'vercel' ? (
        <PastedSecretForm onSave={(secret) => save.mutate({ secret })} pending={save.isPending} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {provider !== 'vercel' && !configured ? (
          <Button size="sm" disabled={save.isPending} onClick={() => save.mutate({})}>
            {save.isPending ? 'Generating…' : `Set up ${name}`}
          </Button>
        ) : null}
        {provider !== 'vercel' && configured ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Rotate ${name} secret`}
            onClick={() => setConfirming('rotate')}
          >
            Rotate secret
          </Button>
        ) : null}
        {configured ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Remove ${name} webhook`}
            onClick={() => setConfirming('remove')}
          >
            Remove
          </Button>
        ) : null}
      </div>
      <FormError>{save.error?.message ?? remove.error?.message}</FormError>
      <ConfirmChange
        provider={provider}
        confirming={confirming}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
    </div>
  );
}
