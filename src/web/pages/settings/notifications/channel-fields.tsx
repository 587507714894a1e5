// What each channel kind asks for beyond a name, in the provider's own words: a URL for most,
// and the tokens, ids and keys the rest need. The form builds its config from these.
import { type ChannelKind, NTFY_PRIORITIES } from '../../../../core/api/alerts';
import { Field, Input, Label, NativeSelect } from '../../../components/ui/input';

/** Kinds that post to a URL the user pastes, with an example of it. */
export const URL_HINTS: Partial<Record<ChannelKind, string>> = {
  slack: 'https://hooks.slack.com/services/…',
  discord: 'https://discord.com/api/webhooks/…',
  msteams: 'https://….logic.azure.com/workflows/…',
  googlechat: 'https://chat.googleapis.com/v1/spaces/…/messages?key=…',
  mattermost: 'https://mattermost.example.com/hooks/…',
  rocketchat: 'https://chat.example.com/hooks/…',
  ntfy: 'https://ntfy.sh',
  gotify: 'https://gotify.example.com',
  webhook: 'https://example.com/upwatch-hook',
};

export const URL_LABELS: Partial<Record<ChannelKind, string>> = {
  msteams: 'Workflow URL (“When a Teams webhook request is received”)',
  googlechat: 'Webhook URL (Apps & integrations → Webhooks)',
  ntfy: 'Server URL',
  gotify: 'Server URL',
};

interface TextField {
  key: string;
  label: string;
  placeholder: string;
  optional?: boolean;
}

/** The config fields typed as text, by kind (a webhook's signing secret stays with the form). */
export const TEXT_FIELDS: Partial<Record<ChannelKind, TextField[]>> = {
  ntfy: [
    { key: 'topic', label: 'Topic', placeholder: 'upwatch-alerts' },
    {
      key: 'token',
      label: 'Access token (optional)',
      placeholder: 'tk_… for a protected topic',
      optional: true,
    },
  ],
  gotify: [{ key: 'token', label: 'Application token', placeholder: 'From Apps → Create application' }],
  telegram: [
    { key: 'botToken', label: 'Bot token (from @BotFather)', placeholder: '123456789:AA…' },
    { key: 'chatId', label: 'Chat id', placeholder: '-1001234567890 or @yourchannel' },
  ],
  pagerduty: [{ key: 'routingKey', label: 'Integration key (Events API v2)', placeholder: '32 characters' }],
  opsgenie: [
    { key: 'apiKey', label: 'API integration key', placeholder: 'From Settings → Integrations → API' },
  ],
};

/** The config the form's values make for `kind`, for the shared schema to check. */
export function configFor(
  kind: ChannelKind,
  target: string,
  texts: Record<string, string>,
  priority: number,
) {
  if (kind === 'email') return { address: target.trim() };
  const config: Record<string, unknown> = URL_HINTS[kind] ? { url: target.trim() } : {};
  for (const field of TEXT_FIELDS[kind] ?? []) {
    const value = (texts[field.key] ?? '').trim();
    if (value || !field.optional) config[field.key] = value;
  }
  if (kind === 'ntfy') config.priority = priority;
  return config;
}

export function TextFields({
  kind,
  values,
  onChange,
}: {
  kind: ChannelKind;
  values: Record<string, string>;
  onChange(next: Record<string, string>): void;
}) {
  return (TEXT_FIELDS[kind] ?? []).map((field) => (
    <Field key={field.key}>
      <Label htmlFor={`channel-${field.key}`}>{field.label}</Label>
      <Input
        id={`channel-${field.key}`}
        value={values[field.key] ?? ''}
        placeholder={field.placeholder}
        onChange={(event) => onChange({ ...values, [field.key]: event.target.value })}
      />
    </Field>
  ));
}

const NTFY_PRIORITY_LABELS: Record<(typeof NTFY_PRIORITIES)[number], string> = {
  1: '1 (min)',
  2: '2 (low)',
  3: '3 (default)',
  4: '4 (high)',
  5: '5 (max, urgent)',
};

export function NtfyPriorityField({ value, onChange }: { value: number; onChange(next: number): void }) {
  return (
    <Field>
      <Label htmlFor="ntfy-priority">Priority of down alerts</Label>
      <NativeSelect
        id="ntfy-priority"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {NTFY_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {NTFY_PRIORITY_LABELS[priority]}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}
