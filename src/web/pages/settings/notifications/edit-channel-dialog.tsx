// Edit a channel: its name and config, prefilled from the settings the list gives (never a
// secret). A stored secret's field stays empty, and left blank it is not sent, so the server
// keeps the value it has.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  CHANNEL_CONFIG_SCHEMAS,
  CHANNEL_LABELS,
  CHANNEL_SECRET_FIELDS,
  type ChannelDetail,
  type ChannelKind,
  channelUpdateSchema,
} from '../../../../core/api/alerts';
import { WriteButton, WriteFieldset } from '../../../components/role-lock';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Field, FormError, Input, Label } from '../../../components/ui/input';
import { apiSend } from '../../../lib/api';
import { alertKeys } from './alert-queries';
import {
  CHOICE_FIELDS,
  ChoiceFieldInput,
  configFor,
  KeepSecretHint,
  TEXT_FIELDS,
  TextFields,
  URL_HINTS,
  URL_LABELS,
} from './channel-fields';

const ID = 'edit-channel';

/** The kind's config schema with its secrets optional: one left out is kept by the server. */
function editConfigSchema(kind: ChannelKind) {
  const schema = CHANNEL_CONFIG_SCHEMAS[kind] as unknown as z.ZodObject;
  const optional = CHANNEL_SECRET_FIELDS[kind].map((field) => [field, schema.shape[field].optional()]);
  return schema.extend(Object.fromEntries(optional));
}

function EditChannelForm({ channel, onSaved }: { channel: ChannelDetail; onSaved(): void }) {
  const queryClient = useQueryClient();
  const { kind, settings } = channel;
  const secrets: readonly string[] = CHANNEL_SECRET_FIELDS[kind];
  const kept = secrets.filter((field) => channel.secretsSet.includes(field));
  const shown = (field: string) => (secrets.includes(field) ? '' : String(settings[field] ?? ''));
  const [name, setName] = useState(channel.name);
  const [target, setTarget] = useState(shown(kind === 'email' ? 'address' : 'url'));
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries((TEXT_FIELDS[kind] ?? []).map((field) => [field.key, shown(field.key)])),
  );
  const choiceField = CHOICE_FIELDS[kind];
  const [choice, setChoice] = useState<string | number>(
    choiceField ? (settings[choiceField.key] ?? choiceField.initial) : '',
  );
  const [secret, setSecret] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  const update = useMutation({
    mutationFn: (body: { name: string; config: Record<string, unknown> }) =>
      apiSend<ChannelDetail>('PATCH', `/api/v1/alert-channels/${encodeURIComponent(channel.id)}`, body),
    onSuccess: async (saved) => {
      toast.success(`${CHANNEL_LABELS[saved.kind]} channel “${saved.name}” saved.`);
      await queryClient.invalidateQueries({ queryKey: alertKeys.channels });
      onSaved();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const config: Record<string, unknown> = configFor(kind, target, texts, choice);
    if (kind === 'webhook') config.secret = secret.trim();
    for (const field of secrets) if (config[field] === '') delete config[field];
    const parsedName = channelUpdateSchema.shape.name.safeParse(name);
    const parsedConfig = editConfigSchema(kind).safeParse(config);
    const issue = parsedName.error?.issues[0] ?? parsedConfig.error?.issues[0];
    if (!parsedName.success || !parsedConfig.success) {
      setInvalid(issue?.message ?? 'Check the form.');
      return;
    }
    setInvalid(null);
    update.mutate({ name: parsedName.data ?? name, config: parsedConfig.data });
  };

  const targetKept = kept.includes('url');
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <Field>
        <Label htmlFor={`${ID}-name`}>Name</Label>
        <Input id={`${ID}-name`} value={name} onChange={(event) => setName(event.target.value)} />
      </Field>
      {kind === 'email' || URL_HINTS[kind] ? (
        <Field>
          <Label htmlFor={`${ID}-target`}>
            {kind === 'email' ? 'Email address' : (URL_LABELS[kind] ?? 'Webhook URL')}
          </Label>
          <Input
            id={`${ID}-target`}
            type={kind === 'email' ? 'email' : 'url'}
            value={target}
            placeholder={kind === 'email' ? 'oncall@example.com' : URL_HINTS[kind]}
            aria-describedby={targetKept ? `${ID}-target-hint` : undefined}
            onChange={(event) => setTarget(event.target.value)}
          />
          {targetKept ? <KeepSecretHint id={`${ID}-target-hint`} /> : null}
        </Field>
      ) : null}
      <TextFields kind={kind} values={texts} onChange={setTexts} idPrefix={ID} keptSecrets={kept} />
      <ChoiceFieldInput kind={kind} value={choice} onChange={setChoice} idPrefix={ID} />
      {kind === 'webhook' ? (
        <Field>
          <Label htmlFor={`${ID}-secret`}>Signing secret</Label>
          <Input
            id={`${ID}-secret`}
            value={secret}
            aria-describedby={`${ID}-secret-hint`}
            onChange={(event) => setSecret(event.target.value)}
          />
          <KeepSecretHint id={`${ID}-secret-hint`} />
        </Field>
      ) : null}
      <FormError>{invalid ?? update.error?.message}</FormError>
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** The row's Edit button (disabled for a viewer) and the dialog it opens. */
export function EditChannelDialog({ channel }: { channel: ChannelDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <WriteButton
        size="sm"
        variant="ghost"
        onClick={() => setOpen(true)}
        aria-label={`Edit ${channel.name}`}
      >
        <Pencil className="size-4" aria-hidden />
      </WriteButton>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={`Edit ${channel.name}`}
          description={`${CHANNEL_LABELS[channel.kind]} · ${channel.target}`}
        >
          <WriteFieldset>
            <EditChannelForm channel={channel} onSaved={() => setOpen(false)} />
          </WriteFieldset>
        </DialogContent>
      </Dialog>
    </>
  );
}
